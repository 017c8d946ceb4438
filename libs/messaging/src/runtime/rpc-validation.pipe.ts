import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { validateMessage } from '@lp/runtime';

/**
 * Validates every @Payload() against its contract class. Messages can come from anywhere on the
 * bus, so services check them again, and a failure travels back as our typed error (Nest's own
 * ValidationPipe would turn into an opaque internal error on the caller's side).
 */
@Injectable()
export class RpcValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' || !metadata.metatype || !isContractClass(metadata.metatype)) return value;
    return validateMessage(metadata.metatype as new () => object, value);
  }
}

function isContractClass(type: unknown): boolean {
  return typeof type === 'function' && ![String, Number, Boolean, Array, Object].includes(type as never);
}
