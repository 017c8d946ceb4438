import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateWatchRequest,
  ListWatchEventsRequest,
  ListWatchesRequest,
  WatchByIdRequest,
  WatchesSubjects,
  type CreatedWatchView,
  type DeletedWatchView,
  type WatchEventPageView,
  type WatchListView,
  type WatchView,
} from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { WatchEventsService } from '../events/watch-events.service.js';
import { WatchesService } from './watches.service.js';

@Controller()
export class WatchesHandler {
  constructor(
    private readonly watches: WatchesService,
    private readonly feed: WatchEventsService,
  ) {}

  @Answers(WatchesSubjects.create)
  create(@Payload() request: CreateWatchRequest): Promise<CreatedWatchView> {
    return this.watches.create(request);
  }

  @Answers(WatchesSubjects.list)
  list(@Payload() request: ListWatchesRequest): Promise<WatchListView> {
    return this.watches.list(request);
  }

  @Answers(WatchesSubjects.get)
  get(@Payload() request: WatchByIdRequest): Promise<WatchView> {
    return this.watches.get(request);
  }

  @Answers(WatchesSubjects.delete)
  delete(@Payload() request: WatchByIdRequest): Promise<DeletedWatchView> {
    return this.watches.delete(request);
  }

  @Answers(WatchesSubjects.eventsList)
  events(@Payload() request: ListWatchEventsRequest): Promise<WatchEventPageView> {
    return this.feed.page(request);
  }
}
