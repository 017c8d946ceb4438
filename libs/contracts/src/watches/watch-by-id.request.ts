import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../common/optional.js';
import { WATCH_EVENTS_LIMIT_MAX, WATCH_ID_EXAMPLE, WATCH_ID_PATTERN } from './watch-bounds.js';

const WATCH_ID_MESSAGE = `watch id must look like ${WATCH_ID_EXAMPLE}`;
const LIMIT_MESSAGE = `limit must be an integer from 1 to ${WATCH_EVENTS_LIMIT_MAX}; got $value`;

/** `watches.list`: the watches of one key. */
export class ListWatchesRequest {
  @ApiProperty()
  @IsString()
  @MaxLength(100)
  owner!: string;
}

/** `watches.get`, `watches.delete`: one watch of one key (another key's watch is not found). */
export class WatchByIdRequest extends ListWatchesRequest {
  @ApiProperty({ example: WATCH_ID_EXAMPLE })
  @IsString({ message: WATCH_ID_MESSAGE })
  @Matches(WATCH_ID_PATTERN, { message: WATCH_ID_MESSAGE })
  id!: string;
}

/** `watches.events.list`: a page of a watch's events, oldest first, after the cursor. */
export class ListWatchEventsRequest extends WatchByIdRequest {
  @Optional()
  @IsString({ message: 'cursor must be the next_cursor of an earlier page' })
  @MaxLength(200, { message: 'cursor must be the next_cursor of an earlier page' })
  cursor?: string;

  @Optional()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(WATCH_EVENTS_LIMIT_MAX, { message: LIMIT_MESSAGE })
  limit?: number;
}
