import { findLayer } from '@lp/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { APP_PROFILES } from './registers/app.profiles.js';
import { BDOT10K_PROFILES } from './registers/bdot10k.profiles.js';
import { EGIB_PROFILES } from './registers/egib.profiles.js';
import { GDOS_PROFILES } from './registers/gdos.profiles.js';
import { GRID_CAPACITY_PROFILES } from './registers/grid-capacity.profiles.js';
import { GUNB_PROFILES } from './registers/gunb.profiles.js';
import { ISOK_PROFILES } from './registers/isok.profiles.js';
import { OSM_PROFILES } from './registers/osm.profiles.js';
import { PRG_PROFILES } from './registers/prg.profiles.js';
import { RCN_PROFILES } from './registers/rcn.profiles.js';
import { sourceProfileSchema, type SourceProfile, type SourceProfileInput, type ValueExpression } from './source-profile.js';

/**
 * Catalogue layers (or a part of one, `<layer> (<part>)`) whose register has no open national
 * source to load from, and why (shown by `npm run layers -- profiles` and in docs/data-registers.md).
 */
export const NO_OPEN_SOURCE: Readonly<Record<string, string>> = {
  mpzp_zones:
    'Zones of local plans are not in APP (APP holds the plan boundary and documents); most gminas publish the drawing as a raster, ' +
    'so zones are vectorised per gmina or taken from a gmina\'s own GIS where it publishes one.',
  'env_layers (forests)':
    'Forest promotional complexes (LKP) of the State Forests: no vector download located. The Bank Danych o Lasach WFS ' +
    '(wfs.bdl.lasy.gov.pl/geoserver/BDL/ows) serves forest districts and stand subdivisions per RDLP, not the LKP boundaries; ' +
    'the part kinds:forests of env_layers is loaded by hand in our own format.',
  'env_layers (wetlands)':
    'The wetland map (Mapa mokradeł, ITP-PIB) is served as a map (WMS) and handed out on request; Ramsar sites are listed by the Ramsar ' +
    'Sites Information Service without an open Polish vector service: no open vector download located. The part kinds:wetlands of ' +
    'env_layers is loaded by hand in our own format.',
  kowr_land:
    'KOWR publishes its stock and tenders as lists and announcements per branch office, not as an open spatial data set; ' +
    'parcels are joined by their EGiB ids from those lists.',
};

/**
 * Validates profiles against their schema and against the catalogue: the layer exists, every mapped
 * attribute is one of its attributes, every required attribute is mapped, and every kind a code
 * table can give is one of the layer's kinds. Throws one error listing every problem.
 */
export function validateProfiles(inputs: readonly unknown[], where: string): SourceProfile[] {
  const problems: string[] = [];
  const profiles: SourceProfile[] = [];
  for (const [index, input] of inputs.entries()) {
    const parsed = sourceProfileSchema.safeParse(input);
    const label = (input as { id?: unknown })?.id ?? `#${index + 1}`;
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => `${String(label)}: ${issue.path.join('.') || '(profile)'} ${issue.message}`));
      continue;
    }
    problems.push(...catalogueProblems(parsed.data).map((problem) => `${parsed.data.id}: ${problem}`));
    profiles.push(parsed.data);
  }
  const ids = profiles.map((profile) => profile.id);
  for (const id of new Set(ids.filter((id, index) => ids.indexOf(id) !== index))) problems.push(`${id}: defined twice`);
  if (problems.length > 0) throw new Error(`${where} has invalid source profiles:\n  ${problems.join('\n  ')}`);
  return profiles;
}

function catalogueProblems(profile: SourceProfile): string[] {
  const layer = findLayer(profile.layer);
  if (!layer) return [`layer ${profile.layer} is not in the catalogue`];
  const problems: string[] = [];
  const attributes = new Set(layer.attributes.map((attribute) => attribute.name));
  for (const name of Object.keys(profile.map.attributes)) {
    if (name === 'name' || name === 'teryt') problems.push(`${name} is mapped as an attribute; map it as map.${name}`);
    else if (!attributes.has(name)) problems.push(`attribute ${name} is not an attribute of ${layer.id}`);
  }
  for (const attribute of layer.attributes.filter((candidate) => candidate.required)) {
    if (attribute.name === 'teryt') continue; // a missing gmina is taken from the geometry
    const mapped = attribute.name === 'name' ? profile.map.name !== undefined : attribute.name in profile.map.attributes;
    if (!mapped) problems.push(`required attribute ${attribute.name} of ${layer.id} is not mapped`);
  }
  const unknownKinds = kindsGiven(profile.map.kind).filter((kind) => !layer.kinds.some((candidate) => candidate.id === kind));
  if (unknownKinds.length > 0) problems.push(`kinds ${unknownKinds.join(', ')} are not kinds of ${layer.id}`);
  return problems;
}

/** Kinds a kind expression can produce from its own tables (an unknown code passing through is validation's). */
function kindsGiven(expression: ValueExpression): string[] {
  if ('constant' in expression) return expression.constant === null ? [] : [String(expression.constant)];
  const otherwise = 'otherwise' in expression && expression.otherwise ? kindsGiven(expression.otherwise) : [];
  if ('codes' in expression) return [...Object.values(expression.table).map(String), ...otherwise];
  if ('rules' in expression) return [...expression.match.map(([, value]) => value), ...otherwise];
  if ('bands' in expression) return expression.from.map(([, label]) => label);
  if ('firstOf' in expression) return expression.firstOf.flatMap(kindsGiven);
  return [];
}

const BUILT_IN: readonly SourceProfileInput[] = [
  ...RCN_PROFILES,
  ...APP_PROFILES,
  ...PRG_PROFILES,
  ...EGIB_PROFILES,
  ...GDOS_PROFILES,
  ...ISOK_PROFILES,
  ...GUNB_PROFILES,
  ...BDOT10K_PROFILES,
  ...OSM_PROFILES,
  ...GRID_CAPACITY_PROFILES,
];

/** Every profile kept in the repository, validated when this module loads (at the start of the CLI). */
export const SOURCE_PROFILES: readonly SourceProfile[] = validateProfiles(BUILT_IN, 'apps/layer-svc/src/refresh/profiles');

/**
 * A profile by id, or read from a JSON file (an operator's own register, validated the same way).
 * Throws naming the known ids when there is neither.
 */
export function resolveProfile(reference: string): SourceProfile {
  const known = SOURCE_PROFILES.find((profile) => profile.id === reference);
  if (known) return known;
  if (/\.json$/i.test(reference) && existsSync(reference)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(reference, 'utf8'));
    } catch (error) {
      throw new Error(`${reference} is not JSON: ${(error as Error).message}`);
    }
    return validateProfiles([parsed], reference)[0]!;
  }
  throw new Error(`Unknown source profile ${reference}; profiles: ${SOURCE_PROFILES.map((profile) => profile.id).join(', ')} (or a profile .json file)`);
}
