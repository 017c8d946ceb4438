import { AppError } from '@lp/contracts';
import { formatBbox, type Bbox } from '@lp/geo';
import { createHash } from 'node:crypto';

/** Where a page ended: the keyset position, bound to the layer version and the box it was read for. */
export interface CursorPosition {
  layerId: string;
  version: number;
  lastFid: number;
  bboxKey: string;
}

const FORMAT = 'f1';
const START_AGAIN = 'start again without cursor';

/**
 * What a listing selects: the same key for the same box however its numbers were written (16.9 and
 * 16.90); null is the whole layer; a filter (its text) is part of the key.
 */
export function bboxKey(box: Bbox | null, filter?: string): string {
  const selection = (box ? formatBbox(box) : 'all') + (filter === undefined ? '' : `|${filter}`);
  return createHash('sha256').update(selection).digest('base64url').slice(0, 16);
}

/** An opaque token (base64url); clients pass it back unchanged. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from([FORMAT, position.layerId, position.version, position.lastFid, position.bboxKey].join(':')).toString('base64url');
}

export function decodeCursor(token: string): CursorPosition {
  const parts = Buffer.from(token, 'base64url').toString('utf8').split(':');
  const [format, layerId, version, lastFid, key] = parts;
  if (parts.length !== 5 || format !== FORMAT || !/^[a-z][a-z0-9_]*$/.test(layerId!) || !/^\d{1,9}$/.test(version!) || !/^\d{1,15}$/.test(lastFid!) || !/^[\w-]{16}$/.test(key!)) {
    throw AppError.invalid(`cursor is not a cursor this API issued; pass next_cursor of the previous page unchanged, or ${START_AGAIN}.`);
  }
  return { layerId: layerId!, version: Number(version), lastFid: Number(lastFid), bboxKey: key! };
}

/**
 * A cursor continues only the listing it came from: same layer, same selection (`selectionKey`,
 * from bboxKey), same layer version.
 */
export function checkCursor(position: CursorPosition, layerId: string, selectionKey: string): void {
  if (position.layerId !== layerId) throw AppError.invalid(`cursor was issued for layer ${position.layerId}, not ${layerId}; ${START_AGAIN}.`);
  if (position.bboxKey !== selectionKey) {
    throw AppError.invalid(`cursor was issued for another bbox or filter; send it with the same bbox and filter as the first page, or ${START_AGAIN}.`);
  }
}

export function checkCursorVersion(position: CursorPosition, layerId: string, servedVersion: number): void {
  if (position.version === servedVersion) return;
  throw new AppError(
    'stale_cursor',
    `The layer ${layerId} was refreshed since this cursor was issued (version ${position.version}, now ${servedVersion}); ${START_AGAIN}.`,
  );
}
