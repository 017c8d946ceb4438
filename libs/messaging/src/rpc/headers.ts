/** NATS header names shared by the gateway and the services. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Absolute deadline (ms since epoch) after which the caller has given up; services may stop early. */
export const DEADLINE_HEADER = 'x-deadline-ms';
