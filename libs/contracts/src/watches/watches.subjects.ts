import { defineSubject } from '../common/subject.js';
import type { CreateWatchRequest } from './create-watch.request.js';
import type { ListWatchEventsRequest, ListWatchesRequest, WatchByIdRequest } from './watch-by-id.request.js';
import type { WatchEventPageView } from './watch-event.view.js';
import type { CreatedWatchView, DeletedWatchView, WatchListView, WatchView } from './watch.view.js';

/** NATS subjects answered by watches-svc, each with its request and reply. */
export const WatchesSubjects = {
  create: defineSubject<CreateWatchRequest, CreatedWatchView>('watches.watches.create'),
  list: defineSubject<ListWatchesRequest, WatchListView>('watches.watches.list'),
  get: defineSubject<WatchByIdRequest, WatchView>('watches.watches.get'),
  delete: defineSubject<WatchByIdRequest, DeletedWatchView>('watches.watches.delete'),
  eventsList: defineSubject<ListWatchEventsRequest, WatchEventPageView>('watches.events.list'),
} as const;
