import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { createStatusController } from '@lp/messaging';
import { currentDeadlineMs, currentSignal } from '@lp/runtime';
import { SEARCH_SVC_ENV, type SearchSvcEnv } from './config/search-svc.env.js';
import { SEARCH_SCHEMA } from './db/migrations/index.js';
import { NamedFeaturesRepository } from './natural-language/anchors/named-features.repository.js';
import { NamedFeaturesService } from './natural-language/anchors/named-features.service.js';
import { NaturalLanguageHandler } from './natural-language/natural-language.handler.js';
import { NaturalLanguageService } from './natural-language/natural-language.service.js';
import { PlacesEventsConsumer } from './natural-language/places/places-events.consumer.js';
import { PlacesRepository } from './natural-language/places/places.repository.js';
import { PlacesService } from './natural-language/places/places.service.js';
import { AssemblyHandler } from './assemblies/assembly.handler.js';
import { AssemblyRepository } from './assemblies/assembly.repository.js';
import { AssemblyService } from './assemblies/assembly.service.js';
import { ParcelSearchHandler } from './engine/parcel-search.handler.js';
import { ParcelMatchHandler } from './engine/parcel-match.handler.js';
import { ParcelSearchService } from './engine/parcel-search.service.js';
import { SearchRepository } from './engine/search.repository.js';
import { ColumnRepository } from './engine/columns/column.repository.js';
import { ColumnSearch } from './engine/columns/column-search.js';
import { ColumnStore } from './engine/columns/column-store.js';
import { ScenarioEvaluationService } from './scenarios/scenario-evaluation.service.js';
import { ScenariosHandler } from './scenarios/scenarios.handler.js';
import { SearchIndexBuilder } from './search-index/search-index.builder.js';
import { SearchIndexConsumer } from './search-index/search-index.consumer.js';
import { SearchIndexRepository } from './search-index/search-index.repository.js';
import { ScenariosService } from './scenarios/scenarios.service.js';

@Module({})
export class SearchSvcModule {
  static register(env: SearchSvcEnv): DynamicModule {
    return {
      module: SearchSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          schema: SEARCH_SCHEMA,
          applicationName: 'search-svc',
          poolSize: env.DB_POOL_SIZE,
          deadline: currentDeadlineMs,
          signal: currentSignal,
        })),
      ],
      controllers: [createStatusController('search', 'search-svc'), ScenariosHandler, NaturalLanguageHandler, ParcelSearchHandler, ParcelMatchHandler, AssemblyHandler],
      providers: [
        { provide: SEARCH_SVC_ENV, useValue: env },
        ScenariosService,
        PlacesRepository,
        PlacesService,
        PlacesEventsConsumer,
        NamedFeaturesRepository,
        NamedFeaturesService,
        NaturalLanguageService,
        SearchRepository,
        ColumnRepository,
        {
          provide: ColumnSearch,
          inject: [ColumnRepository],
          useFactory: (columns: ColumnRepository) => (env.SEARCH_COLUMNS_BUDGET_MB > 0 ? new ColumnSearch(new ColumnStore(columns, env.SEARCH_COLUMNS_BUDGET_MB * 2 ** 20)) : null),
        },
        ParcelSearchService,
        ScenarioEvaluationService,
        AssemblyRepository,
        AssemblyService,
        SearchIndexRepository,
        SearchIndexBuilder,
        SearchIndexConsumer,
      ],
    };
  }
}
