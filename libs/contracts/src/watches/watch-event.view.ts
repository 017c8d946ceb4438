import { ApiProperty } from '@nestjs/swagger';
import { WATCH_EVENT_TYPES, type WatchEventType } from './watch-bounds.js';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from './watch.view.js';

/** One change a re-evaluation found; its id is the idempotency key of the webhook too. */
export class WatchEventView {
  @ApiProperty({ example: 'we_000000000042', description: 'Stable id; a webhook delivered twice carries the same id' })
  id!: string;

  @ApiProperty()
  watch_id!: string;

  @ApiProperty({
    enum: WATCH_EVENT_TYPES,
    description: 'entered/left the result set, facts_changed of a watched parcel, coverage: a criterion went from unknown to known (or back)',
  })
  type!: WatchEventType;

  @ApiProperty({ type: String, nullable: true })
  parcel_id!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The criterion (or fact) that decided it, e.g. zoning, near:substations' })
  criterion!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  before!: Record<string, unknown> | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  after!: Record<string, unknown> | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: 'Layer id -> version of the refresh that caused it' })
  layer_versions!: Record<string, number>;

  @ApiProperty({ example: '2026-12-07T12:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES })
  delivery!: WebhookDeliveryStatus;
}

/** GET /v1/watches/{id}/events: oldest first; pass next_cursor back as cursor (null: no more). */
export class WatchEventPageView {
  @ApiProperty({ type: () => [WatchEventView] })
  events!: WatchEventView[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
