/**
 * Offline replay validation (seed 001): a synthesized tool is checked against recorded sessions
 * that hold its chain, newest first, without running any tool.
 *
 * For each session, the composite's external inputs are read from the recorded inputs; then each
 * sub-step's input is rebuilt as the composite would build it (constants, templates rendered over
 * the projected outputs of earlier sub-steps, parameters, wiring) and compared with what was
 * recorded. A sub-step whose rebuilt input is the recorded one would produce the recorded output;
 * one whose input differs produces what the same step recorded for that input in another session,
 * if any did, else nothing is known of it; a step whose dependencies' outputs are not the recorded
 * ones is not known either. The projected output of the output step is then scored
 * against the recorded one. Latency is the longest path of the recorded run against the
 * composite's (its parts' dependencies over the recorded latencies);
 * error parity asks whether every failure seen is handled by an explicit rule.
 */

import { canonicalJson } from '../canonical-json.js';
import { InvalidInputError } from '../errors.js';
import type { StepView } from '../expression/expression.js';
import { renderTemplate } from '../expression/templates.js';
import { jsonEqual } from '../trace/plan-patch.js';
import { type ChainSample, chainSamples, valueAt } from './analyze.js';
import { outputSimilarity } from './similarity.js';
import type { LearningSettings, MinedChain, ReplayedSession, Session, SynthesizedTool, ValidationReport } from './types.js';

const STEP_REFERENCE = /(^|_)steps?$/;

type ReplaySettings = Pick<LearningSettings, 'min_replay_sessions' | 'equivalence_threshold' | 'max_latency_regression' | 'similarity_method'>;

/** A recorded input with its step references made chain-relative (sub-step ids), as the composite writes them. */
function normalizedInput(sample: ChainSample, i: number): Record<string, unknown> {
  const input = sample.steps[i]?.input ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (STEP_REFERENCE.test(key) && (Number.isInteger(value) || (Array.isArray(value) && value.every(Number.isInteger)))) {
      const map = (id: number) => {
        const index = sample.steps.findIndex((s) => s.stepId === id);
        return index >= 0 && index < i ? index + 1 : `outside the chain (step ${id})`;
      };
      out[key] = Array.isArray(value) ? (value as number[]).map(map) : map(value as number);
    } else {
      out[key] = value;
    }
  }
  return out;
}

