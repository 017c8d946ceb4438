import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AssemblyOptions } from './assembly-search.request.js';
import { AssembledSiteView } from './assembly.view.js';
import { NL_LANGUAGES, type NlLanguage } from './natural-language.request.js';
import { SearchParcelsRequest } from './search-parcels.request.js';
import { SearchOutcomeView, SearchResultView } from './search-response.view.js';

/** The administrative unit searched. */
export class InterpretedRegionView {
  @ApiProperty({ description: 'TERYT code: 2 digits voivodeship, 4 digits powiat, 7 digits gmina', example: '3064011' })
  teryt!: string;

  @ApiProperty({ example: 'Poznań' })
  name!: string;

  @ApiProperty({ description: 'Unit type in Polish, as TERYT names it (as in GET /v1/regions)', example: 'gmina miejska' })
  unit_type!: string;
}

/** How a query was understood (spec "Natural-language interpretation"), with our additions. */
export class InterpretationView {
  @ApiProperty({ type: InterpretedRegionView, nullable: true, description: 'The unit searched; null: all of Poland' })
  region!: InterpretedRegionView | null;

  @ApiProperty({ type: String, nullable: true, description: 'Matched scenario id (GET /v1/scenarios); null when no asset type was named', example: 'solar_farm_site' })
  scenario!: string | null;

  @ApiProperty({
    type: SearchParcelsRequest,
    description: 'The structured request equivalent to the query, complete: replaying it against POST /v1/search/parcels gives the same results',
  })
  request!: SearchParcelsRequest;

  @ApiProperty({ type: [String], description: 'Assumptions and defaults used, in words, in the language of the interpretation' })
  assumptions!: string[];

  @ApiProperty({ enum: NL_LANGUAGES, description: 'Language of the words of the interpretation: the request language, else detected (an addition to the spec)' })
  language!: NlLanguage;

  @ApiProperty({ type: [String], description: 'Every filter and the ranking of request, in words (an addition to the spec)' })
  filters!: string[];

  @ApiProperty({ type: [String], description: 'Phrases of the query that were understood (an addition to the spec)', example: ['farma fotowoltaiczna', 'koło Poznania'] })
  understood!: string[];

  @ApiProperty({ type: [String], description: 'Words of the query that were not understood and left out (an addition to the spec)' })
  not_understood!: string[];

  @ApiProperty({
    description:
      'False when words of the query were not understood or something it asks could not be searched (a criterion left out, a second asset type, ' +
      'a price limit only ranked): the results do not honour the whole query, and the first assumption says so (an addition to the spec)',
    example: true,
  })
  complete!: boolean;

  @ApiPropertyOptional({
    type: AssemblyOptions,
    description:
      'The query allows a site of several neighbouring parcels ("20 ha w kilku działkach"): the answer has `sites`, and replaying is POST /v1/search/assemblies with request and this as `assembly` (an addition)',
  })
  assembly?: AssemblyOptions;
}

/** A result of a natural-language search: a structured-search result with reasons. */
export class NaturalLanguageResultView extends SearchResultView {
  @ApiProperty({ type: [String], description: 'Why the parcel matched, in the language of the interpretation' })
  why!: string[];
}

/** POST /v1/search/natural-language, 200: the structured search of interpretation.request, with reasons. */
export class NaturalLanguageSearchView extends SearchOutcomeView {
  @ApiProperty({ type: InterpretationView })
  interpretation!: InterpretationView;

  @ApiProperty({ type: [NaturalLanguageResultView], description: 'Best score first; ties by parcel id; empty when interpretation.assembly is set (see sites)' })
  results!: NaturalLanguageResultView[];

  @ApiPropertyOptional({ type: [AssembledSiteView], description: 'With interpretation.assembly: the sites (count and matched count sites). An addition' })
  sites?: AssembledSiteView[];

  @ApiPropertyOptional({ type: 'integer', description: 'With interpretation.assembly: parcels passing the per-parcel criteria' })
  candidates?: number;

  @ApiPropertyOptional({ description: 'With interpretation.assembly: when too many candidates were read to assemble all, what was left out and what to do' })
  note?: string;
}
