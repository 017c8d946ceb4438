import { IsIn, IsString, Matches } from 'class-validator';
import { GatewayCallerEnv } from './mcp-svc.env.js';

/**
 * Environment of the stdio mode (npm run mcp:stdio), validated once at start-up. A local agent
 * client starts the process and has no HTTP header to send, so the key comes from here.
 */
export class McpStdioEnv extends GatewayCallerEnv {
  /** The API key every tool call sends to the gateway (Authorization: Bearer ...). */
  @IsString({ message: 'LP_API_KEY must be set to your API key (lp_...)' })
  @Matches(/^[A-Za-z0-9._~+/=-]{16,200}$/, { message: 'LP_API_KEY must be an API key of 16 to 200 characters of A-Z a-z 0-9 . _ ~ + / = -' })
  LP_API_KEY!: string;

  /** Log lines go to stderr (stdout carries the protocol). */
  @IsIn(['verbose', 'debug', 'log', 'warn', 'error', 'fatal'])
  LOG_LEVEL: 'verbose' | 'debug' | 'log' | 'warn' | 'error' | 'fatal' = 'warn';
}
