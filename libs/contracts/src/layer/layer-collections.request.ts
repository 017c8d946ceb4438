import { IsString, Matches } from 'class-validator';
import { Optional } from '../common/optional.js';
import type { LayerView } from './layer.view.js';
import { LAYER_ID_MESSAGE, LAYER_ID_PATTERN } from './layer-features.request.js';

/** `layer.collections.list`: the layers served via api with their extents; one layer when layer_id is given. */
export class LayerCollectionsRequest {
  @Optional()
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id?: string;
}

/** A catalogue layer with the extent of its served data (WGS84), null before the first load. */
export interface LayerCollectionReply extends LayerView {
  extent_wgs84: [number, number, number, number] | null;
}

export interface LayerCollectionsReply {
  layers: LayerCollectionReply[];
}
