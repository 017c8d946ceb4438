import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AppError } from '@lp/contracts';
import { SEARCH_SVC_ENV, type SearchSvcEnv } from '../../config/search-svc.env.js';
import { REGION_ALIASES } from '../lexicon/region-aliases.js';
import { Gazetteer } from './gazetteer.js';
import { PlacesRepository, versionStamp } from './places.repository.js';

export type ReloadOutcome = 'reloaded' | 'current';

/**
 * The place gazetteer in memory: loaded from geocode_pub.places at start-up, again when geocode
 * publishes a new version (after an admin_bounds refresh or a locality load), and in the
 * background until it has units when geocode had not built them yet at start-up.
 */
@Injectable()
export class PlacesService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Places');
  private current: Gazetteer | null = null;
  private loading: Promise<ReloadOutcome> | null = null;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly places: PlacesRepository,
    @Inject(SEARCH_SVC_ENV) private readonly env: SearchSvcEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.reloadIfChanged('start-up').catch((error: unknown) => this.logger.error(`place gazetteer not loaded at start-up: ${describe(error)}`));
    if (!this.ready()) this.retryUntilReady();
  }

  beforeApplicationShutdown(): void {
    clearTimeout(this.retry);
  }

  /** The gazetteer to interpret with; service_unavailable while geocode has published no places. */
  async gazetteer(): Promise<Gazetteer> {
    if (!this.ready()) await this.reloadIfChanged('request').catch((error: unknown) => this.logger.error(`place gazetteer not loaded: ${describe(error)}`));
    if (!this.current || !this.ready()) {
      throw new AppError('service_unavailable', 'The place gazetteer is not loaded yet (geocode-svc publishes it in geocode_pub.places); try again in a few seconds.');
    }
    return this.current;
  }

  /** The admin_bounds version the published places reflect (null before geocode built them). */
  async publishedAdminBoundsVersion(): Promise<number | null> {
    return (await this.places.version()).admin_bounds_version;
  }

  /** Loads the published places unless the gazetteer already holds that version. One load at a time. */
  reloadIfChanged(reason: string): Promise<ReloadOutcome> {
    this.loading ??= this.load(reason).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(reason: string): Promise<ReloadOutcome> {
    const version = await this.places.version();
    const stamp = versionStamp(version);
    if (this.current?.version === stamp) return 'current';
    const started = performance.now();
    const rows = await this.places.places();
    const gazetteer = new Gazetteer(rows, REGION_ALIASES, stamp);
    this.current = gazetteer;
    this.logger.log(
      `place gazetteer loaded (${reason}): ${gazetteer.units.size} units, ${gazetteer.localityCount} localities, admin_bounds v${version.admin_bounds_version ?? 0}, in ${Math.round(performance.now() - started)} ms`,
    );
    return 'reloaded';
  }

  private ready(): boolean {
    return (this.current?.units.size ?? 0) > 0;
  }

  private retryUntilReady(): void {
    this.retry = setTimeout(() => {
      void this.reloadIfChanged('retry')
        .catch((error: unknown) => this.logger.warn(`place gazetteer still not loaded: ${describe(error)}`))
        .finally(() => {
          if (!this.ready()) this.retryUntilReady();
        });
    }, this.env.EVENT_RETRY_SECONDS * 1000);
    this.retry.unref();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
