import { OpenApiValidator, type RecordedResponse } from '../openapi/openapi-validator.js';

export interface ApiResponse<T = unknown> extends RecordedResponse {
  json(): T;
  /** The body as bytes, for binary answers (PDF, tiles); `body` is its UTF-8 reading. */
  bytes(): Buffer;
  header(name: string): string | undefined;
}

export interface ApiRequestOptions {
  key?: string;
  headers?: Record<string, string>;
  /** JSON body; or `rawBody` to send bytes as they are (malformed JSON tests). */
  body?: unknown;
  rawBody?: string;
  /** For responses the document cannot describe (unknown routes). */
  skipOpenApiCheck?: boolean;
}

/**
 * HTTP client for end-to-end tests. Every response is checked against the gateway's own
 * /openapi.yaml, so a route that drifts from its description fails the test that called it.
 */
export class ApiClient {
  private constructor(
    readonly baseUrl: string,
    private readonly validator: OpenApiValidator,
  ) {}

  static async connect(baseUrl: string): Promise<ApiClient> {
    const res = await fetch(`${baseUrl}/openapi.yaml`);
    if (!res.ok) throw new Error(`GET /openapi.yaml answered ${res.status}`);
    return new ApiClient(baseUrl, OpenApiValidator.fromYaml(await res.text()));
  }

  get<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, options);
  }

  async request<T = unknown>(method: string, path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers['authorization'] = `Bearer ${options.key}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const raw = Buffer.from(await res.arrayBuffer());
    const text = raw.toString('utf8');
    const responseHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => (responseHeaders[name] = value));
    const recorded: RecordedResponse = { method, url: path, status: res.status, headers: responseHeaders, body: text };
    if (!options.skipOpenApiCheck) this.validator.assertResponse(recorded);
    return {
      ...recorded,
      json: () => JSON.parse(text) as T,
      bytes: () => raw,
      header: (name: string) => responseHeaders[name.toLowerCase()],
    };
  }
}
