/**
 * Names people use for a region that are not its official TERYT name: historical lands for
 * voivodeships ("na Mazowszu", "na Śląsku"), English names ("Lesser Poland", "Masovia") and English
 * exonyms of cities ("Warsaw"). Polish names are written in the nominative and folded; the place
 * finder declines them like any other name ("w Małopolsce", "na Warmii i Mazurach").
 *
 * A historical land that spans several voivodeships is given the one that carries its name
 * (Śląsk → śląskie, Pomorze → pomorskie); the interpretation states the unit it searched.
 */
export interface RegionAlias {
  teryt: string;
  names: readonly string[];
}

export const REGION_ALIASES: readonly RegionAlias[] = [
  { teryt: '02', names: ['dolny slask', 'lower silesia', 'lower silesian', 'lower silesian voivodeship'] },
  { teryt: '04', names: ['kujawy', 'kujawy i pomorze', 'kujawy pomorze', 'kuyavia', 'kuyavia pomerania', 'kuyavian pomeranian', 'kuyavian pomeranian voivodeship'] },
  { teryt: '06', names: ['lubelszczyzna', 'lublin voivodeship', 'lublin province', 'lublin region'] },
  { teryt: '08', names: ['ziemia lubuska', 'lubusz', 'lubusz voivodeship', 'lubusz land'] },
  { teryt: '10', names: ['lodz voivodeship', 'lodz province', 'lodz region'] },
  { teryt: '12', names: ['malopolska', 'lesser poland', 'lesser poland voivodeship', 'lesser poland province'] },
  { teryt: '14', names: ['mazowsze', 'masovia', 'mazovia', 'masovian', 'mazovian', 'masovian voivodeship', 'mazovian voivodeship'] },
  { teryt: '16', names: ['opolszczyzna', 'opole voivodeship', 'opole province', 'opole silesia'] },
  { teryt: '18', names: ['podkarpacie', 'subcarpathia', 'subcarpathian', 'subcarpathian voivodeship'] },
  { teryt: '20', names: ['podlasie', 'podlachia', 'podlachian', 'podlasie voivodeship'] },
  { teryt: '22', names: ['pomorze', 'pomorze gdanskie', 'pomerania', 'pomeranian', 'pomeranian voivodeship'] },
  { teryt: '24', names: ['slask', 'gorny slask', 'silesia', 'upper silesia', 'silesian', 'silesian voivodeship'] },
  { teryt: '26', names: ['kielecczyzna', 'holy cross', 'holy cross voivodeship', 'holy cross mountains'] },
  { teryt: '28', names: ['warmia i mazury', 'warmia', 'mazury', 'warmia masuria', 'warmia mazury', 'masuria', 'warmian masurian', 'warmian masurian voivodeship'] },
  { teryt: '30', names: ['wielkopolska', 'greater poland', 'greater poland voivodeship', 'greater poland province'] },
  { teryt: '32', names: ['pomorze zachodnie', 'west pomerania', 'west pomeranian', 'western pomerania', 'west pomeranian voivodeship'] },
  // English exonyms of cities
  { teryt: '1465011', names: ['warsaw'] },
  { teryt: '1261011', names: ['cracow'] },
];
