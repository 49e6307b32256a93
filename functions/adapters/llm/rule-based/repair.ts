/**
 * The rule-based planner's answer to a repair prompt: read the previous plan and the validation
 * errors, and fix what the errors name. Fixes are mechanical (drop a dangling dependency, fill a
 * missing query from the task, renumber a duplicate id); when the previous answer holds no usable
 * plan at all, it plans again from the task.
 */

import { stepParameterSchemas } from '../../../core/plan/schemas.js';
import { extractJson } from '../../../core/planner/extract-json.js';
import { STEP_FACTS } from '../../../core/steps/catalog.generated.js';
import type { StepType, ValidationIssue } from '../../../core/types.js';
import { MODALITIES, STEP_TYPES } from '../../../core/types.js';

export interface RepairInput {
  task: string;
  previousText: string;
  errors: ValidationIssue[];
  allowedStepTypes: readonly StepType[];
}

export interface RepairOutcome {
  plan: unknown;
  fixes: string[];
  replanned: boolean;
}

const FIXED_MODALITY: Partial<Record<StepType, string>> = Object.fromEntries(
  STEP_TYPES.flatMap((type) => (STEP_FACTS[type].modality ? [[type, STEP_FACTS[type].modality]] : [])),
);
/** The types whose schema requires a parameter: their steps get it from their dependencies when it is missing. */
const requiring = (parameter: string): ReadonlySet<string> =>
  new Set(STEP_TYPES.filter((type) => (stepParameterSchemas[type].required as readonly string[] | undefined)?.includes(parameter)));
const INPUT_STEP_TYPES = requiring('input_step');
const INPUT_STEPS_TYPES = requiring('input_steps');

export function repairPlan(input: RepairInput): RepairOutcome | undefined {
  let value: unknown;
  try {
    value = extractJson(input.previousText).value;
  } catch {
    return undefined;
  }
  const fixes: string[] = [];
  const root = normaliseRoot(value, fixes);
  if (!root) return undefined;

  const steps = root.plan.filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null && !Array.isArray(s));
  if (steps.length === 0) return undefined;
  if (steps.length !== root.plan.length) fixes.push('dropped plan entries that were not step objects');

  renumber(steps, fixes);
  const known = new Set(steps.map((s) => s.step_id as number));
  const hasCycle = input.errors.some((e) => /cycle/i.test(e.message));
  for (const [index, step] of steps.entries()) {
    const id = step.step_id as number;
    fixType(step, input.allowedStepTypes, fixes);
    const type = step.type as StepType;
    if (
      typeof step.modality !== 'string' ||
      !(MODALITIES as readonly string[]).includes(step.modality) ||
      (FIXED_MODALITY[type] && step.modality !== FIXED_MODALITY[type])
    ) {
      step.modality = FIXED_MODALITY[type] ?? 'text';
      fixes.push(`step ${id}: modality set to ${String(step.modality)}`);
    }
    if (typeof step.trace !== 'object' || step.trace === null) {
      step.trace = { source: 'rule-based', explanation: 'restored by repair', step: type };
      fixes.push(`step ${id}: trace restored`);
    }
    if (typeof step.parameters !== 'object' || step.parameters === null || Array.isArray(step.parameters)) {
      step.parameters = {};
      fixes.push(`step ${id}: parameters restored`);
    }
    // Dependencies must exist and not be the step itself; when the validator saw a cycle, only
    // dependencies on steps listed earlier are kept, which breaks every cycle.
    const allowedDeps = hasCycle ? new Set(steps.slice(0, index).map((s) => s.step_id as number)) : known;
    const deps = Array.isArray(step.dependencies) ? step.dependencies : [];
    const kept = [...new Set(deps.filter((d): d is number => typeof d === 'number' && d !== id && allowedDeps.has(d)))];
    if (kept.length !== deps.length || !Array.isArray(step.dependencies)) {
      fixes.push(`step ${id}: dependencies ${JSON.stringify(step.dependencies ?? null)} -> ${JSON.stringify(kept)}`);
    }
    step.dependencies = kept;
    const previousId = index > 0 ? (steps[index - 1]!.step_id as number) : undefined;
    fixParameters(step, root.plan.indexOf(step), input, previousId, known, hasCycle, fixes);
  }
  dropUnparseableConditions(steps, input.errors, fixes);
  if (typeof root.traceability !== 'boolean') {
    root.traceability = true;
    fixes.push('traceability set to true');
  }
  return { plan: { plan: steps, traceability: root.traceability }, fixes, replanned: false };
}

