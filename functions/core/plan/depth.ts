/**
 * How deeply a value nests, measured with an explicit stack: the validators, the schema checker
 * and the trace writer walk values recursively, so a value nested thousands of levels deep must be
 * refused before any of them sees it, by a check that cannot itself run out of stack.
 */

/** Deeper than any plan or request a person or a model writes, far below what recursion survives. */
export const MAX_NESTING_DEPTH = 64;

/**
 * True when `value` has objects or arrays nested more than `limit` levels deep. A value that
 * refers to itself counts as infinitely deep, so the walk ends either way.
 */
export function nestsDeeperThan(value: unknown, limit: number = MAX_NESTING_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; depth: number };
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
    }
  }
  return false;
}

/** The one line a refused value gets. */
export function nestingMessage(limit: number = MAX_NESTING_DEPTH): string {
  return `nests deeper than ${limit} levels of objects and arrays`;
}
