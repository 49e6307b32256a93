/**
 * Parameter analysis of a chain (seed 001): for each input key of each chain step, from the
 * recorded inputs and outputs of the sessions that hold the chain, is it
 *
 * - internal wiring: filled from an earlier chain step, because the plan said so (a template over
 *   that step, or a step reference such as `input_step`), or because its value equals a value of
 *   that step's output in every sample (the seed's overlap rule, checked on values, not only keys);
 * - constant: the same value in every sample (two samples at least);
 * - external: a first-step input, or a later input that always equals a first-step one (the same
 *   question asked twice, as a search and its rerank do): the caller provides it;
 * - ambiguous: anything else (a later input that varies and comes from nowhere in the chain, a key
 *   some samples lack, a reference outside the chain). It is still exposed to the caller, and
 *   the reason says why.
 */
import { InvalidInputError } from '../errors.js';
import { templateReferences } from '../expression/templates.js';
import { jsonEqual } from '../trace/plan-patch.js';
import { findChain, newestFirst } from './mine.js';
import type { FailureObservation, MinedChain, ParameterAnalysis, ParameterFinding, ParameterWire, Session, SessionStep } from './types.js';

export interface ChainSample {
  session: Session;
  steps: SessionStep[];
}

/** The occurrences of the chain in `sessions`, newest session first (one per session). */
export function chainSamples(symbols: readonly string[], sessions: readonly Session[]): ChainSample[] {
  const samples: ChainSample[] = [];
  for (const session of newestFirst(sessions)) {
    const start = findChain(session, symbols);
    if (start >= 0) samples.push({ session, steps: session.steps.slice(start, start + symbols.length) });
  }
  return samples;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function jsonType(value: unknown): string {
  if (Number.isInteger(value)) return 'integer';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** The JSON type every value has (`number` for integers mixed with fractions), or `mixed`. */
export function commonType(values: readonly unknown[]): string {
  const types = new Set(values.map(jsonType));
  if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
  return types.size === 1 ? (types.values().next().value ?? 'mixed') : 'mixed';
}

/** The value at a dotted path (`documents.0.id`); undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current = value;
  for (const part of path.split('.')) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isRecord(current) && Object.hasOwn(current, part)) current = current[part];
    else return undefined;
  }
  return current;
}

/** Paths into an output worth matching an input against: scalars and lists, a few levels and items deep. */
function candidatePaths(value: unknown, prefix = '', depth = 0): string[] {
  if (depth > 3) return [];
  const paths: string[] = [];
  const join = (key: string) => (prefix === '' ? key : `${prefix}.${key}`);
  if (Array.isArray(value)) {
    value.slice(0, 3).forEach((item, i) => {
      if (!isRecord(item) && !Array.isArray(item)) paths.push(join(String(i)));
      paths.push(...candidatePaths(item, join(String(i)), depth + 1));
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isRecord(item)) paths.push(join(key));
      paths.push(...candidatePaths(item, join(key), depth + 1));
    }
  }
  return paths;
}

/** A value too plain to prove a data flow by equality (an empty string, a flag, a small count). */
function isTrivial(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length < 3;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 100;
  return value === null || typeof value === 'boolean' || (Array.isArray(value) && value.length === 0);
}

const STEP_REFERENCE = /(^|_)steps?$/;
const STEP_NAME_IN_TEMPLATE = /\bstep_(\d+)\b/g;

/** The chain index of the sample step with plan step id `stepId`, before `before`; -1 when outside. */
function chainIndexOf(sample: ChainSample, stepId: number, before: number): number {
  const index = sample.steps.findIndex((s) => s.stepId === stepId);
  return index >= 0 && index < before ? index : -1;
}

/** Renumbers `step_N` inside a template's placeholders to chain-relative sub-step ids; undefined if one is outside the chain. */
function renumberTemplate(text: string, sample: ChainSample, before: number): string | undefined {
  let outside = false;
  const rewritten = text.replace(/\{\{[\s\S]*?\}\}/g, (placeholder) =>
    placeholder.replace(STEP_NAME_IN_TEMPLATE, (_all, id: string) => {
      const index = chainIndexOf(sample, Number(id), before);
      if (index < 0) outside = true;
      return `step_${index + 1}`;
    }),
  );
  return outside ? undefined : rewritten;
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Analyses `chain` over the sessions that hold it. Throws when none does. */
export function analyzeParameters(chain: Pick<MinedChain, 'key' | 'symbols'>, sessions: readonly Session[]): ParameterAnalysis {
  const samples = chainSamples(chain.symbols, sessions);
  if (samples.length === 0) throw new InvalidInputError(`no session holds the chain ${chain.key}`);
  const n = samples.length;
  const findings: ParameterFinding[] = [];
  const disagreements: string[] = [];
  const taken = new Set<string>();
  const nameFor = (key: string, step: number) => {
    const base = key.replace(/[^A-Za-z0-9_]/g, '_');
    const name = taken.has(base) ? `${base}_${step + 1}` : base;
    taken.add(name);
    return name;
  };

  for (let i = 0; i < chain.symbols.length; i++) {
    const keys = [...new Set(samples.flatMap((s) => Object.keys(s.steps[i]?.input ?? {})))].sort();
    for (const key of keys) {
      const values = samples.map((s) => s.steps[i]?.input[key]);
      const raws = samples.map((s) => s.steps[i]?.rawInput?.[key]);
      const present = values.filter((v) => v !== undefined).length;
      const type = commonType(values.filter((v) => v !== undefined));
      const where = `step ${i} (${chain.symbols[i]}) input.${key}`;
      const found = (f: Omit<ParameterFinding, 'step' | 'key' | 'type'>) => findings.push({ step: i, key, type, ...f });

      if (present < n) {
        disagreements.push(`${where}: present in ${present} of ${n} samples`);
        found({ class: 'ambiguous', parameter: nameFor(key, i), reason: `present in ${present} of ${n} samples` });
        continue;
      }

      // A step reference (input_step, input_steps): the plan wired the step to an earlier one.
      if (STEP_REFERENCE.test(key) && values.every((v) => Number.isInteger(v) || (Array.isArray(v) && v.every(Number.isInteger)))) {
        const mapped = samples.map((s, k) => {
          const v = values[k];
          const ids = Array.isArray(v) ? (v as number[]) : [v as number];
          const indexes = ids.map((id) => chainIndexOf(s, id, i));
          return indexes.some((x) => x < 0) ? undefined : Array.isArray(v) ? indexes.map((x) => x + 1) : (indexes[0] ?? 0) + 1;
        });
        const first = mapped[0];
        if (mapped.every((m) => m !== undefined && jsonEqual(m, first)) && first !== undefined) {
          const fromStep = (Array.isArray(first) ? (first[0] ?? 1) : first) - 1;
          found({ class: 'internal', value: first, from: { step: fromStep, path: '' }, reason: `refers to chain step ${fromStep} in every sample` });
        } else {
          const outside = mapped.filter((m) => m === undefined).length;
          if (outside > 0) disagreements.push(`${where}: refers to a step outside the chain in ${outside} of ${n} samples`);
          else disagreements.push(`${where}: refers to different chain steps across samples`);
          found({ class: 'ambiguous', parameter: nameFor(key, i), reason: 'step reference that is not the same chain step in every sample' });
        }
        continue;
      }

      // A template over earlier steps, as the plan wrote it.
      if (raws.every((r) => typeof r === 'string' && r.includes('{{'))) {
        const rewritten = samples.map((s, k) => renumberTemplate(raws[k] as string, s, i));
        const first = rewritten[0];
        if (first !== undefined && rewritten.every((r) => r === first)) {
          const refs = safeReferences(first);
          const fromStep = (refs[0] ?? 1) - 1;
          found({
            class: 'internal',
            template: first,
            from: { step: fromStep, path: '' },
            reason: `a template over chain step(s) ${refs.map((r) => r - 1).join(', ')}`,
          });
          continue;
        }
        disagreements.push(`${where}: the templates differ across samples or refer outside the chain`);
      }

      const constant = n >= 2 && values.every((v) => jsonEqual(v, values[0]));

      // The caller's own value asked again (a search and its rerank over one question): external,
      // even when an earlier step's output echoes it back (a search's result repeats its query),
      // since wiring it would make this step wait for that one for a value the caller has.
      // The same holds for a value an earlier step took from the caller as an ambiguous parameter.
      const asked =
        i > 0 && !constant
          ? findings.find(
              (f) =>
                (f.class === 'external' || f.class === 'ambiguous') &&
                f.parameter !== undefined &&
                samples.every((s, k) => jsonEqual(s.steps[f.step]?.input[f.key], values[k])),
            )
          : undefined;
      if (asked?.parameter) {
        found({ class: asked.class, parameter: asked.parameter, reason: `equals step ${asked.step} input.${asked.key} in every sample` });
        continue;
      }

      // The seed's overlap rule, on values: an earlier output holds the same value in every sample.
      let wired: { step: number; path: string } | undefined;
      for (let j = i - 1; j >= 0 && !wired; j--) {
        const firstOutput = samples[0]?.steps[j]?.output;
        for (const path of candidatePaths(firstOutput)) {
          const sameName = path.split('.').pop() === key;
          if (constant && !sameName) continue;
          if (values.every((v) => isTrivial(v)) && !sameName) continue;
          if (samples.every((s, k) => jsonEqual(valueAt(s.steps[j]?.output, path), values[k]))) {
            wired = { step: j, path };
            break;
          }
        }
      }
      if (wired) {
        found({ class: 'internal', from: wired, reason: `equals step ${wired.step} output.${wired.path} in every sample` });
        continue;
      }

      if (constant) {
        found({ class: 'constant', value: values[0], reason: `the same value in all ${n} samples` });
        continue;
      }

      // The value most samples share, when some disagree with it.
      const counts = new Map<string, number>();
      for (const v of values) counts.set(JSON.stringify(v), (counts.get(JSON.stringify(v)) ?? 0) + 1);
      const [common, commonCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      if (n >= 2 && commonCount * 2 >= n && commonCount < n) {
        disagreements.push(`${where}: ${describeValue(JSON.parse(common))} in ${commonCount} of ${n} samples, other values in ${n - commonCount}`);
      }

      if (i === 0) {
        found({
          class: 'external',
          parameter: nameFor(key, i),
          reason: `varies across samples${n < 2 ? ' (one sample)' : ''}; nothing earlier in the chain provides it`,
        });
        continue;
      }
      found({ class: 'ambiguous', parameter: nameFor(key, i), reason: 'varies across samples and nothing earlier in the chain provides it' });
    }
  }

  const dependsOn = chain.symbols.map((_, i) => {
    const deps = new Set<number>();
    for (const s of samples) {
      for (const id of s.steps[i]?.dependencies ?? []) {
        const j = chainIndexOf(s, id, i);
        if (j >= 0) deps.add(j);
      }
    }
    for (const f of findings) {
      if (f.step !== i || f.class !== 'internal') continue;
      if (f.from) deps.add(f.from.step);
      if (f.from?.path === '' && f.template === undefined) for (const ref of [f.value].flat()) if (Number.isInteger(ref)) deps.add((ref as number) - 1);
      if (f.template) for (const ref of safeReferences(f.template)) if (ref - 1 < i) deps.add(ref - 1);
    }
    return [...deps].sort((a, b) => a - b);
  });

  const wires: ParameterWire[] = findings
    .filter((f) => f.class === 'internal' && f.from && f.from.path !== '' && f.template === undefined)
    .map((f) => ({ fromStep: f.from?.step ?? 0, fromPath: f.from?.path ?? '', toStep: f.step, toKey: f.key }));

  const last = chain.symbols.length - 1;
  const failures: FailureObservation[] = chain.symbols.map((_, i) => {
    const failed = samples.filter((s) => s.steps[i]?.status === 'failed');
    return { step: i, failures: failed.length, samples: n, recovered: failed.filter((s) => i < last && s.steps[last]?.status === 'succeeded').length };
  });

  const steps = (samples[0]?.steps ?? []).map((s) => ({ symbol: s.symbol, type: s.type, ...(s.tool ? { tool: s.tool } : {}) }));
  return { chainKey: chain.key, steps, samples: n, findings, wires, dependsOn, failures, disagreements };
}

function safeReferences(template: string): number[] {
  try {
    return templateReferences(template);
  } catch {
    return [];
  }
}
