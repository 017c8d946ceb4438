import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractMember, matchMembers, zipMembers } from './zip-listing.js';

const BDOT10K = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'registers', 'bdot10k', '3064_GML.zip');

describe('zip members of a register package', () => {
  it('matches a member by name in any folder, * standing for a powiat code', () => {
    const members = ['PL.PZGiK.332.1801/BDOT10k/PL.PZGiK.332.1801__OT_PTLZ_A.xml', 'PL.PZGiK.332.1801/BDOT10k/PL.PZGiK.332.1801__OT_SKDR_L.xml', 'A03_Granice_gmin.shp'];
    expect(matchMembers(members, '*__OT_PTLZ_A.xml')).toEqual([members[0]]);
    expect(matchMembers(members, 'A03_Granice_gmin.shp')).toEqual([members[2]]);
    expect(matchMembers(members, 'A03_Granice_gmin.dbf')).toEqual([]);
  });

  it('lists the files of a package (not its folders) and extracts one of them', async () => {
    const members = await zipMembers(BDOT10K);
    expect(members).toHaveLength(9);
    expect(members).toContain('3064_GML/PL.PZGiK.994.BDOT10k.3064__OT_SKDR_L.xml');
    const file = join(mkdtempSync(join(tmpdir(), 'lp-zip-spec-')), 'roads.xml');
    await extractMember(BDOT10K, '3064_GML/PL.PZGiK.994.BDOT10k.3064__OT_SKDR_L.xml', file);
    expect(readFileSync(file, 'utf8')).toContain('<ot:klasaDrogi>droga ekspresowa</ot:klasaDrogi>');
  });

  it('says a file is not a zip, or is cut short, instead of a missing member', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-zip-spec-'));
    writeFileSync(join(dir, 'not.zip'), 'this is a web page saying 404');
    await expect(zipMembers(join(dir, 'not.zip'))).rejects.toThrow(/not\.zip is not a readable zip archive \(.*: cut short or not a zip\)/);
    writeFileSync(join(dir, 'cut.zip'), readFileSync(BDOT10K).subarray(0, 4000));
    await expect(zipMembers(join(dir, 'cut.zip'))).rejects.toThrow(/cut\.zip is not a readable zip archive/);
  });
});
