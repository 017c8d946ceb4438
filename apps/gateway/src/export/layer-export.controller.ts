import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { GatewayEnv } from '../config/gateway.env.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ApiExportFormats, EXPORT_FORMATS_TEXT, exportTarget, sendExport } from './export-reply.js';
import { ExportService } from './export.service.js';

/** A layer's features inside a bbox as a file. */
@ApiTags('Exports')
@Controller('v1/layers')
export class LayerExportController {
  constructor(private readonly exports: ExportService) {}

  @Get(':layer_id/export')
  @RequireScope('layers:read')
  @ApiOperation({
    summary: "A layer's features in a bbox written as a GeoPackage, CSV, GeoJSON or FlatGeobuf file",
    description:
      'Every feature of the layer intersecting bbox (as GET /v1/layers/{layer_id}/features pages them, read from one layer version), ' +
      'with every typed attribute and provenance (JSON text). ' +
      `At most EXPORT_MAX_FEATURES features (${new GatewayEnv().EXPORT_MAX_FEATURES} by default) and EXPORT_MAX_BYTES (256 MiB by default): ` +
      'beyond them 413 payload_too_large says the limit and what to do (narrow the bbox, or page through GET /v1/ogc/collections/{layer_id}/items, which has no size limit). ' +
      'The coverage row says whether the layer is national or partial (where a partial layer has no feature, the data may be missing: unknown, not none); ' +
      'export_info holds the layer version, its refresh time and source. Layers served only as tiles or WMS answer 400. ' +
      EXPORT_FORMATS_TEXT,
    operationId: 'exportLayer',
  })
  @ApiParam({ name: 'layer_id', description: 'A layer whose served_via includes api', example: 'power_substations' })
  @ApiQuery({ name: 'bbox', type: String, required: true, description: 'minLng,minLat,maxLng,maxLat in WGS84, overlapping Poland', example: '16.85,52.37,16.97,52.44' })
  @ApiExportFormats()
  @ApiV1Route('layers:read', [400, 404, 409, 413])
  async layer(
    @Param('layer_id') layerId: string,
    @Query('bbox') bbox: unknown,
    @Query('format') format: unknown,
    @Query('crs') crs: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const target = exportTarget(format, crs, reply);
    sendExport(request, reply, await this.exports.layerBbox(request, layerId, bbox, target));
  }
}
