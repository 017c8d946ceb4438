import { describe, expect, it } from '@jest/globals';
import { acceptsPreferred } from './accept.js';

describe('choosing the PDF from the Accept header', () => {
  it('gives the PDF when it is asked for alone or first', () => {
    expect(acceptsPreferred('application/pdf', 'application/pdf')).toBe(true);
    expect(acceptsPreferred('application/pdf, application/json;q=0.5', 'application/pdf')).toBe(true);
  });

  it('keeps JSON when the header is absent, a wildcard, or prefers JSON', () => {
    expect(acceptsPreferred(undefined, 'application/pdf')).toBe(false);
    expect(acceptsPreferred('*/*', 'application/pdf')).toBe(false);
    expect(acceptsPreferred('application/json, application/pdf;q=0.2', 'application/pdf')).toBe(false);
    expect(acceptsPreferred('application/pdf;q=0', 'application/pdf')).toBe(false);
  });
});
