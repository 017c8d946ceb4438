import { describe, expect, it } from '@jest/globals';
import { gmina6Of, parseSimc } from './simc-localities.js';

const HEADER = '\uFEFFWOJ;POW;GMI;RODZ_GMI;RM;MZ;NAZWA;SYM;SYMPOD;STAN_NA';

describe('parseSimc', () => {
  it('reads localities with their type in words, folded name and the gmina they lie in', () => {
    const { rows, skipped } = parseSimc(
      [HEADER, '30;21;08;5;01;1;Zalasewo;0595847;0595847;2020-01-01', '12;61;01;1;96;1;Kraków;0950463;0950463;2020-01-01', ''].join('\r\n'),
    );
    expect(skipped).toEqual([]);
    expect(rows).toEqual([
      { sym: '0595847', name: 'Zalasewo', name_folded: 'zalasewo', locality_type: 'wieś', parent_sym: '0595847', gmina6: '302108' },
      { sym: '0950463', name: 'Kraków', name_folded: 'krakow', locality_type: 'miasto', parent_sym: '0950463', gmina6: '126101' },
    ]);
  });

  it('puts the districts of Warsaw and the delegations of the big cities in the city gmina', () => {
    const { rows } = parseSimc([HEADER, '02;64;02;9;98;1;Wrocław-Fabryczna;0986290;0986290;2020-01-01', '14;65;18;8;95;1;Żoliborz;0920080;0920080;2020-01-01'].join('\n'));
    expect(rows.map((row) => [row.name_folded, row.locality_type, row.gmina6])).toEqual([
      ['wroclaw fabryczna', 'delegatura', '026401'],
      ['zoliborz', 'dzielnica', '146501'],
    ]);
    expect(gmina6Of('30', '21', '08', '4')).toBe('302108');
  });

  it('skips and reports lines whose codes do not have the register shape, and refuses a file of another shape', () => {
    const { rows, skipped } = parseSimc([HEADER, '30;21;08;5;01;1;Zalasewo;0595847;0595847;2020-01-01', '30;21;8;5;01;1;Zły;0595848;0595848;2020-01-01', '30;21;08;5;42;1;Typ;0595849;0595849;x'].join('\n'));
    expect(rows).toHaveLength(1);
    expect(skipped).toHaveLength(2);
    expect(() => parseSimc('a;b;c\n1;2;3')).toThrow(/not a SIMC register/);
  });
});
