import type { LexiconEntry, Meaning } from './meanings.js';

const asset = (scenario: string): Meaning => ({ type: 'asset', scenario });
const pl = (pattern: string, scenario: string): LexiconEntry => ({ pattern, lang: 'pl', meaning: asset(scenario) });
const en = (pattern: string, scenario: string): LexiconEntry => ({ pattern, lang: 'en', meaning: asset(scenario) });
const any = (pattern: string, scenario: string): LexiconEntry => ({ pattern, lang: 'any', meaning: asset(scenario) });

/**
 * Asset types, each the scenario it is searched as. Longer phrases win over shorter ones that start
 * at the same word ("magazyn energii" is storage, "magazyn" alone a warehouse), so a phrase is
 * listed in its longest useful form. Words are folded (no diacritics).
 */
export const ASSET_PHRASES: readonly LexiconEntry[] = [
  // agrivoltaics before solar: "agro PV" must not read as PV
  pl('agrofotowolt*|agrowolt*|agrofoto*', 'agrivoltaics_site'),
  any('agro|agri pv|fotowolt*|solar|voltaic*|voltaik*', 'agrivoltaics_site'),
  any('agropv|agripv|agrisolar|agrisolarn*', 'agrivoltaics_site'),
  en('agrivolt*|agrophotovoltaic*|agrovoltaic*', 'agrivoltaics_site'),
  en('dual use solar|pv', 'agrivoltaics_site'),

  pl('farm*|park*|elektrown*|instalacj*|projekt* fotowolt*|pv|solarn*|sloneczn*', 'solar_farm_site'),
  pl('panel*|modul*|ogniw* fotowolt*|sloneczn*|pv|solarn*', 'solar_farm_site'),
  pl('fotowolt*|fotowoltaik*', 'solar_farm_site'),
  pl('solary|solarow*|solarn*', 'solar_farm_site'),
  pl('farm* pv|fotowoltaiczn*', 'solar_farm_site'),
  en('solar farm|farms|park|parks|plant|plants|project|projects|installation|installations|power|array|arrays|site|sites|development|energy|panels|pv', 'solar_farm_site'),
  en('ground mounted solar|pv', 'solar_farm_site'),
  en('photovoltaic*, photo voltaic*', 'solar_farm_site'),
  en('pv farm|farms|park|parks|plant|plants|project|projects|installation|array|site|sites', 'solar_farm_site'),
  any('solar', 'solar_farm_site'),
  any('pv', 'solar_farm_site'),

  pl('farm*|park*|elektrown*|turbin*|energetyk*|projekt* wiatrow*', 'wind_farm_site'),
  pl('wiatrak*|wiatrow*|wiatrowk*', 'wind_farm_site'),
  pl('turbin*', 'wind_farm_site'),
  pl('energi* wiatr*', 'wind_farm_site'),
  en('?onshore wind farm|farms|park|parks|turbine|turbines|power|project|projects|energy|site|sites|development', 'wind_farm_site'),
  en('wind', 'wind_farm_site'),
  en('turbine|turbines', 'wind_farm_site'),

  pl('magazyn*|magazynow*|magazynowani*|przechowywani* energii', 'bess_storage'),
  pl('magazyn* bateryjn*|akumulatorow*', 'bess_storage'),
  pl('bateri*|bateryjn*|akumulator*', 'bess_storage'),
  en('battery|batteries ?energy storage|park|site|project|system|systems', 'bess_storage'),
  en('energy storage ?system|systems|site|project|park', 'bess_storage'),
  en('grid scale storage|batteries|battery', 'bess_storage'),
  en('battery|batteries', 'bess_storage'),
  any('bess', 'bess_storage'),

  pl('biogaz*|biometan*|biogazown*', 'biogas_plant'),
  en('biogas*|biomethane*|biogaz*', 'biogas_plant'),
  en('anaerobic digest*', 'biogas_plant'),

  pl('centrum|centra|centrow|centrach|centrami|centrom przetwarzania ?danych', 'data_center_site'),
  pl('centrum|centra|centrow|centrach|centrami|centrom danych', 'data_center_site'),
  pl('serwerown*', 'data_center_site'),
  any('data center|centers|centre|centres|centrum', 'data_center_site'),
  any('datacenter*|datacentre*', 'data_center_site'),
  en('hyperscale*|colocation', 'data_center_site'),
  en('server farm|farms|hall|halls', 'data_center_site'),

  pl('osiedl* ?mieszkaniow*|domow|domkow|deweloperski*', 'housing_estate_site'),
  en('housing estate|estates|development|developments|scheme|schemes|project|projects', 'housing_estate_site'),
  en('residential estate|estates|subdivision|subdivisions', 'housing_estate_site'),
  en('subdivision*, gated community', 'housing_estate_site'),

  pl('dom|domu|domy|domow|domek|domku|domki|domkow|domem jednorodzinn*|wolnostojac*|blizniacz*|szeregow*', 'urban_residential_development'),
  pl('dom|domu|domy|domek|domku|domki|domkow', 'urban_residential_development'),
  pl('mieszkaniowk*', 'urban_residential_development'),
  pl('zabudow*|budownictw*|inwestycj*|projekt* mieszkaniow*|mieszkaln*', 'urban_residential_development'),
  pl('budyn*|budynk* wielorodzinn*|mieszkaln*|jednorodzinn*', 'urban_residential_development'),
  pl('wielorodzinn*|jednorodzinn*', 'urban_residential_development'),
  pl('kamienic*|apartamentow*|apartament*', 'urban_residential_development'),
  pl('mieszkania|mieszkan|mieszkaniami', 'urban_residential_development'),
  en('single family ?home|homes|house|houses|housing', 'urban_residential_development'),
  en('family home|homes|house|houses', 'urban_residential_development'),
  en('residential development|developments|building|buildings|project|projects|scheme|schemes|use', 'urban_residential_development'),
  en('apartment|apartments building|buildings|block|blocks|complex', 'urban_residential_development'),
  en('house|houses|home|homes|apartments|flats|townhouse*|housing', 'urban_residential_development'),

  pl('park*|centrum|centra|galeri*|obiekt*|kompleks* handlow*', 'retail_park_site'),
  pl('sklep*|obiekt* wielkopowierzchniow*', 'retail_park_site'),
  pl('wielkopowierzchniow*', 'retail_park_site'),
  en('retail park|parks|centre|center|centres|centers|development|site|sites|scheme|warehouse|warehouses', 'retail_park_site'),
  en('shopping centre|center|centres|centers|mall|malls|park|parks', 'retail_park_site'),
  en('retail|mall|malls', 'retail_park_site'),

  pl('hal*|centrum|centra|park*|obiekt*|budyn* magazynow*|logistyczn*|dystrybucyjn*', 'logistics_warehouse'),
  pl('hal*|centrum|centra|park* produkcyjn*|przemyslow*', 'logistics_warehouse'),
  pl('magazyn|magazynu|magazyny|magazynow|magazynem|magazynie|magazynami|magazynach', 'logistics_warehouse'),
  pl('magazynow*|logistyk*|logistyczn*|magazynowo*', 'logistics_warehouse'),
  en('warehouse*|warehousing|logistic*|fulfil*|fulfillment', 'logistics_warehouse'),
  en('distribution centre|center|centres|centers|hub|hubs|park|parks', 'logistics_warehouse'),
  en('storage facility|facilities|yard|hall|halls', 'logistics_warehouse'),

  pl('teren*|grunt*|obszar*|dzialk* poprzemyslow*|pofabryczn*|zdegradowan*', 'brownfield_redevelopment'),
  pl('poprzemyslow*|pofabryczn*|rewitaliz*|rewitalizacj*', 'brownfield_redevelopment'),
  any('brownfield*, brown field*', 'brownfield_redevelopment'),
  en('post industrial ?land|site|sites|area|areas', 'brownfield_redevelopment'),
  en('postindustrial|redevelopment|regeneration', 'brownfield_redevelopment'),
  en('former industrial|factory ?land|site|sites|plant|plants', 'brownfield_redevelopment'),

  pl('grunt*|ziemi*|dzialk*|nieruchomosc*|teren* panstwow*', 'public_land_opportunity'),
  // the State Treasury's farmland is KOWR's stock; the State Treasury alone is an owner (owner-phrases.ts)
  pl('grunt*|ziemi*|dzialk*|nieruchomosc*|teren* rolne|rolnych skarbu panstwa', 'public_land_opportunity'),
  pl('zasob* wlasnosci rolnej ?skarbu ?panstwa', 'public_land_opportunity'),
  pl('panstwow*', 'public_land_opportunity'),
  any('kowr|anr|zwrsp', 'public_land_opportunity'),
  en('state|government|treasury|public ?agricultural land|lands|property|farmland', 'public_land_opportunity'),
  en('state|government owned ?land|lands|property|farmland', 'public_land_opportunity'),
];
