import { AppError } from '@lp/contracts';

const EXPECTED = 'expected "Bearer <API_KEY>" (or, for GIS clients that only offer basic authentication such as QGIS, "Basic" with the API key as the password)';

/**
 * The API key an Authorization header carries: `Bearer <key>`, or `Basic base64(<any user>:<key>)`.
 * Basic is accepted because some clients our users load data with (QGIS up to 3.28, older ArcGIS)
 * can only attach a user name and password to a WFS/OGC API connection; the key stands in for the
 * password and the user name is ignored. Over HTTPS both are equally protected.
 */
export function apiKeyOfAuthorization(authorization: string | undefined): string {
  if (!authorization) throw new AppError('unauthorized', 'Missing API key: send the header Authorization: Bearer <API_KEY>.');
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (basic) {
    const credentials = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = credentials.indexOf(':');
    const password = colon >= 0 ? credentials.slice(colon + 1) : '';
    if (password.length > 0) return password;
    throw new AppError('unauthorized', `Basic authentication without a password: put the API key in the password (any user name); ${EXPECTED}.`);
  }
  throw new AppError('unauthorized', `Malformed Authorization header: ${EXPECTED}.`);
}
