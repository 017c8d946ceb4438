import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const HTTP_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/;

/**
 * Environment of the stdio mode (npm run mcp:stdio), validated once at start-up. A local agent
 * client starts the process and has no HTTP header to send, so the key comes from here.
 */
export class McpStdioEnv {
  /** The API key every tool call sends to the gateway (Authorization: Bearer ...). */
  @IsString({ message: 'LP_API_KEY must be set to your API key (lp_...)' })
  @Matches(/^[A-Za-z0-9._~+/=-]{16,200}$/, { message: 'LP_API_KEY must be an API key of 16 to 200 characters of A-Z a-z 0-9 . _ ~ + / = -' })
  LP_API_KEY!: string;

  /** Base URL of our REST gateway: the only place the key is ever sent. */
  @Matches(HTTP_URL, { message: 'GATEWAY_URL must be an http(s) URL such as http://127.0.0.1:8080' })
  GATEWAY_URL!: string;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'APP_URL must be an http(s) URL' })
  APP_URL?: string;

  @IsInt()
  @Min(100)
  @Max(120_000)
  GATEWAY_TIMEOUT_MS: number = 25_000;

  /** Log lines go to stderr (stdout carries the protocol). */
  @IsIn(['verbose', 'debug', 'log', 'warn', 'error', 'fatal'])
  LOG_LEVEL: 'verbose' | 'debug' | 'log' | 'warn' | 'error' | 'fatal' = 'warn';
}
