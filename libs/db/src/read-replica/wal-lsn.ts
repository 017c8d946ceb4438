/**
 * A WAL location as PostgreSQL writes it (`16/B374D848`: the high and low 32 bits in hex) turned
 * into a number that compares in WAL order; null for anything else, so a malformed location is
 * never taken for an old or a new one.
 */
export function parseWalLsn(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}
