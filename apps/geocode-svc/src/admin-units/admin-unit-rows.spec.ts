import { describe, expect, it } from '@jest/globals';
import { buildAdminUnits, type AdminBoundRow } from './admin-unit-rows.js';

const bound = (teryt: string, kind: string, name: string, unitType: string | null, parent: string | null = null): AdminBoundRow => ({
  teryt,
  kind,
  name,
  unit_type: unitType,
  parent_teryt: parent,
});

const OSTRODA = [
  bound('28', 'voivodeship', 'warmińsko-mazurskie', 'województwo'),
  bound('2815', 'powiat', 'powiat ostródzki', 'powiat', '28'),
  bound('2815011', 'gmina', 'Ostróda', 'gmina miejska', '2815'),
  bound('2815092', 'gmina', 'Ostróda', 'gmina wiejska', '2815'),
];

describe('buildAdminUnits', () => {
  it('labels a gmina with its powiat and voivodeship, so same-named gminas are told apart', () => {
    const { units, skipped } = buildAdminUnits(OSTRODA);
    expect(skipped).toEqual([]);
    const urban = units.find((unit) => unit.teryt === '2815011')!;
    expect(urban).toEqual({
      teryt: '2815011',
      level: 'gmina',
      level_rank: 2,
      name: 'Ostróda',
      unit_type: 'gmina miejska',
      parent_teryt: '2815',
      parent_name: 'powiat ostródzki',
      parent_label: 'powiat ostródzki, warmińsko-mazurskie',
      label: 'Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie',
      name_folded: 'ostroda',
      core_folded: 'ostroda',
    });
    expect(units.find((unit) => unit.teryt === '2815092')!.label).toBe('Ostróda — gmina wiejska, powiat ostródzki, warmińsko-mazurskie');
  });

  it('labels a powiat with its voivodeship and a voivodeship with nothing', () => {
    const { units } = buildAdminUnits(OSTRODA);
    expect(units.find((unit) => unit.teryt === '2815')).toMatchObject({
      level: 'powiat',
      level_rank: 1,
      parent_teryt: '28',
      parent_label: 'warmińsko-mazurskie',
      label: 'powiat ostródzki — powiat, warmińsko-mazurskie',
      name_folded: 'powiat ostrodzki',
      core_folded: 'ostrodzki',
    });
    expect(units.find((unit) => unit.teryt === '28')).toMatchObject({ level_rank: 0, parent_teryt: null, parent_label: null, label: 'warmińsko-mazurskie — województwo' });
  });

  it('writes "powiat" before a powiat name that a source gives without it', () => {
    const { units } = buildAdminUnits([
      bound('30', 'voivodeship', 'wielkopolskie', 'województwo'),
      bound('3064', 'powiat', 'Poznań', 'miasto na prawach powiatu', '30'),
      bound('3064011', 'gmina', 'Poznań', 'gmina miejska', '3064'),
    ]);
    expect(units.find((unit) => unit.teryt === '3064011')!.parent_label).toBe('powiat Poznań, wielkopolskie');
    expect(units.find((unit) => unit.teryt === '3064')!.core_folded).toBe('poznan');
  });

  it('takes the unit type from English aliases or the TERYT code when the source has none that fits', () => {
    const { units } = buildAdminUnits([
      bound('12', 'voivodeship', 'małopolskie', 'voivodeship'),
      bound('1261', 'powiat', 'powiat Kraków', null, '12'),
      bound('1206', 'powiat', 'powiat krakowski', 'gmina miejska', '12'),
      bound('1261011', 'gmina', 'Kraków', 'gmina_urban', '1261'),
      bound('1206113', 'gmina', 'Skawina', '', '1206'),
    ]);
    expect(Object.fromEntries(units.map((unit) => [unit.teryt, unit.unit_type]))).toEqual({
      '12': 'województwo',
      '1261': 'miasto na prawach powiatu',
      '1206': 'powiat',
      '1261011': 'gmina miejska',
      '1206113': 'gmina miejsko-wiejska',
    });
  });

  it('derives a missing parent code from the TERYT code and tolerates a missing parent unit', () => {
    const { units } = buildAdminUnits([bound('2815011', 'gmina', 'Ostróda', 'gmina miejska', null)]);
    expect(units[0]).toMatchObject({ parent_teryt: '2815', parent_name: null, parent_label: null, label: 'Ostróda — gmina miejska' });
  });

  it('skips and reports rows that are no unit or whose code does not fit their level', () => {
    const { units, skipped } = buildAdminUnits([
      ...OSTRODA,
      bound('281501', 'gmina', 'Zły kod', 'gmina miejska', '2815'),
      bound('2815', 'district', 'Obcy', 'powiat', '28'),
      bound('2815995', 'gmina', 'Bez typu', null, '2815'),
    ]);
    expect(units).toHaveLength(4);
    expect(skipped).toHaveLength(3);
    expect(skipped[0]).toContain('281501');
  });
});
