import { describe, expect, it } from '@jest/globals';
import { displayName } from './feature-names.js';

describe('displayName', () => {
  it("writes a merged line's names once each, with kV spaced and the dash of a route", () => {
    expect(displayName('power_lines', '110kV Główna - Rataje, 110kV Główna-Rataje', {})).toBe('110 kV Główna – Rataje');
    expect(displayName('power_lines', '110kV Bieruń - Karlik, 220kV Bieruń - Jeleń', {})).toBe('110 kV Bieruń – Karlik; 220 kV Bieruń – Jeleń');
  });

  it('keeps a hyphen inside a name and the number of a station', () => {
    expect(displayName('power_substations', '17 Rataje 110kV', {})).toBe('17 Rataje 110 kV');
    expect(displayName('power_lines', '110kV Kędzierzyn-Koźle - Blachownia', {})).toBe('110 kV Kędzierzyn-Koźle – Blachownia');
  });

  it('names an unnamed road by its number and leaves other names and unnamed features as they are', () => {
    expect(displayName('roads', null, { road_number: 'DK92' })).toBe('DK92');
    expect(displayName('roads', null, {})).toBeNull();
    expect(displayName('hydrants', null, { flow_lps: 10 })).toBeNull();
    expect(displayName('services_poi', 'Przychodnia - Wychody', {})).toBe('Przychodnia - Wychody');
  });
});
