import { Body, Controller, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOperation, ApiProduces, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ParcelSubjects, ReportLinkView, SITE_REPORT_PARCELS_MAX, SiteReportRequest, SiteReportView } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { acceptsPreferred } from '../http/accept.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { linkOwner } from './link-owner.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { PDF, sendPdf } from './reports.controller.js';

const DESCRIPTION =
  'An addition to the spec. The due-diligence report on a site of several neighbouring parcels (an assembled site of POST /v1/search/assemblies): ' +
  `parcel_ids (2 to ${SITE_REPORT_PARCELS_MAX} EGiB ids) must all exist (404 names the unknown ones) and form one site, each member within max_gap_m ` +
  '(0 to 50, default 5) of another (400 names those apart). The answer holds each member\'s own report (as GET /v1/parcels/{id}/report), the constraints ' +
  'of the whole site (each area once, its share of the site, the members it lies on), every layer without full data with the members it could not be checked for, ' +
  'and a summary. Send Accept: application/pdf for the PDF.';

/** HTTP face of the site report: JSON or PDF, and a shareable link to the PDF. */
@ApiTags('Parcels')
@Controller('v1/sites')
export class SiteReportsController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Post('report')
  @HttpCode(200)
  @RequireScope('parcels:read')
  @RateLimitClass('reports')
  @ApiOperation({ summary: 'Due-diligence report on an assembled site, as JSON or (Accept: application/pdf) as a PDF', description: DESCRIPTION, operationId: 'getSiteReport' })
  @ApiBody({ type: SiteReportRequest })
  @ApiExtraModels(SiteReportView)
  @ApiProduces('application/json', PDF)
  @ApiResponse({
    status: 200,
    description: 'The report: JSON by default, a PDF when Accept prefers application/pdf',
    content: { 'application/json': { schema: { $ref: getSchemaPath(SiteReportView) } }, [PDF]: { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiV1Route('parcels:read', [400, 404])
  async report(@Body() body: unknown, @Headers('accept') accept: string | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const message = validateMessage(SiteReportRequest, body ?? {});
    if (acceptsPreferred(accept, PDF)) {
      const pdf = await this.services.call(request, ParcelSubjects.siteReportPdf, message);
      return sendPdf(reply, pdf, 'inline');
    }
    const report = await this.services.call(request, ParcelSubjects.siteReport, message);
    void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(report);
  }

  @Post('report/link')
  @HttpCode(201)
  @RequireScope('reports:create')
  @RateLimitClass('reports')
  @ApiOperation({
    summary: 'Stores the site report PDF and returns a shareable link that opens without an API key (an addition)',
    description: 'The body as for POST /v1/sites/report. The link (/v1/reports/{token}.pdf) expires at expires_at.',
    operationId: 'createSiteReportLink',
  })
  @ApiBody({ type: SiteReportRequest })
  @ApiCreatedResponse({ type: ReportLinkView })
  @ApiV1Route('reports:create', [400, 404])
  async createLink(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ReportLinkView> {
    const message = validateMessage(SiteReportRequest, body ?? {});
    const link = await this.services.call(request, ParcelSubjects.siteReportLinkCreate, { ...message, owner: linkOwner(request) });
    return { url: `${publicBaseUrl(this.env, request)}${link.path}`, expires_at: link.expires_at };
  }
}
