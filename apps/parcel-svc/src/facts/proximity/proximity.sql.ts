import { PROXIMITY_KINDS, type ProximityKind } from '@lp/contracts';
import { targetCte, type ParcelSelection } from '../parcel-selection.js';

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** Identifiers and literals below come from the PROXIMITY_KINDS constant, never from input. */
function checked(kind: ProximityKind): ProximityKind {
  for (const name of [kind.id, kind.layer, ...kind.attributes, ...(kind.layerKinds ?? []), kind.minimum?.attribute ?? 'x']) {
    if (!IDENTIFIER.test(name)) throw new Error(`unexpected identifier ${name} in proximity kind ${kind.id}`);
  }
  return kind;
}

/** The nearest feature of one kind to parcel `t` (index-ordered KNN), as JSON, or null. */
function nearest(kind: ProximityKind): string {
  const conditions = [
    kind.layerKinds ? `f.kind IN (${kind.layerKinds.map((k) => `'${k}'`).join(', ')})` : null,
    kind.minimum ? `f.${kind.minimum.attribute} >= ${kind.minimum.value}` : null,
  ].filter((c) => c !== null);
  const attributes = kind.attributes.map((a) => `'${a}', f.${a}`).join(', ');
  return `(SELECT jsonb_build_object('id', f.id, 'name', f.name, 'feature_kind', f.kind,
                   'distance_m', round(ST_Distance(f.geom, t.geom)::numeric, 1),
                   'attributes', jsonb_strip_nulls(jsonb_build_object(${attributes})))
           FROM layer_pub.${kind.layer} f
           ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
           ORDER BY f.geom <-> t.geom
           LIMIT 1)`;
}

/** The nearest feature of every proximity kind for each selected parcel: one JSON object per parcel. */
export function proximitySql(selection: ParcelSelection): string {
  const kinds = PROXIMITY_KINDS.map(checked);
  return `WITH ${targetCte(selection)}
       SELECT t.id AS parcel_id, t.teryt,
              jsonb_build_object(
                ${kinds.map((kind) => `'${kind.id}', ${nearest(kind)}`).join(',\n                ')}
              ) AS raw
       FROM t`;
}
