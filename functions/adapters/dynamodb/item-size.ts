/**
 * The size DynamoDB counts for an item, computed from the plain values the DocumentClient
 * marshals, by the rules of the DynamoDB developer guide ("Item sizes and formats"): names and
 * strings in UTF-8 bytes, a number about one byte per two significant digits plus one, 3 bytes of
 * overhead per list or map plus 1 per element. Used to decide, before writing, whether an item's
 * body must move to the PayloadStore.
 */

/** DynamoDB's hard item limit. */
export const DYNAMODB_ITEM_LIMIT = 400 * 1024;

export function itemSize(item: Record<string, unknown>): number {
  let total = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    total += Buffer.byteLength(name, 'utf8') + valueSize(value);
  }
  return total;
}

function valueSize(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) {
    let total = 0;
    for (const element of value) total += valueSize(element);
    return total;
  }
  if (Array.isArray(value)) {
    let total = 3;
    for (const element of value) total += 1 + valueSize(element ?? null);
    return total;
  }
  if (typeof value === 'object') {
    let total = 3;
    for (const [name, element] of Object.entries(value)) {
      if (element === undefined) continue;
      total += Buffer.byteLength(name, 'utf8') + 1 + valueSize(element);
    }
    return total;
  }
  throw new TypeError(`a ${typeof value} cannot be stored in DynamoDB`);
}

function numberSize(value: number | bigint): number {
  // Significant digits: drop sign, exponent, decimal point, then leading and trailing zeros.
  const mantissa = value.toString().toLowerCase().replace(/^-/, '').split('e')[0] ?? '';
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.min(21, Math.ceil(Math.max(digits.length, 1) / 2) + 1);
}
