/** NATS header names shared by the gateway and the services. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Absolute deadline (ms since epoch) after which the caller has given up; services may stop early. */
export const DEADLINE_HEADER = 'x-deadline-ms';
/** The id of one call (the request packet's id): what a cancel message names. */
export const CALL_ID_HEADER = 'x-call-id';
/**
 * Where a caller that gave up says so, with the call's id as the message body. Every replica of
 * every service listens (no queue group): only the one holding the call knows it.
 */
export const CANCEL_SUBJECT = '_lp.rpc.cancel';
