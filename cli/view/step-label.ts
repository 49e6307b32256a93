/**
 * A step in one short line, as every picture of a plan shows it (the text report, the tree,
 * mermaid, dot and the page). Pure: used in the terminal and in the browser. What the line says
 * is each step type's label, from the step catalog (see StepDefinition.label for its form).
 */
import { STEP_FACTS } from '../../functions/core/steps/catalog.generated.js';
import type { DecompositionStep } from '../../functions/core/types.js';

const MAX_TEXT = 70;

/** Text cut to `max` characters, with an ellipsis when cut. */
export function clip(value: unknown, max = MAX_TEXT): string {
  const s = String(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

const PLACEHOLDER = /\{("?)([\w.]+|\.\.\.)\1\}/g;
const OPTIONAL = /\[([^\]]*)\]/g;

/** What the step does, from its parameters: the query, the input, the method, the expression. */
export function describeStep(step: Pick<DecompositionStep, 'type' | 'parameters'>, max = MAX_TEXT): string {
  const p = step.parameters;
  const label = (STEP_FACTS as Partial<Record<string, { label?: string }>>)[step.type]?.label;
  if (label === undefined) return clip(JSON.stringify(p), max);
  const named = new Set([...label.matchAll(PLACEHOLDER)].map((m) => m[2]));
  const set = (name: string) => p[name] !== undefined && p[name] !== null && p[name] !== '' && p[name] !== 0;
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (_all, quote: string, name: string) => {
      if (name === '...') {
        return Object.entries(p)
          .filter(([key]) => !named.has(key))
          .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
          .join(' ');
      }
      const value = p[name];
      if (quote) return JSON.stringify(clip(value, max));
      return Array.isArray(value) ? value.join(', ') : clip(value, max);
    });
  // An optional part shows only when every parameter it names is set.
  const shown = label.replace(OPTIONAL, (_all, inner: string) => ([...inner.matchAll(PLACEHOLDER)].every((m) => set(m[2] as string)) ? inner : ''));
  return fill(shown);
}
