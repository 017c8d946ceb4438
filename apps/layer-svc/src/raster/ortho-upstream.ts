import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppError } from '@lp/contracts';
import { LAYER_SVC_ENV, type LayerSvcEnv } from '../config/layer-svc.env.js';

/** What the service knows of its ortho upstream, from the last GetCapabilities. */
export interface UpstreamState {
  reachable: boolean;
  /** Why not, in words for the catalogue; null while reachable. */
  reason: string | null;
  checkedAt: Date | null;
}

/**
 * The WMS that `ortho` is proxied from (ORTHO_WMS_URL, GUGiK by default). Checked at start and
 * every ORTHO_WMS_CHECK_SECONDS, so the catalogue says whether the layer can be served here
 * instead of advertising a layer whose every tile fails (this machine, for one, has no internet).
 */
@Injectable()
export class OrthoUpstream implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger(OrthoUpstream.name);
  private state: UpstreamState = { reachable: false, reason: 'not checked yet', checkedAt: null };
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(LAYER_SVC_ENV) private readonly env: LayerSvcEnv) {}

  onModuleInit(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.env.ORTHO_WMS_CHECK_SECONDS * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get url(): string {
    return this.env.ORTHO_WMS_URL;
  }

  current(): UpstreamState {
    return this.state;
  }

  /** The catalogue's words when the layer cannot be served; undefined when it can. */
  unavailable(): string | undefined {
    if (this.state.reachable) return undefined;
    if (this.url === '') return 'ortho is a proxy of a WMS and no upstream is configured on this server (ORTHO_WMS_URL is empty)';
    const when = this.state.checkedAt ? ` (checked ${this.state.checkedAt.toISOString()})` : '';
    return `ortho is proxied from ${this.url}, which this server cannot reach${when}: ${this.state.reason}. No ortho tile can be served until it can.`;
  }

  async check(): Promise<void> {
    if (this.url === '') {
      this.state = { reachable: false, reason: 'no upstream configured', checkedAt: new Date() };
      return;
    }
    try {
      const res = await fetch(`${this.url}?SERVICE=WMS&REQUEST=GetCapabilities`, { signal: AbortSignal.timeout(this.env.RASTER_STEP_TIMEOUT_MS) });
      await res.body?.cancel();
      this.state = res.ok ? { reachable: true, reason: null, checkedAt: new Date() } : { reachable: false, reason: `it answered HTTP ${res.status}`, checkedAt: new Date() };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      this.state = { reachable: false, reason: cause?.code ?? cause?.message ?? (error as Error).message, checkedAt: new Date() };
    }
    if (!this.state.reachable) this.log.warn(this.unavailable());
  }

  /** One 256 px GetMap in EPSG:3857 (WMS 1.3.0: CRS and BBOX in the CRS's own axis order, x first for 3857). */
  async getMap(bounds: [number, number, number, number]): Promise<{ bytes: Buffer; contentType: string }> {
    const unavailable = this.unavailable();
    if (unavailable !== undefined) throw new AppError('service_unavailable', unavailable);
    const query = new URLSearchParams({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetMap',
      LAYERS: this.env.ORTHO_WMS_LAYERS,
      STYLES: '',
      CRS: 'EPSG:3857',
      BBOX: bounds.join(','),
      WIDTH: '256',
      HEIGHT: '256',
      FORMAT: 'image/jpeg',
    });
    let res: Response;
    try {
      res = await fetch(`${this.url}?${query.toString()}`, { signal: AbortSignal.timeout(this.env.RASTER_STEP_TIMEOUT_MS) });
    } catch (error) {
      void this.check();
      throw new AppError('upstream_timeout', `the ortho upstream ${this.url} did not answer: ${(error as Error).message}`);
    }
    const contentType = res.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await res.arrayBuffer());
    // A WMS reports errors as XML with status 200: never pass that on as an image.
    if (!res.ok || !contentType.startsWith('image/')) {
      throw new AppError('service_unavailable', `the ortho upstream ${this.url} answered HTTP ${res.status} ${contentType || 'without a type'} instead of an image`);
    }
    return { bytes, contentType };
  }
}
