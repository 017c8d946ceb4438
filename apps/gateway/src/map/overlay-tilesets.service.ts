import { Injectable } from '@nestjs/common';
import { LayerSubjects, LayerTilesetRequest, type TileJsonView } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { ServiceCaller } from '../rpc/service-caller.js';
import { styleOverlays } from './map-style.js';

/**
 * How long the overlays' TileJSON is reused for the style. The style is on the path of every page
 * load (sign-in and a map_url's first view wait for it), and asking layer-svc for a dozen TileJSONs
 * each time put their round trips there too. A refreshed layer's new bounds reach the style within
 * this time; its tiles carry their own ETag, so no stale tile is served.
 */
const TILESET_TTL_MS = 60_000;

/** The TileJSON of every overlay the style draws, to write its tile URLs, zooms and bounds into the style. */
@Injectable()
export class OverlayTilesetsService {
  private cached: { at: number; tilesets: Promise<ReadonlyMap<string, TileJsonView>> } | null = null;

  constructor(private readonly services: ServiceCaller) {}

  tilesets(request: FastifyRequest): Promise<ReadonlyMap<string, TileJsonView>> {
    if (this.cached && Date.now() - this.cached.at < TILESET_TTL_MS) return this.cached.tilesets;
    const tilesets = this.load(request);
    const entry = { at: Date.now(), tilesets };
    this.cached = entry;
    // An answer with gaps is not kept: the next style asks again.
    void tilesets.then((found) => {
      if (found.size < styleOverlays().length && this.cached === entry) this.cached = null;
    });
    return tilesets;
  }

  private async load(request: FastifyRequest): Promise<ReadonlyMap<string, TileJsonView>> {
    const entries = await Promise.all(
      styleOverlays().map((layer) =>
        this.services
          .call(request, LayerSubjects.tileset, validateMessage(LayerTilesetRequest, { layer_id: layer.id }))
          .then((tileset) => [layer.id, tileset] as const)
          // One TileJSON that cannot be read now leaves that overlay pointing at it, not the whole map failing.
          .catch(() => null),
      ),
    );
    return new Map(entries.filter((entry) => entry !== null));
  }
}
