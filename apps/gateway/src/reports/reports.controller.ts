import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  AppError,
  CreateReportLinkBody,
  ErrorEnvelopeView,
  GetReportFileRequest,
  PARCEL_ID_EXAMPLE,
  ParcelReportRequest,
  ParcelReportView,
  ParcelSubjects,
  REPORT_LANGUAGES,
  REPORT_TOKEN_PATTERN,
  ReportLinkView,
  type ReportPdfView,
} from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { acceptsPreferred } from '../http/accept.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { linkOwner } from './link-owner.js';

export const PDF = 'application/pdf';
const NO_SUCH_REPORT = 'No report has this link, or the link has expired; ask for a new link.';

const REPORT_QUERY_NOTE = `scenario adds the scenario_fit section (GET /v1/scenarios lists the ids); language is ${REPORT_LANGUAGES.join(' or ')}, default en.`;

/** HTTP face of the due-diligence report: JSON or PDF, and shareable links to the PDF. */
@ApiTags('Parcels')
@Controller('v1')
export class ReportsController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('parcels/:parcel_id/report')
  @RequireScope('parcels:read')
  @RateLimitClass('reports')
  @ApiOperation({
    summary: 'Due-diligence report of a parcel, as JSON or (Accept: application/pdf) as a printable PDF',
    description:
      'Summary in words, zoning, constraints, terrain, nearest infrastructure, market comparables, optional scenario fit, coverage gaps and the layer versions used ' +
      `(provenance.data_version). ${REPORT_QUERY_NOTE} Send Accept: application/pdf for the PDF: a map drawn from our own data, the facts in tables, sources and page numbers.`,
    operationId: 'getParcelReport',
  })
  @ApiParam({ name: 'parcel_id', description: `EGiB parcel id; URL-encode '/'`, example: PARCEL_ID_EXAMPLE })
  @ApiQuery({ name: 'scenario', type: String, required: false, description: 'Scenario id, e.g. solar_farm_site' })
  @ApiQuery({ name: 'language', enum: REPORT_LANGUAGES, required: false, description: 'Language of the summary and the PDF, default en' })
  @ApiExtraModels(ParcelReportView)
  @ApiProduces('application/json', PDF)
  @ApiResponse({
    status: 200,
    description: 'The report: JSON by default, a PDF when Accept prefers application/pdf',
    content: { 'application/json': { schema: { $ref: getSchemaPath(ParcelReportView) } }, [PDF]: { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiV1Route('parcels:read', [400, 404])
  async report(
    @Param('parcel_id') parcelId: string,
    @Query('scenario') scenario: unknown,
    @Query('language') language: unknown,
    @Headers('accept') accept: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const message = validateMessage(ParcelReportRequest, { parcel_id: parcelId, ...defined({ scenario, language }) });
    if (acceptsPreferred(accept, PDF)) {
      const pdf = await this.services.call(request, ParcelSubjects.reportPdf, message);
      return sendPdf(reply, pdf, 'inline');
    }
    const report = await this.services.call(request, ParcelSubjects.report, message);
    void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(report);
  }

  @Post('parcels/:parcel_id/report/link')
  @HttpCode(201)
  @RequireScope('reports:create')
  @RateLimitClass('reports')
  @ApiOperation({
    summary: 'Stores the report PDF and returns a shareable link that opens without an API key (an addition)',
    description: `The link (/v1/reports/{token}.pdf) holds an unguessable token and expires at expires_at; after that it answers 404. ${REPORT_QUERY_NOTE}`,
    operationId: 'createParcelReportLink',
  })
  @ApiParam({ name: 'parcel_id', description: `EGiB parcel id; URL-encode '/'`, example: PARCEL_ID_EXAMPLE })
  @ApiBody({ type: CreateReportLinkBody, required: false })
  @ApiCreatedResponse({ type: ReportLinkView })
  @ApiV1Route('reports:create', [400, 404])
  async createLink(@Param('parcel_id') parcelId: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<ReportLinkView> {
    const options = body ?? {};
    if (typeof options !== 'object' || Array.isArray(options)) throw AppError.invalid('The request body must be a JSON object with optional scenario and language.');
    const message = validateMessage(ParcelReportRequest, { ...options, parcel_id: parcelId });
    const link = await this.services.call(request, ParcelSubjects.reportLinkCreate, { ...message, owner: linkOwner(request) });
    const base = publicBaseUrl(this.env, request);
    return { url: `${base}${link.path}`, expires_at: link.expires_at };
  }

  @Get('reports/:token.pdf')
  @Public()
  @RateLimitClass('public')
  @ApiOperation({
    summary: 'A shared report PDF; needs no API key (an addition)',
    description: 'The token comes from POST /v1/parcels/{parcel_id}/report/link. An unknown or expired token answers 404.',
    operationId: 'getSharedReport',
  })
  @ApiParam({ name: 'token', description: 'Link token (43 characters)' })
  @ApiResponse({ status: 200, description: 'The PDF', content: { [PDF]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 404, description: 'not_found: no report has this link, or it has expired', type: ErrorEnvelopeView })
  @ApiResponse({ status: 429, description: 'rate_limited: too many requests from this address (RATE_LIMIT_PUBLIC_PER_MINUTE)', type: ErrorEnvelopeView })
  @ApiResponse({ status: 503, description: 'service_unavailable', type: ErrorEnvelopeView })
  async sharedReport(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // A token that cannot be one is as unknown as any other: 404, not a hint about the format.
    if (!REPORT_TOKEN_PATTERN.test(token)) throw AppError.notFound(NO_SUCH_REPORT);
    const message = validateMessage(GetReportFileRequest, { token });
    const pdf = await this.services.call(request, ParcelSubjects.reportFile, message);
    void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    sendPdf(reply, pdf, 'inline');
  }
}

export function sendPdf(reply: FastifyReply, pdf: ReportPdfView, disposition: 'inline' | 'attachment'): void {
  void reply
    .status(200)
    .header('content-type', PDF)
    .header('content-disposition', `${disposition}; filename="${pdf.filename.replace(/[^\w.-]/g, '_')}"`)
    .send(Buffer.from(pdf.content_base64, 'base64'));
}

/** Query values that were sent; absent ones stay out of the message. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}
