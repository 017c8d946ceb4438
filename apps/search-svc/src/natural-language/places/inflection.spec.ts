import { describe, expect, it } from '@jest/globals';
import { baseCandidates } from './inflection.js';

describe('baseCandidates', () => {
  it.each([
    ['krakowie', 'krakow'],
    ['krakowa', 'krakow'],
    ['krakowem', 'krakow'],
    ['poznania', 'poznan'],
    ['poznaniu', 'poznan'],
    ['olsztynem', 'olsztyn'],
    ['gdansku', 'gdansk'],
    ['warszawie', 'warszawa'],
    ['warszawy', 'warszawa'],
    ['lodzi', 'lodz'],
    ['ostrodzie', 'ostroda'],
    ['sopocie', 'sopot'],
    ['gorze', 'gora'],
    ['zielonej', 'zielona'],
    ['kole', 'kolo'],
    ['pile', 'pila'],
    ['opolu', 'opole'],
    ['gnieznie', 'gniezno'],
    ['bielsku', 'bielsko'],
    ['katowicach', 'katowice'],
    ['katowic', 'katowice'],
    ['tychach', 'tychy'],
    ['suwalkach', 'suwalki'],
    ['miescie', 'miasto'],
    ['lesie', 'las'],
    ['mazowszu', 'mazowsze'],
    ['malopolsce', 'malopolska'],
    ['slasku', 'slask'],
    ['podkarpaciu', 'podkarpacie'],
    ['warmii', 'warmia'],
    ['mazurach', 'mazury'],
    ['wielkopolskim', 'wielkopolski'],
    ['mazowieckim', 'mazowieckie'],
    ['pomorskiego', 'pomorskie'],
    ['ostrodzkim', 'ostrodzki'],
    ['nowym', 'nowy'],
    ['nowego', 'nowe'],
    ['olsztynku', 'olsztynek'],
    ['boleslawcu', 'boleslawiec'],
    ['bydgoszczy', 'bydgoszcz'],
    ['gdyni', 'gdynia'],
    ['zakopanem', 'zakopane'],
    ['bialymstoku', 'bialystok'],
    ['kornika', 'kornik'],
    ['lubelszczyznie', 'lubelszczyzna'],
  ])('%s may come from %s', (form, base) => {
    expect(baseCandidates(form)).toContain(base);
  });

  it('keeps the word itself first and leaves numbers and short stems alone', () => {
    expect(baseCandidates('krakow')[0]).toBe('krakow');
    expect(baseCandidates('a2')).toEqual(['a2']);
    expect(baseCandidates('ula')).not.toContain('u');
  });
});
