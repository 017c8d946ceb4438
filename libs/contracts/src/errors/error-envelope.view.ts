import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorCode } from './error-code.js';
import { ERROR_CODES } from './error-code.js';

export class ErrorBodyView {
  @ApiProperty({ enum: ERROR_CODES, description: 'Stable machine-readable code; new codes may be added.' })
  code!: ErrorCode;

  @ApiProperty({ description: 'What was wrong and what is allowed, for a person.' })
  message!: string;

  @ApiPropertyOptional({ description: 'Echo of the X-Request-Id of the request.' })
  request_id?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Close matches a person can pick from (similar parcel ids on a 404, units on an ambiguous place name).',
  })
  candidates?: string[];
}

/** `{"error": {...}}`: the one error shape of every endpoint. */
export class ErrorEnvelopeView {
  @ApiProperty({ type: ErrorBodyView })
  error!: ErrorBodyView;
}
