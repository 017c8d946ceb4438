import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SEARCH_SIGNAL_IDS, type SignalDirection } from './search-signals.js';

/** A tunable parameter of a scenario with its effective default. */
export class ScenarioParameterView {
  @ApiProperty({ example: 'substation_km' })
  id!: string;

  @ApiProperty({ example: 'km' })
  unit!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ description: 'Effective default for this scenario', example: 10 })
  default!: number;

  @ApiProperty({ description: 'Smallest accepted value', example: 1 })
  min!: number;

  @ApiProperty({ description: 'Largest accepted value', example: 30 })
  max!: number;

  @ApiProperty({ description: 'Only whole numbers are accepted' })
  integer!: boolean;
}

/** A ranking signal of a scenario with its default weight. */
export class ScenarioSignalView {
  @ApiProperty({ enum: SEARCH_SIGNAL_IDS })
  signal!: string;

  @ApiProperty({ type: 'integer', description: 'Default weight, 0 to 100', example: 55 })
  weight!: number;

  @ApiProperty({ example: 'MW' })
  unit!: string;

  @ApiProperty({ enum: ['higher', 'lower'], description: 'Which raw value ranks first' })
  direction!: SignalDirection;

  @ApiProperty()
  description!: string;
}

/** A hard criterion of a scenario and how it is searched. */
export class ScenarioCriterionView {
  @ApiProperty({ description: 'The criterion in words, as in the scenario table', example: 'Near a substation' })
  label!: string;

  @ApiProperty({ description: 'The same in Polish. An addition to the spec', example: 'w pobliżu stacji elektroenergetycznej' })
  label_pl!: string;

  @ApiProperty({
    description: 'The structured filter it compiles to, with the effective parameter values',
    example: 'near power_substations within 10000 m where voltage_kv_gte 110',
  })
  searched_as!: string;

  @ApiProperty({
    type: [String],
    description: 'Criterion ids of the compiled request (as named in search coverage); empty when no filter can express it',
    example: ['near:power_substations'],
  })
  criterion_ids!: string[];

  @ApiPropertyOptional({ description: 'Why the mapping is approximate or missing' })
  note?: string;
}

/** One site-selection scenario (spec "Scenario"). */
export class ScenarioView {
  @ApiProperty({ example: 'bess_storage' })
  id!: string;

  @ApiProperty({ example: 'Battery energy storage (BESS)' })
  title!: string;

  @ApiProperty({ example: 'Magazyn energii (BESS)' })
  title_pl!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ type: [ScenarioCriterionView], description: 'Hard criteria; all must pass' })
  criteria!: ScenarioCriterionView[];

  @ApiProperty({ type: [ScenarioParameterView], description: 'Parameters that tune the criteria, with effective defaults and ranges' })
  parameters!: ScenarioParameterView[];

  @ApiProperty({ type: [ScenarioSignalView], description: 'Ranking signals with default weights' })
  signals!: ScenarioSignalView[];
}

/** `search.scenarios.list`, GET /v1/scenarios. */
export class ScenarioListView {
  @ApiProperty({ type: [ScenarioView] })
  scenarios!: ScenarioView[];
}
