/** A row of geocode-svc's published view `geocode_pub.places` (the columns are a contract). */
export interface PlaceRow {
  /** TERYT code of a unit, or `simc:<SYM>` of a locality. */
  place_id: string;
  kind: 'voivodeship' | 'powiat' | 'gmina' | 'locality';
  name: string;
  name_folded: string;
  /** A unit's TERYT type (`gmina miejska`, `powiat`, ...) or a locality's SIMC type (`wieś`, `miasto`, ...). */
  unit_type: string;
  /** The unit's code; for a locality, the gmina it lies in. */
  teryt: string;
  parent_teryt: string | null;
  /** `Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie`. */
  label: string;
}
