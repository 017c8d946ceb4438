import type { OpenApiValidator } from '@lp/testing';
import { performance } from 'node:perf_hooks';
import { urlOf, type FuzzCase } from './operation-cases.js';

/** What can be wrong with one answer. */
export type Symptom = '5xx' | 'envelope' | 'schema' | 'slow';

export interface FuzzOutcome {
  fuzzCase: FuzzCase;
  status: number;
  ms: number;
  /** The answer's problems; empty when it is fine. */
  symptoms: Array<{ symptom: Symptom; detail: string }>;
  /** A first attempt that got no HTTP answer at all (the connection failed) and was sent once more. */
  retriedAfter?: string;
}

export interface RunOptions {
  baseUrl: string;
  key: string;
  validator: OpenApiValidator;
  /** Deadline of an operation's answer (the gateway's own deadline for it). */
  deadlineMs: (operation: string) => number;
  concurrency: number;
}

/** Sends every case (a few at a time) and judges each answer. */
export async function runCases(cases: readonly FuzzCase[], options: RunOptions): Promise<FuzzOutcome[]> {
  const outcomes: FuzzOutcome[] = new Array(cases.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const index = next++;
      const first = await runCase(cases[index]!, options);
      // No HTTP answer at all is sent once more, and reported either way: a failure twice is a
      // violation, a failure once is printed as transient (a socket closed under a loaded machine).
      const noAnswer = first.status === 0 && first.symptoms.some((item) => item.detail.startsWith('connection failed'));
      outcomes[index] = noAnswer ? { ...(await runCase(cases[index]!, options)), retriedAfter: first.symptoms[0]!.detail } : first;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return outcomes;
}

async function runCase(fuzzCase: FuzzCase, options: RunOptions): Promise<FuzzOutcome> {
  const deadlineMs = options.deadlineMs(fuzzCase.operation);
  const url = urlOf(fuzzCase);
  const headers: Record<string, string> = { authorization: `Bearer ${options.key}`, 'x-request-id': `fuzz-${Math.random().toString(36).slice(2, 10)}` };
  if (fuzzCase.contentType) headers['content-type'] = fuzzCase.contentType;
  if (fuzzCase.accept) headers['accept'] = fuzzCase.accept;
  const started = performance.now();
  let response: Response;
  let body: string;
  try {
    // A second past the deadline: the gateway must have answered (504 at worst) by then.
    response = await fetch(`${options.baseUrl}${url}`, { method: fuzzCase.method, headers, body: fuzzCase.body, signal: AbortSignal.timeout(deadlineMs + 1_000), redirect: 'manual' });
    body = Buffer.from(await response.arrayBuffer()).toString('utf8');
  } catch (error) {
    const ms = performance.now() - started;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { fuzzCase, status: 0, ms, symptoms: [{ symptom: timedOut ? 'slow' : '5xx', detail: timedOut ? `no answer within ${deadlineMs + 1_000} ms` : `connection failed: ${String(error)}${error instanceof Error && error.cause ? ` (${String(error.cause)})` : ''}` }] };
  }
  const ms = performance.now() - started;
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (responseHeaders[name] = value));
  const symptoms: FuzzOutcome['symptoms'] = [];
  if (response.status >= 500) symptoms.push({ symptom: '5xx', detail: `${response.status} ${excerpt(body)}` });
  if (response.status >= 400) {
    const problem = envelopeProblem(responseHeaders['content-type'], body);
    if (problem) symptoms.push({ symptom: 'envelope', detail: `${response.status}: ${problem}` });
  } else if (response.status >= 200 && response.status < 300) {
    const problems = options.validator.check({ method: fuzzCase.method, url, status: response.status, headers: responseHeaders, body });
    if (problems.length > 0) symptoms.push({ symptom: 'schema', detail: problems.slice(0, 3).join('; ') });
  } else {
    symptoms.push({ symptom: 'schema', detail: `undocumented status ${response.status}` });
  }
  if (ms > deadlineMs) symptoms.push({ symptom: 'slow', detail: `${Math.round(ms)} ms > ${deadlineMs} ms` });
  return { fuzzCase, status: response.status, ms, symptoms };
}

/** Why a failing answer is not our error envelope, or undefined when it is. */
export function envelopeProblem(contentType: string | undefined, body: string): string | undefined {
  if (!/^application\/json\b/.test(contentType ?? '')) return `content-type ${contentType ?? '(none)'}, not application/json: ${excerpt(body)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `body is not JSON: ${excerpt(body)}`;
  }
  const error = (parsed as { error?: Record<string, unknown> } | null)?.error;
  if (typeof error !== 'object' || error === null) return `no "error" object: ${excerpt(body)}`;
  for (const field of ['code', 'message', 'request_id'] as const) {
    if (typeof error[field] !== 'string' || error[field] === '') return `error.${field} is not a non-empty string: ${excerpt(body)}`;
  }
  return undefined;
}

export function excerpt(text: string, length = 200): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
