import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SearchParcelsRequest } from '../search/search-parcels.request.js';
import { WATCH_ID_EXAMPLE, WATCH_KINDS, type WatchKind } from './watch-bounds.js';

export const WEBHOOK_DELIVERY_STATUSES = ['none', 'pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** How the watch's webhook deliveries stand (null without a webhook). */
export class WatchDeliveryView {
  @ApiProperty({ description: 'Events waiting for delivery or a retry' })
  pending!: number;

  @ApiProperty({ description: 'Events given up after the retry period; they stay in the pull feed' })
  failed!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Last error of a delivery attempt' })
  last_error!: string | null;
}

/** A watch as GET /v1/watches/{id} shows it. */
export class WatchView {
  @ApiProperty({ example: WATCH_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ enum: WATCH_KINDS, description: 'What was sent: search, scenario, query or parcel_ids' })
  kind!: WatchKind;

  @ApiProperty({
    type: () => SearchParcelsRequest,
    nullable: true,
    description: 'The structured search the watch re-runs (a scenario compiled, a query interpreted, once at creation); null for parcel_ids',
  })
  search!: SearchParcelsRequest | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: 'The scenario request as sent' })
  scenario!: Record<string, unknown> | null;

  @ApiProperty({ type: String, nullable: true, description: 'The sentence as sent' })
  query!: string | null;

  @ApiProperty({ type: [String], nullable: true })
  parcel_ids!: string[] | null;

  @ApiProperty({
    type: [String],
    description: 'TERYT codes of the regions the watch covers; empty: all of Poland. Only refreshes touching them re-evaluate it',
  })
  regions!: string[];

  @ApiProperty({ type: String, nullable: true })
  webhook_url!: string | null;

  @ApiProperty({ type: () => WatchDeliveryView, nullable: true })
  delivery!: WatchDeliveryView | null;

  @ApiProperty({ example: '2026-12-07T12:00:00.000Z' })
  created_at!: string;
}

/** 201 of POST /v1/watches: the watch and, once only, the secret its webhooks are signed with. */
export class CreatedWatchView extends WatchView {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'HMAC-SHA256 key of the webhook signatures, shown only here (null without webhook_url)',
  })
  webhook_secret!: string | null;
}

/** GET /v1/watches. */
export class WatchListView {
  @ApiProperty({ type: () => [WatchView] })
  watches!: WatchView[];
}

/** 200 of DELETE /v1/watches/{id}. */
export class DeletedWatchView {
  @ApiProperty({ example: WATCH_ID_EXAMPLE })
  id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}
