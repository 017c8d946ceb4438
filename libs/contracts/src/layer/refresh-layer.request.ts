import { Optional } from '../common/optional.js';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { LAYER_IDS } from './layer-catalogue.js';

/** `layer.refresh.run`: refresh one layer now (internal; not exposed over HTTP). */
export class RefreshLayerRequest {
  @IsIn(LAYER_IDS as string[], { message: `layer_id must be a catalogue layer: ${LAYER_IDS.join(', ')}` })
  layer_id!: string;

  /** File name inside the configured sources directory, an http(s) URL or `WFS:...`; default: the configured source. */
  @Optional()
  @IsString()
  @MaxLength(2000)
  source?: string;

  @Optional()
  @IsBoolean()
  allow_shrink?: boolean;
}

/** The reply of `layer.refresh.run`: the new version that is now served. */
export interface RefreshLayerResult {
  layer_id: string;
  run_id: string;
  status: 'succeeded';
  version: number;
  feature_count: number;
  previous_count: number;
  affected_gminas: number;
  steps_ms: Record<string, number>;
  /**
   * Rows of the source left out on purpose, each described: the rows of a grid operator's capacity
   * list that name no served substation (or several). Absent when none were.
   */
  left_out?: string[];
}
