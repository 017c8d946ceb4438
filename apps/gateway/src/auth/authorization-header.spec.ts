import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { apiKeyOfAuthorization } from './authorization-header.js';

const basic = (credentials: string): string => `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
const refusal = (header: string | undefined): AppError => {
  try {
    apiKeyOfAuthorization(header);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`accepted ${header}`);
};

describe('apiKeyOfAuthorization', () => {
  it('takes the key of a Bearer header', () => {
    expect(apiKeyOfAuthorization('Bearer lp_abc.def')).toBe('lp_abc.def');
    expect(apiKeyOfAuthorization('bearer lp_abc.def ')).toBe('lp_abc.def');
  });

  it('takes the password of a Basic header as the key, whatever the user name', () => {
    expect(apiKeyOfAuthorization(basic('apikey:lp_abc.def'))).toBe('lp_abc.def');
    expect(apiKeyOfAuthorization(basic(':lp_abc.def'))).toBe('lp_abc.def');
    expect(apiKeyOfAuthorization(basic('qgis:lp_a:b'))).toBe('lp_a:b');
  });

  it('refuses what carries no key, saying what is expected', () => {
    expect(refusal(undefined).message).toMatch(/Missing API key/);
    expect(refusal(basic('apikey:')).message).toMatch(/put the API key in the password/);
    expect(refusal(basic('apikey')).message).toMatch(/put the API key in the password/);
    expect(refusal('Token lp_abc').message).toMatch(/Malformed Authorization header: expected "Bearer <API_KEY>"/);
    expect(refusal('Basic !!!').code).toBe('unauthorized');
  });
});
