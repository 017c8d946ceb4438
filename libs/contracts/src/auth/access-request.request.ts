import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';
import { Optional } from '../common/optional.js';

export const ACCESS_INTERFACES = ['rest', 'mcp', 'both'] as const;
export type AccessInterface = (typeof ACCESS_INTERFACES)[number];

/**
 * Printable text (a request is read by an operator in a terminal): no control characters (escape
 * sequences clear the screen or set its title), no format characters (bidi overrides reorder what
 * is shown, zero-width characters hide text) and no line or paragraph separators.
 */
const PLAIN_TEXT = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;
/** The same, with line breaks and tabs allowed: the purpose is a paragraph or a few. */
const PLAIN_PARAGRAPHS = /^(?:[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[\n\r\t])*$/u;
const PLAIN_TEXT_MESSAGE = (field: string) => `${field} must be plain text without control, format (bidi, zero-width) or separator characters`;

/** POST /v1/access-requests: who asks for the private preview, for what, where (spec "private preview"). */
export class AccessRequestRequest {
  @ApiProperty({ description: 'Name of the person asking', example: 'Anna Nowak', maxLength: 200 })
  @IsString()
  @Length(2, 200)
  @Matches(PLAIN_TEXT, { message: PLAIN_TEXT_MESSAGE('name') })
  name!: string;

  @ApiProperty({ description: 'Where the operator sends the key', example: 'anna.nowak@example.com', maxLength: 200 })
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(200)
  @Matches(PLAIN_TEXT, { message: PLAIN_TEXT_MESSAGE('email') })
  email!: string;

  @ApiProperty({ description: 'Company or institution', example: 'Solar Developer sp. z o.o.', maxLength: 200 })
  @IsString()
  @Length(2, 200)
  @Matches(PLAIN_TEXT, { message: PLAIN_TEXT_MESSAGE('organisation') })
  organisation!: string;

  @ApiProperty({ enum: ACCESS_INTERFACES, description: 'REST API, the tool server (MCP) or both' })
  @IsIn(ACCESS_INTERFACES, { message: `interfaces must be one of ${ACCESS_INTERFACES.join(', ')}` })
  interfaces!: AccessInterface;

  @ApiProperty({ description: 'Regions of interest, in words', example: 'wielkopolskie, powiat poznański', maxLength: 500 })
  @IsString()
  @Length(2, 500)
  @Matches(PLAIN_TEXT, { message: PLAIN_TEXT_MESSAGE('regions') })
  regions!: string;

  @ApiProperty({ description: 'Layers of interest, in words', example: 'local plans, grid capacity, Natura 2000', maxLength: 500 })
  @IsString()
  @Length(2, 500)
  @Matches(PLAIN_TEXT, { message: PLAIN_TEXT_MESSAGE('layers') })
  layers!: string;

  @ApiPropertyOptional({ description: 'What the access is for', maxLength: 2000 })
  @Optional()
  @IsString()
  @MaxLength(2000)
  @Matches(PLAIN_PARAGRAPHS, { message: `${PLAIN_TEXT_MESSAGE('purpose')} (line breaks and tabs are allowed)` })
  purpose?: string;
}

/** 201 of POST /v1/access-requests. */
export class AccessRequestView {
  @ApiProperty({ description: 'Number of the request, quoted to the operator', example: '17' })
  id!: string;

  @ApiProperty({ enum: ['pending'] })
  status!: 'pending';
}
