/**
 * The previous plan as a repair prompt shows it (core/planner/prompts.ts, repairPart), read back
 * by the rule-based planner: the whole plan, one step a line; or the steps the errors name in full
 * and every step outlined in the plan's order ("3 aggregate <- 1,2"), the named ones marked
 * "(above)". An outlined step is rebuilt with its id, type and dependencies, enough for the
 * repairer to check what the named steps read; only the named steps (and any it adds) are answered.
 */
import { defaultModality, normalizeStep } from '../../../core/planner/plan-format.js';

export interface ShownPlan {
  /** The steps in the plan's order, outlined ones as stubs. */
  plan: Array<Record<string, unknown>>;
  /** The ids shown in full, when only some were: the answer is a patch of these. */
  named?: ReadonlySet<number>;
}

const STEP_LINE = /^\{.*\}$/;

/** The steps shown one a line, with what a prompt leaves out of a step (its type's modality, a trace) filled in as the plan had it. */
function stepsOf(lines: readonly string[]): Array<Record<string, unknown>> {
  return lines.flatMap((line) => {
    if (!STEP_LINE.test(line.trim())) return [];
    try {
      const value: unknown = JSON.parse(line.trim());
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? [normalizeStep(value, 'shown') as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** The plan a repair prompt's "Previous answer" shows; undefined when it shows none (or is another answer's raw text). */
export function shownPlan(text: string): ShownPlan | undefined {
  const lines = text.split('\n');
  if (lines[0] === 'The plan:') {
    const plan = stepsOf(lines.slice(1));
    return plan.length > 0 ? { plan } : undefined;
  }
  if (lines[0] !== 'The steps the errors name:') return undefined;
  const full = new Map(stepsOf(lines.slice(1)).map((s) => [s.step_id, s] as const));
  const order = lines.find((l) => l.startsWith('All steps in order: '));
  if (!order) return undefined;
  const plan = order
    .slice('All steps in order: '.length)
    .split('; ')
    .flatMap((entry): Array<Record<string, unknown>> => {
      const m = /^(\d+) (\S+)(?: <- ([\d,]+))?( \(above\))?$/.exec(entry.trim());
      if (!m) return [];
      const id = Number(m[1]);
      const shown = full.get(id);
      if (shown) return [shown];
      const dependencies = m[3] ? m[3].split(',').map(Number) : [];
      return [{ step_id: id, type: m[2], modality: defaultModality(m[2]), parameters: {}, dependencies, trace: { source: 'outline' } }];
    });
  return plan.length > 0 ? { plan, named: new Set([...full.keys()].filter((id): id is number => typeof id === 'number')) } : undefined;
}
