/**
 * The `provenance` object of a row of a published layer view (ProvenanceView in the contracts),
 * built by PostgreSQL: which layer, which refresh run, when it was fetched, from where, and the
 * area the run covered as [minLng, minLat, maxLng, maxLat]. The source is never a server path. `alias` and `layerId` come from our
 * own code (a table alias and a catalogue id), never from input.
 */
/**
 * A stored source_url as it may be shown: a server file path (rows loaded from a local file
 * before sources were named by their sidecar) becomes `local-file:<file name>`, never the path.
 */
export function publicSourceUrlSql(column: string): string {
  return `CASE WHEN ${column} ~* '^file:' OR ${column} ~ '^[/~]' THEN 'local-file:' || regexp_replace(${column}, '^.*/', '') ELSE ${column} END`;
}

export function provenanceJsonSql(alias: string, layerId: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(alias) || !/^[a-z][a-z0-9_]*$/.test(layerId)) throw new Error(`unexpected identifier ${alias}/${layerId}`);
  return `json_build_object(
    'layer', '${layerId}',
    'source_run_id', ${alias}.source_run_id,
    'fetched_at', to_char(${alias}.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'source_url', ${publicSourceUrlSql(`${alias}.source_url`)},
    'source_bbox', CASE WHEN ${alias}.source_bbox IS NULL THEN NULL ELSE json_build_array(
      round(ST_XMin(${alias}.source_bbox)::numeric, 7), round(ST_YMin(${alias}.source_bbox)::numeric, 7),
      round(ST_XMax(${alias}.source_bbox)::numeric, 7), round(ST_YMax(${alias}.source_bbox)::numeric, 7)) END
  )`;
}
