import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GeometryView } from '../common/geojson.view.js';
import { ScoreComponentView, SearchOutcomeView } from './search-response.view.js';

export class SiteMemberView {
  @ApiProperty({ example: '306401_1.0007.AR_1.34/1' })
  parcel_id!: string;

  @ApiProperty()
  area_sqm!: number;
}

/** One assembled site: neighbouring parcels that each pass the per-parcel filters and together pass the site's. */
export class AssembledSiteView {
  @ApiProperty({ type: GeometryView, description: 'The outline of the site (its parcels joined, gaps up to max_gap_m closed), WGS84' })
  geometry!: GeometryView;

  @ApiProperty({ description: 'Sum of the members’ areas, m²' })
  total_area_sqm!: number;

  @ApiProperty({ type: [SiteMemberView], description: 'Largest first' })
  parcels!: SiteMemberView[];

  @ApiProperty({ description: 'Polsby-Popper compactness of the outline, 0 to 1' })
  compactness!: number;

  @ApiProperty({ description: 'Gmina name of the largest member' })
  gmina!: string;

  @ApiProperty({ description: 'TERYT code of the gmina of the largest member' })
  teryt!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Relative 0 to 100 within these sites (the search rule over site values); null without rank_by' })
  score!: number | null;

  @ApiProperty({ type: [ScoreComponentView], description: 'One per rank_by signal, valued for the site: area summed, distances the nearest member, others area-weighted' })
  components!: ScoreComponentView[];

  @ApiProperty({ type: [String], description: 'Why the site qualifies, in words' })
  why!: string[];

  @ApiPropertyOptional({ type: [String], description: 'Screening criteria not checked for some member (partial coverage)' })
  unscreened?: string[];
}

/** POST /v1/search/assemblies, 200. `count` and `matched` count sites; coverage as in search. */
export class AssemblySearchResponseView extends SearchOutcomeView {
  @ApiProperty({ type: 'integer', description: 'Parcels that pass every per-parcel filter (the candidates sites are built from)' })
  candidates!: number;

  @ApiProperty({ type: [AssembledSiteView] })
  results!: AssembledSiteView[];

  @ApiPropertyOptional({ description: 'When the candidates were too many to assemble all: what was left out and what to do' })
  note?: string;
}
