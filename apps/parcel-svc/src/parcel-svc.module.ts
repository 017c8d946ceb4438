import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, LagTolerantReads } from '@lp/db';
import { createStatusController, servedSwitchListener } from '@lp/messaging';
import { currentDeadlineMs, currentSignal } from '@lp/runtime';
import { PARCEL_SVC_ENV, type ParcelSvcEnv } from './config/parcel-svc.env.js';
import { PARCEL_SCHEMA } from './db/migrations/index.js';
import { LayerEventsConsumer } from './events/layer-events.consumer.js';
import { FactsBuilder } from './facts/facts-builder.service.js';
import { FactsRepository } from './facts/facts.repository.js';
import { FactsService } from './facts/facts.service.js';
import { CompareHandler } from './compare/compare.handler.js';
import { CompareService } from './compare/compare.service.js';
import { MarketSummaryClient } from './market/market-summary.client.js';
import { ParcelHandler } from './parcel/parcel.handler.js';
import { ParcelResolver } from './parcel/parcel-resolver.service.js';
import { FIND_FEATURE_SQL, ParcelRepository } from './parcel/parcel.repository.js';
import { ParcelService } from './parcel/parcel.service.js';
import { ReportLinksRepository } from './report/link/report-links.repository.js';
import { ReportLinksService } from './report/link/report-links.service.js';
import { ReportMapRepository } from './report/map/report-map.repository.js';
import { ReportPdfRenderer } from './report/pdf/report-pdf.renderer.js';
import { ReportHandler } from './report/report.handler.js';
import { ReportService } from './report/report.service.js';
import { SiteReportPdfRenderer } from './report/pdf/site-report-pdf.renderer.js';
import { SiteMembersRepository } from './report/site/site-members.repository.js';
import { SiteReportService } from './report/site/site-report.service.js';
import { SourceNotesRepository } from './report/data-notice.js';
import { OutboundRpc } from './rpc/outbound-rpc.js';
import { ScenarioFitClient } from './rpc/scenario-fit.client.js';

@Module({})
export class ParcelSvcModule {
  static register(env: ParcelSvcEnv): DynamicModule {
    return {
      module: ParcelSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          // Parcel lookups (ParcelRepository) read here; facts, reports and links stay on the primary.
          readUrl: env.DATABASE_READ_URL,
          schema: PARCEL_SCHEMA,
          applicationName: 'parcel-svc',
          poolSize: env.DB_POOL_SIZE,
          deadline: currentDeadlineMs,
          signal: currentSignal,
          // GET /v1/parcels/{id}: planning the lookup cost more than running it.
          preparedStatements: [FIND_FEATURE_SQL],
        })),
      ],
      controllers: [createStatusController('parcel', 'parcel-svc'), ParcelHandler, ReportHandler, CompareHandler],
      providers: [
        { provide: PARCEL_SVC_ENV, useValue: env },
        servedSwitchListener(env.NATS_URL, LagTolerantReads, Boolean(env.DATABASE_READ_URL)),
        ParcelService,
        ParcelRepository,
        ParcelResolver,
        FactsRepository,
        FactsService,
        FactsBuilder,
        OutboundRpc,
        MarketSummaryClient,
        ScenarioFitClient,
        LayerEventsConsumer,
        ReportService,
        ReportMapRepository,
        SourceNotesRepository,
        ReportPdfRenderer,
        SiteReportService,
        SiteMembersRepository,
        SiteReportPdfRenderer,
        ReportLinksRepository,
        ReportLinksService,
        CompareService,
      ],
    };
  }
}
