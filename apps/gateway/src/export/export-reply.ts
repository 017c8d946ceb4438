import { applyDecorators } from '@nestjs/common';
import { ApiQuery, ApiResponse } from '@nestjs/swagger';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_FORMATS, EXPORT_FORMAT_IDS, exportCrs, exportFormat, type ExportFormat } from './export-formats.js';
import type { ExportTarget, ReadyExport } from './export.service.js';
import { zipStream } from './zip-stream.js';

/**
 * The format and CRS of an export, checked before any work, and a signal that fires when the
 * client goes away before the answer is complete (ogr2ogr is then killed and the files removed).
 */
export function exportTarget(format: unknown, crs: unknown, reply: FastifyReply): ExportTarget {
  const target = { format: exportFormat(format), crs: exportCrs(crs) };
  const abort = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return { ...target, signal: abort.signal };
}

/** Streams the finished export from disk; the temporary folder goes once the stream closes, sent or abandoned. */
export function sendExport(request: FastifyRequest, reply: FastifyReply, ready: ReadyExport): void {
  let body: Readable;
  try {
    body = ready.pack.kind === 'file' ? createReadStream(ready.pack.path) : zipStream(ready.pack.members);
  } catch (error) {
    void ready.release();
    throw error;
  }
  body.once('close', () => void ready.release());
  reply.raw.once('close', () => {
    if (!body.destroyed) body.destroy();
  });
  request.log.info({ export: ready.fileName, bytes: ready.pack.bytes }, 'export sent');
  void reply
    .status(200)
    .header('content-type', ready.format.mediaType)
    .header('content-length', String(ready.pack.bytes))
    .header('content-disposition', `attachment; filename="${ready.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

export const EXPORT_FORMATS_TEXT =
  'format: gpkg (GeoPackage: the features, table coverage and table export_info), geojson (RFC 7946 FeatureCollection with the ' +
  'foreign members coverage and export_info), csv (a zip: <name>.csv with the geometry as WKT, .csvt, .prj, coverage.csv, export_info.csv) ' +
  'or fgb (a zip: <name>.fgb FlatGeobuf, coverage.csv, export_info.csv). GDAL opens a zip member directly: ogrinfo /vsizip/export.zip/coverage.csv. ' +
  'crs: EPSG:4326 (default) or EPSG:2180 (PUWG 1992). Written by GDAL ogr2ogr and sent once complete (Content-Length set); ' +
  'an unknown format answers 400 listing the formats.';

/** The GeoJSON export: a FeatureCollection whose foreign members carry the coverage. */
const GEOJSON_EXPORT_SCHEMA = {
  type: 'object',
  required: ['type', 'features', 'coverage', 'export_info'],
  properties: {
    type: { type: 'string', enum: ['FeatureCollection'] },
    name: { type: 'string' },
    description: { type: 'string', description: 'One line: what the export holds and what was not fully checked' },
    features: { type: 'array', items: { type: 'object' } },
    coverage: {
      type: 'array',
      description: 'What could not be checked, per criterion and layer',
      items: {
        type: 'object',
        required: ['criterion', 'layer', 'mode', 'status', 'note'],
        properties: {
          criterion: { type: 'string' },
          layer: { type: 'string', description: 'The layer behind the criterion, where it names one' },
          mode: { type: 'string' },
          status: { type: 'string', enum: ['available', 'partial', 'missing'] },
          note: { type: 'string' },
        },
      },
    },
    export_info: { type: 'object', additionalProperties: { type: 'string' }, description: 'The request, matched and exported counts, blocked, layer version' },
  },
};

/** format and crs query parameters, and the binary answers of every format. */
export function ApiExportFormats(): MethodDecorator {
  const media = [...new Set(EXPORT_FORMATS.map((format: ExportFormat) => format.mediaType))];
  return applyDecorators(
    ApiQuery({ name: 'format', required: true, description: 'gpkg, geojson, csv (zip) or fgb (zip)', schema: { type: 'string', enum: EXPORT_FORMAT_IDS } }),
    ApiQuery({ name: 'crs', required: false, description: 'Output CRS, default EPSG:4326', schema: { type: 'string', enum: ['EPSG:4326', 'EPSG:2180'], default: 'EPSG:4326' } }),
    ApiResponse({
      status: 200,
      description: 'The export as an attachment (Content-Disposition names the file)',
      content: Object.fromEntries(media.map((type) => [type, { schema: type === 'application/geo+json' ? GEOJSON_EXPORT_SCHEMA : { type: 'string', format: 'binary' } }])),
    }),
  );
}