const UNKNOWN = Symbol('unknown');

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Replays `tool` over the sessions holding `chain`. No tool runs. */
export function replayValidate(
  tool: SynthesizedTool,
  chain: Pick<MinedChain, 'key' | 'symbols'>,
  sessions: readonly Session[],
  settings: ReplaySettings,
): ValidationReport {
  if (tool.steps.length !== chain.symbols.length) {
    throw new InvalidInputError(`tool ${tool.tool_id} has ${tool.steps.length} sub-steps but the chain ${chain.key} has ${chain.symbols.length}`);
  }
  const all = chainSamples(chain.symbols, sessions);
  const report: ValidationReport = {
    toolId: tool.tool_id,
    chainKey: chain.key,
    status: 'insufficient_data',
    sessionsAvailable: all.length,
    sessionsReplayed: 0,
    similarity: { method: settings.similarity_method, mean: 0, min: 0, threshold: settings.equivalence_threshold },
    latency: { originalMs: 0, compositeMs: 0, parallelSavingsMs: 0, ratio: 0, max: settings.max_latency_regression },
    wiring: { checked: 0, mismatches: 0 },
    errorParity: { parity: true, failuresSeen: 0, unhandled: [] },
    sessions: [],
    reasons: [],
  };
  if (all.length < settings.min_replay_sessions) {
    report.reasons.push(`${all.length} session(s) hold the chain; min_replay_sessions is ${settings.min_replay_sessions}`);
    return report;
  }

  // What each chain step recorded for each input, across every session that holds the chain.
  const memo = tool.steps.map(() => new Map<string, Record<string, unknown> | undefined>());
  for (const sample of all) {
    tool.steps.forEach((_, i) => {
      const step = sample.steps[i];
      if (step?.status === 'succeeded') memo[i]?.set(canonicalJson(normalizedInput(sample, i)), step.output);
    });
  }

  const selected = all.slice(0, settings.min_replay_sessions);
  for (const sample of selected) report.sessions.push(replayOne(tool, sample, memo, settings, report));

  const scores = report.sessions.map((s) => s.similarity);
  const original = report.sessions.reduce((sum, s) => sum + s.originalLatencyMs, 0);
  const composite = report.sessions.reduce((sum, s) => sum + s.compositeLatencyMs, 0);
  report.sessionsReplayed = report.sessions.length;
  report.similarity.mean = round(scores.reduce((a, b) => a + b, 0) / scores.length);
  report.similarity.min = round(Math.min(...scores));
  report.latency = {
    originalMs: original,
    compositeMs: composite,
    parallelSavingsMs: original - composite,
    ratio: original > 0 ? round(composite / original) : 1,
    max: settings.max_latency_regression,
  };
  report.errorParity.parity = report.errorParity.unhandled.length === 0;

  if (report.similarity.mean < settings.equivalence_threshold) {
    report.reasons.push(
      `mean similarity ${report.similarity.mean} is below equivalence_threshold ${settings.equivalence_threshold} (${settings.similarity_method})`,
    );
  }
  if (report.latency.ratio > settings.max_latency_regression) {
    report.reasons.push(`latency ratio ${report.latency.ratio} is above max_latency_regression ${settings.max_latency_regression}`);
  }
  if (!report.errorParity.parity)
    report.reasons.push(`error parity fails: ${report.errorParity.unhandled[0]}${report.errorParity.unhandled.length > 1 ? ' (and more)' : ''}`);
  report.status = report.reasons.length === 0 ? 'passed' : 'failed';
  return report;
}

