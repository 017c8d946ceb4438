import { applyDecorators } from '@nestjs/common';
import { ApiParam, ApiResponse } from '@nestjs/swagger';
import type { LayerTileReply } from '@lp/contracts';
import { TILE_MAX_ZOOM } from '@lp/geo';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const MVT = 'application/vnd.mapbox-vector-tile';
/**
 * Tiles of a version never change, and a refresh changes the ETag; five minutes bounds how long a
 * cache may show the previous version. `Vary: Authorization` keeps shared caches from handing a
 * tile to a caller without the same key.
 */
export const TILE_CACHE_CONTROL = 'public, max-age=300';

export const TILE_HEADERS = {
  ETag: { description: 'Layer version and tile address; send it back in If-None-Match', schema: { type: 'string' } },
  'Cache-Control': { description: TILE_CACHE_CONTROL, schema: { type: 'string' } },
};

/** The z/x/y path parameters of a tile route and its 200 (MVT), 204 and 304 answers. */
export function ApiTileRoute(emptyMeans: string): MethodDecorator {
  return applyDecorators(
    ApiParam({ name: 'z', description: `Zoom, 0 to ${TILE_MAX_ZOOM}`, schema: { type: 'integer', minimum: 0, maximum: TILE_MAX_ZOOM } }),
    ApiParam({ name: 'x', description: 'Column, 0 to 2^z-1', schema: { type: 'integer', minimum: 0 } }),
    ApiParam({ name: 'y', description: 'Row from the north, 0 to 2^z-1', schema: { type: 'integer', minimum: 0 } }),
    ApiResponse({ status: 200, description: 'The tile (Mapbox Vector Tile 2.1)', headers: TILE_HEADERS, content: { [MVT]: { schema: { type: 'string', format: 'binary' } } } }),
    ApiResponse({ status: 204, description: `Empty tile: ${emptyMeans}`, headers: TILE_HEADERS }),
    ApiResponse({ status: 304, description: 'Not modified: If-None-Match holds the current ETag', headers: TILE_HEADERS }),
  );
}

/** Writes a tile reply of layer-svc: 200 with the MVT, 204 when empty, 304 when the caller's tag matches. */
export function sendTile(reply: FastifyReply, tile: LayerTileReply): void {
  sendTileBytes(reply, tile, MVT, tile.mvt);
}

/** Any tile (vector or raster): ETag and caching, 304 on a matching tag, 204 when empty, else the bytes. */
export function sendTileBytes(reply: FastifyReply, tile: { status: string; etag: string }, contentType: string, bytes: Uint8Array | null): void {
  void reply.header('etag', tile.etag).header('cache-control', TILE_CACHE_CONTROL).header('vary', 'Authorization');
  if (tile.status === 'not_modified') return void reply.status(304).send();
  if (tile.status === 'empty' || bytes === null) return void reply.status(204).send();
  void reply.status(200).header('content-type', contentType).send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * The caller asks for the tile to be made afresh (`Cache-Control: no-cache`, or HTTP/1.0's
 * `Pragma: no-cache`, as a browser's hard reload sends): layer-svc then cuts it instead of taking
 * it from its memory of recent tiles. Rate limits apply as to any tile.
 */
export function noCacheRequested(request: FastifyRequest): boolean {
  const directives = `${request.headers['cache-control'] ?? ''},${request.headers['pragma'] ?? ''}`;
  return directives.split(',').some((directive) => directive.trim().toLowerCase() === 'no-cache');
}

/** If-None-Match as a list of tags; weak tags compare equal to strong ones for GET (RFC 9110). */
export function entityTags(header: string | undefined): string[] | undefined {
  if (!header) return undefined;
  const tags = header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter((tag) => tag.length > 0 && tag.length <= 200);
  return tags.slice(0, 20);
}
