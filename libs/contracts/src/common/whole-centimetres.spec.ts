import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SiteReportRequest } from '../parcel/report/site-report.request.js';
import { AssemblySearchRequest } from '../search/assembly-search.request.js';

const problems = <T extends object>(type: new () => T, body: unknown): string[] =>
  validateSync(plainToInstance(type, body) as object, { whitelist: true, forbidNonWhitelisted: true }).flatMap((e) => [
    ...Object.values(e.constraints ?? {}),
    ...(e.children ?? []).flatMap((c) => Object.values(c.constraints ?? {})),
  ]);

describe('a gap in metres', () => {
  const site = (max_gap_m: unknown) => problems(SiteReportRequest, { parcel_ids: ['306401_1.0001.1', '306401_1.0001.2'], max_gap_m });
  const assembly = (max_gap_m: unknown) => problems(AssemblySearchRequest, { assembly: { min_total_area_sqm: 1000, max_gap_m } });

  it('refuses a subnormal or sub-centimetre gap (PostgreSQL underflows on 5e-324) with a 400 message', () => {
    for (const gap of [5e-324, 1e-300, 0.001]) {
      expect(site(gap)).toEqual([`max_gap_m must be 0 or at least 0.01 (a centimetre); got ${gap}`]);
      expect(assembly(gap)).toEqual([`assembly.max_gap_m must be 0 or at least 0.01 (a centimetre); got ${gap}`]);
    }
  });

  it('takes 0, a centimetre and whole metres as before', () => {
    for (const gap of [0, 0.01, 2.5, 50]) {
      expect(site(gap)).toEqual([]);
      expect(assembly(gap)).toEqual([]);
    }
  });
});
