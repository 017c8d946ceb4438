import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ADMIN_UNITS_MODEL_VERSION, buildAdminUnits } from './admin-unit-rows.js';
import { AdminUnitsRepository, type AdminUnitsBuild } from './admin-units.repository.js';

export type RefreshOutcome = 'rebuilt' | 'current';

/**
 * Keeps the admin-units read model in step with layer-svc's admin_bounds: built at start-up when
 * it is empty or stale, and again on every refresh event of admin_bounds.
 */
@Injectable()
export class AdminUnitsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminUnits');

  constructor(private readonly adminUnits: AdminUnitsRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    const last = await this.adminUnits.lastBuild();
    try {
      await this.refreshIfStale('start-up');
    } catch (error) {
      // With no model there is nothing to answer from; a stale one still answers until the next event.
      if (!last || last.unit_count === 0) throw error;
      this.logger.error(`admin units could not be rebuilt at start-up, serving the model of ${last.run_id ?? 'version 0'}: ${describe(error)}`);
    }
  }

  /** Rebuilds unless the model already reflects the served admin_bounds, built by today's rules. */
  async refreshIfStale(reason: string): Promise<RefreshOutcome> {
    const [last, served] = await Promise.all([this.adminUnits.lastBuild(), this.adminUnits.servedVersion()]);
    if (last && last.model_version === ADMIN_UNITS_MODEL_VERSION && last.run_id === served.run_id && last.version === served.version) return 'current';
    await this.rebuild(reason);
    return 'rebuilt';
  }

  async rebuild(reason: string): Promise<AdminUnitsBuild> {
    const started = performance.now();
    let skipped: string[] = [];
    const result = await this.adminUnits.replaceAll((bounds) => {
      const built = buildAdminUnits(bounds);
      skipped = built.skipped;
      return built.units;
    }, ADMIN_UNITS_MODEL_VERSION);
    if (skipped.length > 0) this.logger.warn(`${skipped.length} admin_bounds row(s) left out of the read model, e.g. ${skipped.slice(0, 5).join('; ')}`);
    const source = result.run_id ? `run ${result.run_id}` : 'the empty initial version';
    this.logger.log(`admin units rebuilt (${reason}): ${result.unit_count} units from admin_bounds v${result.version} (${source}) in ${Math.round(performance.now() - started)} ms`);
    return result;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
