/** Limits of a watch, shared by the gateway's documentation and watches-svc's checks. */
export const WATCH_PARCEL_IDS_MAX = 500;
export const WATCH_NAME_MAX = 200;
export const WATCH_EVENTS_LIMIT_DEFAULT = 50;
export const WATCH_EVENTS_LIMIT_MAX = 500;
/** Watch ids: `w_` and 20 lower-case hex characters (random, so an id is not guessable). */
export const WATCH_ID_PATTERN = /^w_[0-9a-f]{20}$/;
export const WATCH_ID_EXAMPLE = 'w_3f9a0c5e7b1d2468ace0';
/** What a watch watches: exactly one of these is sent. */
export const WATCH_KINDS = ['search', 'scenario', 'query', 'parcel_ids'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];
/** What happened to a watch's answer or parcel. */
export const WATCH_EVENT_TYPES = ['entered', 'left', 'facts_changed', 'coverage'] as const;
export type WatchEventType = (typeof WATCH_EVENT_TYPES)[number];
