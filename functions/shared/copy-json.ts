/**
 * A deep copy of JSON data (objects, arrays, strings, numbers, booleans, null; an undefined field
 * is kept). What the trace store remembers is data that round-trips through JSON, and this copies
 * it faster than structuredClone, which serializes and deserializes whatever it is given. Not for
 * values with cycles, class instances, Maps or Dates.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyJson((value as Record<string, unknown>)[key]);
  return copy as T;
}
