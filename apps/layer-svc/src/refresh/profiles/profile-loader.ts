import type { LayerDefinition } from '@lp/contracts';
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { libpqKeywords, runOgr2ogr } from '../ogr-loader.js';
import { terytDigits } from '../../storage/teryt-level.js';
import { compileMapping } from './profile-mapping.js';
import type { ProfileStagingRepository } from './profile-staging.repository.js';
import type { SourceProfile } from './source-profile.js';
import { harvestWfs, numberAttribute } from './wfs-harvest.js';
import { extractMember, matchMembers, zipMembers } from './zip-listing.js';

export interface ProfileLoadOptions {
  databaseUrl: string;
  profile: SourceProfile;
  layer: LayerDefinition;
  /** A file path or http(s) URL (a WFS profile: the service URL). */
  source: string;
  /** Staging table the pipeline reads (`layer_stage.<stageTable>`). */
  stageTable: string;
  say: (message: string) => void;
  /** Retries of WFS requests (tests shorten the back-off). */
  wfsRetry?: { attempts: number; backoffMs: number };
}

export interface ProfileLoadResult {
  /** Rows of the source left out on purpose, each described (a capacity list's rows matched to no substation). */
  leftOut: string[];
}

/** One thing GDAL opens, and the name its rows are tagged with in `_layer`. */
interface GdalInput {
  path: string;
  /** GDAL layer to read; all of the dataset's layers when absent. */
  layer?: string;
  tag: string;
  /** WFS feature type the input is a page of. */
  featureType?: string;
}

/**
 * Loads a register's published data through its profile: fetches it (file, URL, zip, WFS pages),
 * lets GDAL read it with the profile's options into a raw table in the register's own columns (all
 * text, so codes keep their leading zeros), checks the columns and the WFS counts, and maps it into
 * the staging table the pipeline validates and swaps in. Every failure names the profile and says
 * what was expected against what the source has.
 */
