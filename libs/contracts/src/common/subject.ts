/**
 * A NATS subject together with the request it takes and the reply it gives, defined once here.
 * Callers (`NatsRpcClient.call`, the gateway's `ServiceCaller`) and handlers (`@Answers`) take the
 * types from it, so a caller expecting another reply, or a handler answering another request, does
 * not compile. The types live only in the type system: at run time a subject is its name.
 */
export interface Subject<Req, Res> {
  readonly name: string;
  /** Never set; it ties Req (taken) and Res (given) to this subject for the type checker. */
  readonly signature?: (request: Req) => Res;
}

export function defineSubject<Req, Res>(name: string): Subject<Req, Res> {
  return Object.freeze({ name });
}
