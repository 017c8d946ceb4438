import { Injectable } from '@nestjs/common';
import { AppError, WATCH_EVENTS_LIMIT_DEFAULT, type ListWatchEventsRequest, type WatchEventPageView } from '@lp/contracts';
import { WatchesRepository } from '../watches/watches.repository.js';
import { WatchEventsRepository } from './watch-events.repository.js';

const CURSOR_PATTERN = /^[0-9]{1,18}$/;

/** The pull feed: a watch's events in the order they were found, paged by an opaque cursor. */
@Injectable()
export class WatchEventsService {
  constructor(
    private readonly watches: WatchesRepository,
    private readonly events: WatchEventsRepository,
  ) {}

  async page(request: ListWatchEventsRequest): Promise<WatchEventPageView> {
    const afterSeq = request.cursor ?? '0';
    if (!CURSOR_PATTERN.test(afterSeq)) throw AppError.invalid('cursor must be the next_cursor of an earlier page of this feed.');
    if ((await this.watches.findOwned(request.owner, request.id)) === null) throw AppError.notFound(`This key has no watch ${request.id}.`);
    const limit = request.limit ?? WATCH_EVENTS_LIMIT_DEFAULT;
    // One more than asked tells whether another page follows, without a count.
    const rows = await this.events.pageAfter(request.id, afterSeq, limit + 1);
    const page = rows.slice(0, limit);
    const events = page.map(({ seq: _seq, ...event }) => event);
    return { events, next_cursor: rows.length > limit ? page[page.length - 1]!.seq : null };
  }
}
