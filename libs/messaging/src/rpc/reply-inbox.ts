import { createInbox, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';

/**
 * What a pending call is told: one reply message, or that it will get none: its inbox can no
 * longer receive (`inbox_lost`) or the connection dropped after it was sent (`connection_lost`).
 */
export type ReplyFailure = 'inbox_lost' | 'connection_lost';
export type ReplyListener = (failure: ReplyFailure | undefined, message?: Msg) => void;

export interface ReplySlot {
  /** The reply subject to send with the request. */
  readonly subject: string;
  /** Stops routing replies to this call; a reply arriving afterwards is dropped. */
  release(): void;
}

/**
 * One wildcard subscription (`_INBOX.<nuid>.*`) for the replies of every call on a connection,
 * routed to the pending call by the subject's last token. Subscribing and unsubscribing an inbox
 * per call cost two protocol round-trips and an interest change on the server for each request.
 *
 * A reply whose token is no longer pending (its call timed out or failed) is dropped. When the
 * subscription fails (the server refused it), every pending call is told and the next call
 * subscribes again.
 */
export class ReplyInbox {
  private readonly prefix = `${createInbox()}.`;
  private readonly pending = new Map<string, ReplyListener>();
  private subscription: Subscription | undefined;
  private sequence = 0;

  constructor(private readonly connection: NatsConnection) {}

  /** A reply subject of its own for one call; throws when the connection cannot subscribe. */
  open(listener: ReplyListener): ReplySlot {
    this.subscription ??= this.subscribe();
    const token = (this.sequence++).toString(36);
    this.pending.set(token, listener);
    return { subject: this.prefix + token, release: () => this.pending.delete(token) };
  }

  /** Tells every pending call it will get no reply (the connection closed or dropped, the subscription failed). */
  failAll(failure: ReplyFailure = 'inbox_lost'): void {
    const listeners = [...this.pending.values()];
    this.pending.clear();
    for (const listener of listeners) listener(failure);
  }

  /** Calls waiting for a reply (for tests and leak checks). */
  get size(): number {
    return this.pending.size;
  }

  private subscribe(): Subscription {
    const subscription = this.connection.subscribe(`${this.prefix}*`, {
      callback: (error, message) => {
        if (error) {
          if (this.subscription === subscription) this.subscription = undefined;
          this.failAll();
          return;
        }
        this.pending.get(message.subject.slice(this.prefix.length))?.(undefined, message);
      },
    });
    return subscription;
  }
}
