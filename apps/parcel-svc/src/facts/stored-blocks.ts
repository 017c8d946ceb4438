import type { FactBlock } from './fact-blocks.js';

/**
 * How fact blocks are laid out in the read model. A block's coverage and sources are the same for
 * nearly every parcel of a gmina (a gap note differs only where a feature was or was not found), and
 * they were most of what a build stored and PostgreSQL parsed. So a build keeps each distinct part
 * once in parcel.fact_shared
 * and a parcel's block names it under SHARED_REF; the read puts it back. A block stored before
 * carries its part inline and reads as it is.
 */
export const SHARED_KEYS = ['coverage', 'sources'] as const;
export const SHARED_REF = '#shared';

export interface SplitBlocks {
  /** The shared parts not met before, in order of first use: part `first + i` is `parts[i]`. */
  parts: Array<Record<string, unknown>>;
  first: number;
  /** Each parcel's block without its shared part, and the number of that part. */
  bodies: Array<{ parcel_id: string; body: Record<string, unknown>; part: number }>;
}

/**
 * The distinct shared parts of one build, numbered in order of first use. A build splits its gmina
 * page by page; each part is numbered (and stored) once whichever page first meets it.
 */
export class SharedParts {
  private readonly numberByText = new Map<string, number>();

  /** Takes the shared keys out of each body (copies; the bodies given stay whole). */
  split(bodies: ReadonlyArray<{ parcel_id: string; body: unknown }>): SplitBlocks {
    const first = this.numberByText.size;
    const parts: Array<Record<string, unknown>> = [];
    const split = bodies.map(({ parcel_id, body }) => {
      const own: Record<string, unknown> = { ...(body as Record<string, unknown>) };
      const shared: Record<string, unknown> = {};
      for (const key of SHARED_KEYS) {
        if (key in own) {
          shared[key] = own[key];
          delete own[key];
        }
      }
      const text = JSON.stringify(shared);
      let part = this.numberByText.get(text);
      if (part === undefined) {
        part = first + parts.push(shared) - 1;
        this.numberByText.set(text, part);
      }
      return { parcel_id, body: own, part };
    });
    return { parts, first, bodies: split };
  }
}

/** Takes the shared keys out of each body, keeping each distinct value of them once. */
export function splitShared(bodies: ReadonlyArray<{ parcel_id: string; body: unknown }>): SplitBlocks {
  return new SharedParts().split(bodies);
}

/**
 * The stored blocks of the parcels in $1 (text[]), each merged with its shared part. A block whose
 * part is gone (a rebuild of its gmina replaced it while the parcel moved to another) reads as not
 * stored, so it is derived live rather than served without its coverage.
 */
export function storedBlocksSql(blocks: readonly FactBlock[]): string {
  const columns = blocks.map(
    (b) => `CASE WHEN NOT f."${b}" ? '${SHARED_REF}' THEN f."${b}"
              WHEN s_${b}.part IS NOT NULL THEN (f."${b}" - '${SHARED_REF}') || s_${b}.part END AS "${b}"`,
  );
  const joins = blocks.map((b) => `LEFT JOIN parcel.fact_shared s_${b} ON s_${b}.id = (f."${b}"->>'${SHARED_REF}')::bigint`);
  return `SELECT f.parcel_id,
       ${columns.join(',\n       ')}
FROM parcel.facts f
${joins.join('\n')}
WHERE f.parcel_id = ANY($1::text[])`;
}
