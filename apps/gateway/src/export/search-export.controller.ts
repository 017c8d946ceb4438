import { Body, Controller, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NaturalLanguageSearchRequest, SEARCH_LIMIT_MAX, SearchParcelsRequest } from '@lp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ApiExportFormats, EXPORT_FORMATS_TEXT, exportTarget, sendExport } from './export-reply.js';
import { ExportService } from './export.service.js';

const SEARCH_EXPORT =
  `The body is the search's own. Without limit the export holds every match, at most ${SEARCH_LIMIT_MAX} parcels: a search matching more ` +
  `answers 413 payload_too_large saying how many it matched and what to do (narrow the search, or set limit to export the best-ranked only). ` +
  'Features: the results in rank order (rank, parcel_id, area_sqm, gmina, teryt, score, components as JSON text, unscreened). ' +
  'The coverage of the search travels inside: one row per criterion (criterion, layer, mode, status, note) and export_info ' +
  '(the request, matched, exported, blocked, unranked signals). A blocked search gives a file with no features whose coverage says why. ' +
  `${EXPORT_FORMATS_TEXT} Also 413 past EXPORT_MAX_BYTES (256 MiB by default); 503 while the server writes its maximum number of exports at once.`;

/** Search results as files (GeoPackage, CSV, GeoJSON, FlatGeobuf) with their coverage inside. */
@ApiTags('Exports')
@Controller('v1/search')
export class SearchExportController {
  constructor(private readonly exports: ExportService) {}

  @Post('parcels/export')
  @RequireScope('search:read')
  @RateLimitClass('search')
  @ApiOperation({ summary: 'A structured search written as a GeoPackage, CSV, GeoJSON or FlatGeobuf file', description: SEARCH_EXPORT, operationId: 'exportSearchParcels' })
  @ApiBody({ type: SearchParcelsRequest })
  @ApiExportFormats()
  @ApiV1Route('search:read', [400, 413])
  async structured(@Query('format') format: unknown, @Query('crs') crs: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const target = exportTarget(format, crs, reply);
    sendExport(request, reply, await this.exports.structuredSearch(request, body, target));
  }

  @Post('natural-language/export')
  @RequireScope('search:read')
  @RateLimitClass('search')
  @ApiOperation({
    summary: 'A natural-language search written as a GeoPackage, CSV, GeoJSON or FlatGeobuf file',
    description:
      `${SEARCH_EXPORT} The query's interpretation (criteria in words, words not understood, the structured request) is in export_info; ` +
      'each feature has why. A query for a site of several parcels exports the sites (layer search_sites: outline, parcel_ids, total_area_sqm, why).',
    operationId: 'exportSearchNaturalLanguage',
  })
  @ApiBody({ type: NaturalLanguageSearchRequest })
  @ApiExportFormats()
  @ApiV1Route('search:read', [400, 413, 422])
  async naturalLanguage(@Query('format') format: unknown, @Query('crs') crs: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const target = exportTarget(format, crs, reply);
    sendExport(request, reply, await this.exports.naturalLanguageSearch(request, body, target));
  }
}
