import { kowrPreEmptionApplies } from '@lp/contracts';

/** Runs one parameterised statement: a DataSource's `query` or a test database's `sql`. */
export type QueryRows = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * The parcels (of `ids`, or of the gmina `teryt`) whose sale triggers KOWR's statutory pre-emption
 * right, on the raw layers with plain PostGIS: their EGiB classes and area, and the category of the
 * local-plan zone covering the largest share of each (at least 1 %, ties by zone id) where the
 * gmina's plan zones are not missing; judged by the rule of libs/contracts. The oracle both parcel
 * regulations and the search criterion "no state-agricultural pre-emption" are checked against.
 */
export async function parcelsWithKowrRight(query: QueryRows, where: { ids: readonly string[] } | { teryt: string }): Promise<string[]> {
  const share = `least(100 * ST_Area(ST_Intersection(z.geom, p.geom)) / greatest(ST_Area(p.geom), 1), 100)`;
  const rows = await query(
    `SELECT p.id, p.land_use_classes AS classes, p.area_sqm AS area,
            CASE WHEN EXISTS (SELECT 1 FROM layer_pub.region_coverage rc WHERE rc.level = 'gmina' AND rc.layer_id = 'mpzp_zones' AND rc.teryt = p.teryt AND rc.status <> 'missing')
                 THEN (SELECT z.category FROM layer_pub.mpzp_zones z
                       WHERE ST_Intersects(z.geom, p.geom) AND round(${share}::numeric, 1) >= 1
                       ORDER BY round(${share}::numeric, 1) DESC, z.id LIMIT 1) END AS category
     FROM layer_pub.parcels p WHERE ${'ids' in where ? 'p.id = ANY($1::text[])' : 'p.teryt = $1'} ORDER BY p.id`,
    ['ids' in where ? where.ids : where.teryt],
  );
  return rows
    .filter((row) =>
      kowrPreEmptionApplies({
        landUseClasses: String(row['classes'] ?? '').split(',').map((c) => c.trim()).filter((c) => c !== ''),
        areaSqm: row['area'] === null || row['area'] === undefined ? null : Number(row['area']),
        mpzpCategory: (row['category'] as string | null | undefined) ?? null,
      }),
    )
    .map((row) => String(row['id']));
}