export async function loadThroughProfile(repository: ProfileStagingRepository, options: ProfileLoadOptions): Promise<ProfileLoadResult> {
  const { profile, say } = options;
  const raw = `${options.stageTable}_raw`;
  const work = mkdtempSync(join(tmpdir(), 'lp-profile-'));
  try {
    await repository.drop(raw);
    const { inputs, expected } = await resolveInputs(options, work);
    const osmConfig = profile.gdal.osm ? writeOsmConfig(profile.gdal.osm, work) : undefined;
    const loaded = new Map<string, number>();
    for (const [index, input] of inputs.entries()) {
      await loadRaw({ ...options, osmConfig }, input, raw, await repository.exists(raw));
      const rows = (await repository.exists(raw)) ? await repository.tagSourceLayer(raw, input.tag) : 0;
      const key = input.featureType ?? input.tag;
      loaded.set(key, (loaded.get(key) ?? 0) + rows);
      if (inputs.length > 1) say(`${profile.id}: read ${index + 1} of ${inputs.length} inputs (${input.tag}: ${rows} rows)`);
    }
    for (const [featureType, matched] of expected) {
      const got = loaded.get(featureType) ?? 0;
      if (got < matched) throw new Error(`${profile.id}: the WFS holds ${matched} features of ${featureType} but ${got} were loaded; a short harvest is refused`);
    }
    const total = [...loaded.values()].reduce((sum, rows) => sum + rows, 0);
    if (!(await repository.exists(raw)) || total === 0) {
      const filter = profile.gdal.where ? ` matching ${profile.gdal.where}` : '';
      const layers = profile.gdal.layers ? ` in its GDAL layers ${profile.gdal.layers.join(', ')}` : '';
      throw new Error(`${profile.id}: the source has no features${filter}${layers}; it is not ${profile.register}, or not the extract the profile expects`);
    }
    const columns = await repository.columns(raw);
    const mapping = compileMapping(profile, raw, columns);
    if (mapping.missing.length > 0) {
      throw new Error(
        `${profile.id}: the source has no column ${mapping.missing.join(', ')}, which the profile maps (${profile.register}); ` +
          `the source has: ${columns.map((column) => column.name).join(', ')}`,
      );
    }
    const count = await repository.createMapped(options.stageTable, mapping);
    await checkTerytLevel(repository, options);
    say(`${profile.id}: ${count} rows mapped to ${options.layer.id}`);
    if (typeof profile.map.geometry === 'object' && 'parcelPoint' in profile.map.geometry) {
      const unplaced = await repository.dropUnplaced(options.stageTable);
      if (unplaced.count > 0) say(`${profile.id}: ${unplaced.count} of ${count} rows name parcels the parcels layer does not serve and were left out (e.g. ${unplaced.examples.join(', ')})`);
    }
    if (typeof profile.map.geometry === 'object' && 'substationPoint' in profile.map.geometry) {
      const unmatched = await repository.dropUnmatchedSubstations(options.stageTable);
      say(`${profile.id}: ${count - unmatched.length} of ${count} rows matched a served substation; ${unmatched.length} left out`);
      for (const row of unmatched) say(`${profile.id}: unmatched row ${row}`);
      return { leftOut: unmatched };
    }
    return { leftOut: [] };
  } finally {
    await repository.drop(raw).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

/** A TERYT coarser than the catalogue states (a powiat where a gmina is meant) is refused, not rolled up. */
async function checkTerytLevel(repository: ProfileStagingRepository, options: ProfileLoadOptions): Promise<void> {
  const digits = terytDigits(options.layer);
  const off = await repository.terytOffLevel(options.stageTable, digits);
  if (off.count === 0) return;
  const levels = digits.map((n) => `${n}-digit`).join(' or ');
  const found = [...new Set(off.examples.map((code) => `${code.length}-digit`))].join(', ');
  throw new Error(
    `${options.profile.id}: teryt of ${options.layer.id} must be a ${levels} TERYT code (text), but the source gives ${found} codes ` +
      `(${off.count} distinct, e.g. ${off.examples.join(', ')}); a 4-digit code is a powiat, not a gmina`,
  );
}

async function resolveInputs(options: ProfileLoadOptions, work: string): Promise<{ inputs: GdalInput[]; expected: Map<string, number> }> {
  const { profile, source } = options;
  const remote = /^(https?:\/\/|WFS:)/i.test(source);
  const fetch = profile.fetch;
  if (fetch.kind === 'wfs' && !remote) return savedAnswer(options, fetch.typeNames, work);
  if (fetch.kind === 'wfs') {
    const inputs: GdalInput[] = [];
    const expected = new Map<string, number>();
    for (const typeName of fetch.typeNames) {
      const harvest = await harvestWfs({ endpoint: source, typeName, sortBy: fetch.sortBy, defaultPageSize: fetch.defaultPageSize, srsName: fetch.srsName, dir: work, say: options.say, ...options.wfsRetry });
      if (harvest.matched !== null) expected.set(typeName, harvest.matched);
      inputs.push(...harvest.pages.map((path) => ({ path, tag: typeName, featureType: typeName })));
    }
    return { inputs, expected };
  }
  if (!remote && !existsSync(source)) throw new Error(`${profile.id}: the source file ${source} does not exist`);
  const layers = (path: string, tag: string): GdalInput[] => (profile.gdal.layers ?? [undefined]).map((layer) => ({ path, layer, tag: layer ?? tag }));
  if (fetch.kind === 'file') {
    const local = remote && fetch.download ? await download(source, work) : source;
    const path = remote && !fetch.download ? `/vsicurl/${source}` : textInUtf8(withoutStaleGfs(local, work), profile, work);
    return { inputs: layers(path, basename(source).replace(/\.[^.]+$/, '')), expected: new Map() };
  }
  const archive = remote ? await download(source, work) : source;
  let members: string[];
  try {
    members = await zipMembers(archive);
  } catch (error) {
    throw new Error(`${profile.id}: ${(error as Error).message.replace(archive, basename(source))}`);
  }
  const inputs: GdalInput[] = [];
  for (const pattern of fetch.members) {
    const matched = matchMembers(members, pattern);
    if (matched.length === 0) throw new Error(`${profile.id}: the zip ${basename(source)} has no member matching ${pattern}; it has: ${members.slice(0, 12).join(', ')}${members.length > 12 ? ', ...' : ''}`);
    for (const member of matched) {
      const tag = basename(member).replace(/\.[^.]+$/, '');
      // Text members are checked and re-encoded like a text file; GDAL reads the rest in place.
      const path = isText(member) ? textInUtf8(await extractTo(archive, member, work), profile, work, member) : `/vsizip/${archive}/${member}`;
      inputs.push(...layers(path, tag));
    }
  }
  return { inputs, expected: new Map() };
}

/**
 * A GetFeature answer saved to a file: each of the profile's feature types found in it is read
 * (tagged with its type), and a file that says it is one page of more (numberMatched above
 * numberReturned) is refused: it would load a part of the register as if it were all of it.
 */
function savedAnswer(options: ProfileLoadOptions, typeNames: readonly string[], work: string): { inputs: GdalInput[]; expected: Map<string, number> } {
  const { profile, source } = options;
  if (!existsSync(source)) throw new Error(`${profile.id}: the source file ${source} does not exist`);
  const head = readFileSync(source, { encoding: 'utf8' }).slice(0, 4096);
  const matched = numberAttribute(head, 'numberMatched');
  const returned = numberAttribute(head, 'numberReturned');
  if (matched !== null && returned !== null && returned < matched) {
    throw new Error(`${profile.id}: ${basename(source)} is one page of a WFS answer (${returned} of ${matched} features); harvest the service instead`);
  }
  const path = withoutStaleGfs(source, work);
  const present = new Set(gdalLayers(path, profile.gdal));
  const inputs = typeNames.filter((typeName) => present.has(localName(typeName))).map((typeName) => ({ path, layer: localName(typeName), tag: typeName, featureType: typeName }));
  if (inputs.length === 0) throw new Error(`${profile.id}: ${basename(source)} has none of the feature types ${typeNames.join(', ')}; it has: ${[...present].join(', ') || '(nothing GDAL reads)'}`);
  const expected = new Map<string, number>();
  if (returned !== null && inputs.length === 1) expected.set(inputs[0]!.tag, returned);
  return { inputs, expected };
}

/**
 * A local GML as GDAL should read it: through a link in the work directory, so a `.gfs` schema that
 * an earlier read left beside the file (made without this profile's options, e.g. without the xlink
 * attributes) is not taken for the file's schema.
 */
function withoutStaleGfs(source: string, work: string): string {
  if (!/\.(gml|xml)$/i.test(source)) return source;
  const link = join(work, basename(source));
  symlinkSync(resolve(source), link);
  return link;
}

function localName(typeName: string): string {
  return typeName.replace(/^.*:/, '');
}

async function loadRaw(options: ProfileLoadOptions & { osmConfig?: string }, input: GdalInput, raw: string, append: boolean): Promise<void> {
  const { gdal } = options.profile;
  const args = [
    '-f', 'PostgreSQL', `PG:${libpqKeywords(options.databaseUrl)}`, input.path,
    ...(input.layer ? [input.layer] : []),
    '-nln', `layer_stage.${raw}`,
    '-lco', 'GEOMETRY_NAME=geom', '-lco', 'FID=ogc_fid', '-lco', 'SPATIAL_INDEX=NONE', '-lco', 'LAUNDER=NO',
    // Columns without the widths GDAL guessed from the first input: a later WFS page or file with a
    // longer value would otherwise be cut to fit.
    '-lco', 'PRECISION=NO',
    // A stage, copied into the version table and dropped: no WAL for it, as for a plain source's.
    '-lco', 'UNLOGGED=ON',
    '-t_srs', 'EPSG:2180', '-nlt', 'GEOMETRY', '-dim', 'XY',
    // Registers' codes are text ("0617" is not 617): numbers are kept as the source wrote them and
    // typed by the catalogue later; lists stay lists (joined by the mapping).
    '-mapFieldType', 'Integer=String,Integer64=String,Real=String,Date=String,DateTime=String,Time=String,IntegerList=String,Integer64List=String,RealList=String',
    '--config', 'PG_USE_COPY', 'YES',
    '--config', 'GML_FIELDTYPES', 'ALWAYS_STRING',
    // A WFS answer names its DescribeFeatureType; GDAL reads the features without it.
    '--config', 'GML_DOWNLOAD_WFS_SCHEMA', 'NO',
    ...Object.entries(gdal.config).flatMap(([key, value]) => ['--config', key, value]),
    ...Object.entries(gdal.openOptions).flatMap(([key, value]) => ['-oo', `${key}=${value}`]),
    ...(gdal.sourceSrs ? ['-s_srs', gdal.sourceSrs] : []),
    ...(gdal.where ? ['-where', gdal.where] : []),
    ...(options.osmConfig ? ['--config', 'OSM_CONFIG_FILE', options.osmConfig] : []),
    ...(append ? ['-append', '-addfields'] : []),
  ];
  const label = `${options.source}${input.layer ? ` (layer ${input.layer})` : ''} with profile ${options.profile.id}`;
  const stderr = await runOgr2ogr(args, label).catch((error: Error) => {
    if (input.layer && /Couldn't fetch requested layer/i.test(error.message)) {
      throw new Error(`${options.profile.id}: the source has no GDAL layer ${input.layer}; it has: ${gdalLayers(input.path, gdal).join(', ') || '(none readable)'}`);
    }
    throw error;
  });
  // GDAL's OSM driver stops at a damaged or cut block, says so, and exits 0 with the rows before it:
  // a partial extract would be served as the whole country.
  const damage = gdal.osm ? /ERROR \d+: [^\n]*(pars|corrupt|invalid|truncat)[^\n]*/i.exec(stderr) : null;
  if (damage) throw new Error(`${options.profile.id}: ${basename(options.source)} is damaged or cut short (GDAL: ${damage[0].trim()}); nothing was loaded from it`);
}

/**
 * The osmconf.ini GDAL's OSM driver reads: GDAL's own defaults, with the profile's keys as columns
 * of every layer (no other_tags: the rest of Poland's tags would only fill the raw table) and its
 * closed ways read as areas. Unsignificant and ignored keys as in GDAL's shipped file.
 */
function writeOsmConfig(osm: NonNullable<SourceProfile['gdal']['osm']>, work: string): string {
  // GDAL 3.6 reads a key=value entry only when no plain key follows it (measured: `power=substation,
  // telecom` makes substations lines): plain keys first.
  const listed = [...OSM_DEFAULT_AREAS, ...osm.areas];
  const areas = [...listed.filter((area) => !area.includes('=')), ...listed.filter((area) => area.includes('='))];
  const layer = (name: string): string =>
    [
      `[${name}]`,
      'osm_id=yes', 'osm_version=no', 'osm_timestamp=no', 'osm_uid=no', 'osm_user=no', 'osm_changeset=no',
      `attributes=${osm.tags.join(',')}`,
      'other_tags=no',
      ...(name === 'points' ? ['unsignificant=created_by,converted_by,source,time,ele,attribution'] : []),
      'ignore=created_by,converted_by,source,time,ele,note,todo,openGeoDB:,fixme,FIXME',
    ].join('\n');
  const path = join(work, 'osmconf.ini');
  // Keys keep their `:` (`socket:type2`), as profiles and filters name them; GDAL makes it `_` otherwise.
  const text = [`closed_ways_are_polygons=${areas.join(',')}`, 'attribute_name_laundering=no', ...['points', 'lines', 'multipolygons', 'multilinestrings', 'other_relations'].map(layer)].join('\n\n');
  writeFileSync(path, `${text}\n`);
  return path;
}

/** GDAL's own list of keys whose closed ways are areas (its osmconf.ini). */
const OSM_DEFAULT_AREAS = [
  'aeroway', 'amenity', 'boundary', 'building', 'craft', 'geological', 'historic', 'landuse', 'leisure', 'military', 'natural', 'office', 'place', 'shop',
  'sport', 'tourism', 'highway=platform', 'public_transport=platform',
];

/** The layer names GDAL sees in a dataset, to say what a source holds instead of a missing layer. */
function gdalLayers(path: string, gdal: SourceProfile['gdal']): string[] {
  const args = [
    '-ro', '-q', '--config', 'GML_FIELDTYPES', 'ALWAYS_STRING', '--config', 'GML_DOWNLOAD_WFS_SCHEMA', 'NO',
    ...Object.entries(gdal.config).flatMap(([key, value]) => ['--config', key, value]),
    ...Object.entries(gdal.openOptions).flatMap(([key, value]) => ['-oo', `${key}=${value}`]),
    path,
  ];
  const result = spawnSync('ogrinfo', args, { encoding: 'utf8', timeout: 120_000 });
  return [...(result.stdout ?? '').matchAll(/^\d+: (\S+)/gm)].map((match) => match[1]!);
}

/**
 * A text source (CSV) as UTF-8, which PostgreSQL needs: checked against the profile's encoding, and
 * re-encoded from CP1250. The two are told apart by the bytes: CP1250 Polish text is not valid UTF-8,
 * and UTF-8 Polish text decoded as CP1250 would garble every diacritic.
 */
function textInUtf8(path: string, profile: SourceProfile, work: string, shownAs = basename(path)): string {
  if (!isText(path)) return path;
  const bytes = readFileSync(path);
  const utf8 = validUtf8(bytes);
  const nonAscii = bytes.some((byte) => byte > 0x7f);
  const encoding = profile.gdal.encoding;
  if (encoding === 'UTF-8' && !utf8) throw new Error(`${profile.id}: ${shownAs} is not UTF-8 text, which the profile states (Windows-1250/CP1250 bytes?); it was not loaded`);
  if (encoding === 'CP1250' && utf8 && nonAscii) throw new Error(`${profile.id}: ${shownAs} is UTF-8 text, but the profile states CP1250; it was not loaded`);
  if (encoding === 'UTF-8' || !nonAscii) return path;
  const converted = join(work, `utf8-${basename(path)}`);
  writeFileSync(converted, new TextDecoder('windows-1250').decode(bytes));
  return converted;
}

function isText(path: string): boolean {
  return /\.(csv|tsv|txt)$/i.test(path);
}

async function extractTo(archive: string, member: string, work: string): Promise<string> {
  const file = join(work, basename(member));
  await extractMember(archive, member, file);
  return file;
}

function validUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

async function download(url: string, work: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(3_600_000) });
  if (!response.ok || !response.body) throw new Error(`could not download ${url}: HTTP ${response.status}`);
  const file = join(work, basename(new URL(url).pathname) || 'download.zip');
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(file));
  return file;
}