function replayOne(
  tool: SynthesizedTool,
  sample: ChainSample,
  memo: ReadonlyArray<ReadonlyMap<string, Record<string, unknown> | undefined>>,
  settings: ReplaySettings,
  report: ValidationReport,
): ReplayedSession {
  const steps = sample.steps;
  const externalInputs: Record<string, unknown> = {};
  tool.steps.forEach((sub, i) => {
    for (const [key, parameter] of Object.entries(sub.parameter_map)) {
      const value = steps[i]?.input[key];
      if (!Object.hasOwn(externalInputs, parameter) && value !== undefined) externalInputs[parameter] = value;
    }
  });

  const projected: Array<Record<string, unknown> | undefined> = [];
  const faithful: boolean[] = [];
  const mismatches: string[] = [];
  tool.steps.forEach((sub, i) => {
    const scope = new Map<number, StepView>();
    for (let j = 0; j < i; j++) {
      const out = projected[j];
      if (out) scope.set(j + 1, { result: out, status: 'succeeded', skipped: false });
    }
    const built: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(sub.constants)) {
      if (typeof value === 'string' && value.includes('{{')) {
        try {
          built[key] = renderTemplate(value, scope);
        } catch {
          built[key] = UNKNOWN;
        }
      } else {
        built[key] = value;
      }
    }
    for (const [key, parameter] of Object.entries(sub.parameter_map)) if (Object.hasOwn(externalInputs, parameter)) built[key] = externalInputs[parameter];
    for (const wire of tool.internal_wiring) {
      if (wire.to_step !== i) continue;
      const from = projected[wire.from_step];
      built[wire.to_key] = from === undefined ? UNKNOWN : valueAt(from, wire.from_key);
    }

    const recorded = normalizedInput(sample, i);
    const differing: string[] = [];
    for (const key of new Set([...Object.keys(built), ...Object.keys(recorded)])) {
      if (built[key] === UNKNOWN) differing.push(`${key} (its source produced nothing known)`);
      else if (!Object.hasOwn(built, key)) differing.push(`${key} (recorded, but the composite does not fill it)`);
      else if (!Object.hasOwn(recorded, key)) differing.push(`${key} (filled by the composite, absent from the recording)`);
      else if (!jsonEqual(built[key], recorded[key])) differing.push(`${key} (${short(built[key])} instead of ${short(recorded[key])})`);
    }
    report.wiring.checked++;
    const step = steps[i];
    // A step also reads its dependencies' outputs (a rerank, the documents of its input step).
    const unfaithfulDeps = sub.depends_on.filter((d) => faithful[d] !== true);
    if (differing.length === 0 && unfaithfulDeps.length === 0) {
      faithful[i] = true;
      projected[i] = step?.status === 'succeeded' ? step.output : undefined;
      return;
    }
    faithful[i] = false;
    if (differing.length > 0) {
      report.wiring.mismatches++;
      mismatches.push(`sub-step ${i} (${step?.symbol ?? '?'}) input differs: ${differing.join(', ')}`);
    }
    // Another session's recording for the same input stands in, when the step's dependencies are the recorded ones.
    const known = unfaithfulDeps.length > 0 || Object.values(built).includes(UNKNOWN) ? undefined : memo[i]?.get(canonicalJson(built));
    projected[i] = known;
  });

  const outputStep = steps[tool.output_step];
  const recordedFinal = outputStep?.status === 'succeeded' ? outputStep.output : undefined;
  const similarity = outputSimilarity(projected[tool.output_step], recordedFinal, settings.similarity_method);

  // The recorded run was a DAG already, its independent steps side by side: its latency is its
  // longest path, not the sum. The composite's is its own longest path over its parts' dependencies
  // (a wire may make a part wait where the plan did not).
  const latencies = steps.map((s) => s.latencyMs);
  const chainIndex = new Map(steps.map((s, i) => [s.stepId, i]));
  const recordedDeps = steps.map((s) => s.dependencies.map((d) => chainIndex.get(d)).filter((d): d is number => d !== undefined));
  const byIndex = new Map(tool.steps.map((s) => [s.step_index, s]));
  const compositeDeps = steps.map((_, i) => byIndex.get(i)?.depends_on ?? []);
  const originalLatencyMs = longestPath(latencies, recordedDeps);
  const compositeLatencyMs = longestPath(latencies, compositeDeps);

  const replayed: ReplayedSession = {
    sessionId: sample.session.sessionId,
    at: sample.session.at,
    externalInputs,
    wiringMismatches: mismatches,
    similarity: round(similarity),
    originalLatencyMs,
    compositeLatencyMs,
  };
  const failedStep = steps.findIndex((s) => s.status === 'failed');
  if (failedStep >= 0) {
    report.errorParity.failuresSeen++;
    const rule = tool.error_strategy.rules.find((r) => r.step_index === failedStep);
    const handled = rule !== undefined && (rule.action !== 'retry' || (rule.max_retries ?? 0) > 0);
    replayed.failedStep = failedStep;
    replayed.failureHandled = handled;
    if (!handled) {
      report.errorParity.unhandled.push(
        `session ${sample.session.sessionId}: sub-step ${failedStep} (${steps[failedStep]?.symbol ?? '?'}) failed (${steps[failedStep]?.error ?? 'no error recorded'}) and no rule of the error strategy handles it`,
      );
    }
  }
  return replayed;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** The longest path through steps of `latencies` that wait for `deps` (earlier steps only). */
function longestPath(latencies: readonly number[], deps: readonly (readonly number[])[]): number {
  const finish: number[] = [];
  latencies.forEach((latency, i) => {
    const ready = Math.max(0, ...(deps[i] ?? []).filter((d) => d < i).map((d) => finish[d] ?? 0));
    finish[i] = ready + latency;
  });
  return Math.max(0, ...finish);
}