function normaliseRoot(value: unknown, fixes: string[]): { plan: unknown[]; traceability?: unknown } | undefined {
  if (Array.isArray(value)) {
    fixes.push('wrapped the step list in {plan, traceability}');
    return { plan: value, traceability: true };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const obj = value as Record<string, unknown>;
  for (const key of ['plan', 'steps', 'nodes']) {
    if (Array.isArray(obj[key])) {
      if (key !== 'plan') fixes.push(`renamed "${key}" to "plan"`);
      return { plan: obj[key] as unknown[], traceability: obj.traceability };
    }
  }
  if (typeof obj.plan === 'object' && obj.plan !== null) return normaliseRoot(obj.plan, fixes);
  return undefined;
}

/** Integer ids, unique, in list order; references to a renamed id follow it. */
function renumber(steps: Array<Record<string, unknown>>, fixes: string[]): void {
  const seen = new Set<number>();
  // What each id as written ("s1", "2", 3) became; a duplicate keeps the first step's mapping.
  const renamed = new Map<unknown, number>();
  let next = Math.max(0, ...steps.map((s) => (Number.isInteger(Number(s.step_id)) ? Number(s.step_id) : 0))) + 1;
  for (const step of steps) {
    const raw = step.step_id;
    const parsed = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    let id: number;
    if (typeof parsed === 'number' && Number.isInteger(parsed) && parsed >= 1 && !seen.has(parsed)) {
      id = parsed;
      if (raw !== parsed) fixes.push(`step_id ${JSON.stringify(raw)} -> ${id}`);
    } else {
      fixes.push(`step_id ${JSON.stringify(raw)} -> ${next}`);
      id = next++;
    }
    seen.add(id);
    if (!renamed.has(raw)) renamed.set(raw, id);
    step.step_id = id;
  }
  for (const step of steps) {
    if (!Array.isArray(step.dependencies)) continue;
    const given: unknown[] = step.dependencies;
    step.dependencies = given.map((d) => (renamed.has(d) ? renamed.get(d) : typeof d === 'string' && /^\d+$/.test(d) ? Number(d) : d));
    if (given.some((d, i) => d !== (step.dependencies as unknown[])[i]))
      fixes.push(`step ${String(step.step_id)}: dependencies ${JSON.stringify(given)} -> ${JSON.stringify(step.dependencies)}`);
  }
}

function fixType(step: Record<string, unknown>, allowed: readonly StepType[], fixes: string[]): void {
  const raw = typeof step.type === 'string' ? step.type : '';
  if ((allowed as readonly string[]).includes(raw)) return;
  const normalised = raw.toLowerCase().replace(/[\s-]+/g, '_');
  const candidates = allowed.length > 0 ? allowed : STEP_TYPES;
  const alias: Record<string, StepType> = {
    search: 'keyword_search',
    bm25: 'keyword_search',
    retrieve: 'keyword_search',
    semantic_search: 'vector_search',
    graph_query: 'keyword_search',
    multi_hop: 'keyword_search',
    summarize: 'llm_call',
    answer: 'llm_call',
    generate: 'llm_call',
    merge: 'aggregate',
    union: 'aggregate',
    combine: 'aggregate',
    sort: 'rerank',
    rank: 'rerank',
    if: 'conditional',
  };
  let chosen: StepType | undefined = (candidates as readonly string[]).includes(normalised) ? (normalised as StepType) : alias[normalised];
  if (!chosen || !candidates.includes(chosen)) {
    chosen = [...candidates].sort((a, b) => editDistance(normalised, a) - editDistance(normalised, b))[0];
  }
  if (chosen) {
    fixes.push(`step ${String(step.step_id)}: type ${JSON.stringify(raw)} -> ${chosen}`);
    step.type = chosen;
    if ((chosen === 'keyword_search' || chosen === 'vector_search') && typeof step.parameters === 'object' && step.parameters !== null) {
      const p = step.parameters as Record<string, unknown>;
      if (typeof p.query !== 'string' && typeof p.related_to === 'string') p.query = p.related_to;
      for (const key of Object.keys(p)) if (!['query', 'top_k', 'modality', 'metadata'].includes(key)) delete p[key];
    }
  }
}

function fixParameters(
  step: Record<string, unknown>,
  originalIndex: number,
  input: RepairInput,
  previousId: number | undefined,
  known: Set<number>,
  hasCycle: boolean,
  fixes: string[],
): void {
  const id = step.step_id as number;
  const type = step.type as StepType;
  const p = step.parameters as Record<string, unknown>;
  const deps = step.dependencies as number[];
  const needDep = (): number | undefined => deps[0] ?? previousId;

  // Unknown keys the schema named for this step.
  for (const issue of input.errors) {
    if (issue.path !== `plan.${originalIndex}.parameters`) continue;
    const key = /additional property '([^']+)'/.exec(issue.message)?.[1];
    if (key !== undefined && key in p) {
      delete p[key];
      fixes.push(`step ${id}: removed unknown parameter ${key}`);
    }
  }
  if ((type === 'keyword_search' || type === 'vector_search') && (typeof p.query !== 'string' || p.query.trim() === '')) {
    p.query = input.task;
    fixes.push(`step ${id}: query set to the task`);
  }
  if (INPUT_STEP_TYPES.has(type)) {
    if (typeof p.input_step !== 'number' || !known.has(p.input_step) || p.input_step === id) {
      const dep = needDep();
      if (dep !== undefined) {
        p.input_step = dep;
        fixes.push(`step ${id}: input_step set to ${dep}`);
      }
    }
  }
  if (type === 'filter' && !['min_score', 'metadata', 'modality', 'max_results'].some((k) => k in p)) {
    p.min_score = 0;
    fixes.push(`step ${id}: filter criterion min_score 0 added`);
  }
  if (type === 'multi-hop' && typeof p.hops !== 'number') p.hops = 1;
  if (INPUT_STEPS_TYPES.has(type)) {
    const inputs = Array.isArray(p.input_steps) ? p.input_steps.filter((s): s is number => typeof s === 'number' && known.has(s) && s !== id) : [];
    if (inputs.length === 0) {
      const dep = needDep();
      if (dep !== undefined) inputs.push(...(deps.length > 0 ? deps : [dep]));
    }
    if (JSON.stringify(inputs) !== JSON.stringify(p.input_steps)) fixes.push(`step ${id}: input_steps set to ${JSON.stringify(inputs)}`);
    p.input_steps = inputs;
  }
  if (type === 'aggregate') {
    if (!['union', 'intersection', 'rank_fusion'].includes(String(p.method))) {
      fixes.push(`step ${id}: method ${JSON.stringify(p.method ?? null)} -> union`);
      p.method = 'union';
    }
  }
  if (type === 'llm_call' && (typeof p.prompt !== 'string' || p.prompt.trim() === '')) {
    p.prompt = `Answer from the sources, citing them. Task: ${input.task}`;
    fixes.push(`step ${id}: prompt set from the task`);
  }
  if (type === 'conditional' && typeof p.expression !== 'string') {
    const dep = needDep();
    p.expression = dep !== undefined ? `step_${dep}.result.count > 0` : 'True';
    fixes.push(`step ${id}: expression set to ${String(p.expression)}`);
  }
  // Whatever the step reads must be among its dependencies, templates in its parameters included.
  // A template may only read an earlier step: adding a dependency on a later one could close a cycle.
  const templated = [...JSON.stringify(p).matchAll(/\{\{\s*step_(\d+)\b/g)].map((m) => Number(m[1])).filter((r) => r < id);
  const reads = [
    ...(typeof p.input_step === 'number' ? [p.input_step] : []),
    ...(Array.isArray(p.input_steps) ? p.input_steps.filter((s): s is number => typeof s === 'number') : []),
    ...templated,
  ];
  for (const r of reads) {
    if (!deps.includes(r) && known.has(r) && r !== id && (!hasCycle || r < id)) {
      deps.push(r);
      fixes.push(`step ${id}: dependency on ${r} added`);
    }
  }
}

/** A condition the validator could not parse or that reads a non-ancestor is dropped, not guessed. */
function dropUnparseableConditions(steps: Array<Record<string, unknown>>, errors: ValidationIssue[], fixes: string[]): void {
  for (const issue of errors) {
    const m = /^plan\.(\d+)\.condition$/.exec(issue.path);
    if (!m) continue;
    const step = steps[Number(m[1])];
    if (step && 'condition' in step) {
      delete step.condition;
      fixes.push(`step ${String(step.step_id)}: condition removed (${issue.message})`);
    }
  }
}

function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}
