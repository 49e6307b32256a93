/**
 * A step in one short line, as every picture of a plan shows it (the text report, the tree,
 * mermaid, dot and the page). Pure: used in the terminal and in the browser.
 */
import type { DecompositionStep } from '../../functions/core/types.js';

const MAX_TEXT = 70;

/** Text cut to `max` characters, with an ellipsis when cut. */
export function clip(value: unknown, max = MAX_TEXT): string {
  const s = String(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** What the step does, from its parameters: the query, the input, the method, the expression. */
export function describeStep(step: Pick<DecompositionStep, 'type' | 'parameters'>, max = MAX_TEXT): string {
  const p = step.parameters;
  const quoted = (v: unknown) => JSON.stringify(clip(v, max));
  switch (step.type) {
    case 'keyword_search':
    case 'vector_search':
      return `${quoted(p.query)}${p.top_k ? ` top ${p.top_k}` : ''}`;
    case 'filter':
      return `of step ${p.input_step}: ${Object.entries(p)
        .filter(([k]) => k !== 'input_step')
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(' ')}`;
    case 'rerank':
      return `step ${p.input_step}${p.top_k ? ` to top ${p.top_k}` : ''}`;
    case 'aggregate':
      return `${p.method} of steps ${(p.input_steps as number[]).join(', ')}`;
    case 'conditional':
      return clip(p.expression, max);
    case 'llm_call':
      return quoted(p.prompt);
    default:
      return clip(JSON.stringify(p), max);
  }
}
