import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchMembers, zipMembers } from './zip-listing.js';

describe('zip members of a register package', () => {
  it('matches a member by name in any folder, * standing for a powiat code', () => {
    const members = ['PL.PZGiK.332.1801/BDOT10k/PL.PZGiK.332.1801__OT_PTLZ_A.xml', 'PL.PZGiK.332.1801/BDOT10k/PL.PZGiK.332.1801__OT_SKDR_L.xml', 'A03_Granice_gmin.shp'];
    expect(matchMembers(members, '*__OT_PTLZ_A.xml')).toEqual([members[0]]);
    expect(matchMembers(members, 'A03_Granice_gmin.shp')).toEqual([members[2]]);
    expect(matchMembers(members, 'A03_Granice_gmin.dbf')).toEqual([]);
  });

  it('says a file is not a zip, or is cut short, instead of a missing member', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-zip-spec-'));
    writeFileSync(join(dir, 'not.zip'), 'this is a web page saying 404');
    expect(() => zipMembers(join(dir, 'not.zip'))).toThrow(/not\.zip is not a readable zip archive \(no central directory: cut short or not a zip\)/);
  });
});
