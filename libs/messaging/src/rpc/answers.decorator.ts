import { MessagePattern } from '@nestjs/microservices';
import type { Subject } from '@lp/contracts';

/**
 * Marks a handler method as the one answering `subject`. The method must take the subject's request
 * (further parameters, such as the NATS context, are free) and give its reply: a handler answering
 * with another type, or expecting another request, does not compile.
 */
export function Answers<Req, Res>(subject: Subject<Req, Res>) {
  return <M extends (request: Req, ...context: never[]) => Res | Promise<Res>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    MessagePattern(subject.name)(target, key, descriptor);
  };
}
