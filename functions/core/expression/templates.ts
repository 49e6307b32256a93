/**
 * Parameter templates: a string parameter may hold `{{ <expression> }}` placeholders in the
 * condition language (expression.ts), filled from earlier steps' results when the step runs, e.g.
 * `"director of {{ step_1.result.documents[0].title }}"`. This is how a multi-hop plan feeds the
 * answer of one hop into the query of the next.
 */
import { ExpressionError } from '../errors.js';
import { type ExpressionScope, type ExprNode, evaluateExpression, parseExpression, referencedSteps } from './expression.js';

interface Placeholder {
  ast: ExprNode;
}

type Part = string | Placeholder;

/**
 * Splits a template into literal text and parsed placeholders. A `}}` inside a quoted string of the
 * expression does not close the placeholder. Errors name the template column of the placeholder.
 */
function parseTemplate(text: string): Part[] {
  const parts: Part[] = [];
  let cursor = 0;
  for (;;) {
    const open = text.indexOf('{{', cursor);
    if (open < 0) {
      if (cursor < text.length) parts.push(text.slice(cursor));
      return parts;
    }
    if (open > cursor) parts.push(text.slice(cursor, open));
    let quote: string | undefined;
    let close = -1;
    for (let i = open + 2; i < text.length; i++) {
      const ch = text[i];
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = undefined;
      } else if (ch === "'" || ch === '"') {
        quote = ch;
      } else if (ch === '}' && text[i + 1] === '}') {
        close = i;
        break;
      }
    }
    if (close < 0) throw new ExpressionError(`column ${open + 1}: placeholder '{{' is not closed with '}}'`);
    const source = text.slice(open + 2, close);
    let ast: ExprNode;
    try {
      ast = parseExpression(source.trim());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ExpressionError(`column ${open + 1}: in placeholder {{${source}}}: ${reason}`, { cause: error });
    }
    parts.push({ ast });
    cursor = close + 2;
  }
}

function isDocumentLike(value: unknown): value is { id: string; title?: unknown; text: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.text === 'string';
}

/** How a value reads inside text: a document by its title (or id), a list item by item, JSON for the rest. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isDocumentLike(value)) return typeof value.title === 'string' && value.title !== '' ? value.title : value.id;
  if (Array.isArray(value))
    return value
      .map(formatValue)
      .filter((item) => item !== '')
      .join(', ');
  return JSON.stringify(value) ?? '';
}

/** Fills every placeholder of `text` from `scope`. Text without placeholders comes back unchanged. */
export function renderTemplate(text: string, scope: ExpressionScope): string {
  if (!text.includes('{{')) return text;
  return parseTemplate(text)
    .map((part) => (typeof part === 'string' ? part : formatValue(evaluateExpression(part.ast, scope))))
    .join('');
}

/** True when `text` has at least one `{{ ... }}` placeholder. */
export function hasPlaceholders(text: string): boolean {
  return parseTemplate(text).some((part) => typeof part !== 'string');
}

/** The step ids a template's placeholders reference, deduplicated and sorted. Throws `ExpressionError` on a bad placeholder. */
export function templateReferences(text: string): number[] {
  const ids = new Set<number>();
  for (const part of parseTemplate(text)) {
    if (typeof part !== 'string') for (const id of referencedSteps(part.ast)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

function mapStrings(value: unknown, render: (text: string) => string): unknown {
  if (typeof value === 'string') return render(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, render));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    // defineProperty, not assignment: a JSON key named `__proto__` must stay a plain key.
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(copy, key, { value: mapStrings(item, render), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }
  return value;
}

/** A new parameters object with every string, at any depth, rendered; other values are copied. */
export function renderParameters(params: Record<string, unknown>, scope: ExpressionScope): Record<string, unknown> {
  return mapStrings(params, (text) => renderTemplate(text, scope)) as Record<string, unknown>;
}

/** The step ids referenced by placeholders anywhere in `params` (the validator requires them to be dependencies). */
export function parameterReferences(params: Record<string, unknown>): number[] {
  const ids = new Set<number>();
  mapStrings(params, (text) => {
    if (text.includes('{{')) for (const id of templateReferences(text)) ids.add(id);
    return text;
  });
  return [...ids].sort((a, b) => a - b);
}
