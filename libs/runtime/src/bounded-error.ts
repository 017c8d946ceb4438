import type { ErrorReply } from '@lp/contracts';

/**
 * Error messages are written for a person or a model to read, and travel in one NATS message: a
 * message listing thousands of problems helps nobody and once broke the bus limit. These bounds
 * hold for every error reply a service sends.
 */
export const MAX_ERROR_MESSAGE_CHARS = 2000;
export const MAX_ERROR_CANDIDATES = 20;
/** Problems named one by one before the rest are counted. */
export const MAX_LISTED_PROBLEMS = 10;

/** The text cut to `max` characters, saying how much was left out. */
export function boundText(text: string, max = MAX_ERROR_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut}… (${text.length - max} more characters)`;
}

/** Problems joined with '; ', the first `max` named and the rest counted. */
export function listProblems(problems: readonly string[], max = MAX_LISTED_PROBLEMS): string {
  const shown = problems.slice(0, max).join('; ');
  return problems.length > max ? `${shown}; and ${problems.length - max} more problems` : shown;
}

export function boundedErrorReply(reply: ErrorReply): ErrorReply {
  const bounded: ErrorReply = { ...reply, message: boundText(reply.message) };
  if (reply.candidates) bounded.candidates = reply.candidates.slice(0, MAX_ERROR_CANDIDATES).map((candidate) => boundText(candidate, 200));
  return bounded;
}
