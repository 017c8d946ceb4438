/**
 * Which parcels a fact query derives facts for: a few ids (live answers, batches) or every parcel
 * of one gmina (the read-model rebuild). Both use the same SQL, so stored and live facts agree.
 */
export type ParcelSelection = { ids: string[] } | { gmina: string };

/** The `t` CTE of every fact query: the selected parcels with their area. `$1` is the selection. */
export function targetCte(selection: ParcelSelection): string {
  const where = 'ids' in selection ? 'p.id = ANY($1::text[])' : 'p.teryt = $1';
  return `t AS (
         SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
         FROM layer_pub.parcels p
         WHERE ${where}
       )`;
}

export function selectionParam(selection: ParcelSelection): string[] | string {
  return 'ids' in selection ? selection.ids : selection.gmina;
}
