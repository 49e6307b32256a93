/**
 * A composite tool written straight from a chain's parameter analysis, with no model: what the
 * rule-based provider answers to a synthesis request, so learning works without a key. It is also
 * where the error strategy and the parallel groups come from for any provider: both follow from
 * what was observed (failures, data dependencies), not from what a model guesses.
 */
import type { ErrorStrategy, FailureObservation, InternalWire, MinedChain, ParameterAnalysis, SynthesizedStep, SynthesizedTool } from './types.js';

/** Retry settings for intermittent failures: two more attempts, 500 ms then 1 s. */
const RETRY = { max_retries: 2, backoff_ms: 500, backoff_factor: 2 } as const;

/**
 * The error strategy the observed failures call for, step by step:
 * - every failure of the step was followed by a chain that still ended well: later steps
 *   compensate, so `skip` it;
 * - the step fails in under half the samples: intermittent, so `retry` with backoff;
 * - otherwise the chain fails with it: `abort`, said explicitly.
 * Steps never seen failing fall to the default, `abort` (fail safe).
 */
export function errorStrategyFrom(failures: readonly FailureObservation[]): ErrorStrategy {
  const rules = failures
    .filter((f) => f.failures > 0)
    .map((f) => {
      const seen = `failed in ${f.failures} of ${f.samples} samples`;
      if (f.recovered === f.failures) return { step_index: f.step, action: 'skip' as const, reason: `${seen}; the chain still ended well each time` };
      if (f.failures * 2 < f.samples) return { step_index: f.step, action: 'retry' as const, ...RETRY, reason: `${seen}: intermittent` };
      return { step_index: f.step, action: 'abort' as const, reason: `${seen} and the chain failed with it` };
    });
  return { default_behavior: 'abort', rules };
}

/** Ancestors of each step in the dependency lists (`dependsOn[i]`: the steps i needs). */
export function ancestors(dependsOn: readonly (readonly number[])[]): Set<number>[] {
  const memo: (Set<number> | undefined)[] = [];
  const visit = (i: number, path: Set<number>): Set<number> => {
    const known = memo[i];
    if (known) return known;
    const found = new Set<number>();
    path.add(i);
    for (const d of dependsOn[i] ?? []) {
      if (path.has(d)) continue; // a cycle is reported by the validator; here it only must not loop
      found.add(d);
      for (const a of visit(d, path)) found.add(a);
    }
    path.delete(i);
    memo[i] = found;
    return found;
  };
  return dependsOn.map((_, i) => visit(i, new Set()));
}

/**
 * Steps that may run together: steps at the same depth of the dependency graph never depend on
 * one another, so each depth with two or more steps is a group, cut to `maxParallel` per group.
 */
export function parallelGroups(dependsOn: readonly (readonly number[])[], maxParallel: number): number[][] {
  const depth: number[] = [];
  const depthOf = (i: number, guard: number): number => {
    const known = depth[i];
    if (known !== undefined) return known;
    const deps = (dependsOn[i] ?? []).filter((d) => d !== i);
    const value = guard > dependsOn.length ? 0 : deps.length === 0 ? 0 : 1 + Math.max(...deps.map((d) => depthOf(d, guard + 1)));
    depth[i] = value;
    return value;
  };
  const byDepth = new Map<number, number[]>();
  dependsOn.forEach((_, i) => {
    const d = depthOf(i, 0);
    byDepth.set(d, [...(byDepth.get(d) ?? []), i]);
  });
  const groups: number[][] = [];
  for (const [, steps] of [...byDepth].sort((a, b) => a[0] - b[0])) {
    for (let at = 0; at < steps.length; at += Math.max(1, maxParallel)) {
      const group = steps.slice(at, at + Math.max(1, maxParallel));
      if (group.length >= 2) groups.push(group);
    }
  }
  return groups;
}

/** `learned.<slug>` from the chain's symbols, in the registry's `service.method` form. */
export function compositeToolId(symbols: readonly string[]): string {
  const slug = symbols
    .map((s) =>
      s
        .toLowerCase()
        .replace(/\[.*\]$/, '')
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    )
    .filter((s) => s !== '')
    .join('_')
    .slice(0, 60)
    .replace(/_+$/, '');
  return `learned.${/^[a-z]/.test(slug) ? slug : `c_${slug}`}`;
}

/** The composite a chain's analysis describes: parameters, sub-steps, wiring, groups and error strategy. */
export function draftTool(
  chain: Pick<MinedChain, 'key' | 'symbols' | 'sessionCount' | 'support'>,
  analysis: ParameterAnalysis,
  maxParallelSteps: number,
): SynthesizedTool {
  const properties: Record<string, Record<string, unknown>> = {};
  const required = new Set<string>();
  for (const f of analysis.findings) {
    if ((f.class !== 'external' && f.class !== 'ambiguous') || !f.parameter) continue;
    if (!properties[f.parameter]) {
      properties[f.parameter] = {
        ...(f.type === 'null' || f.type === 'undefined' || f.type === 'mixed' ? {} : { type: f.type }),
        description: `step ${f.step} (${analysis.steps[f.step]?.symbol ?? '?'}) input ${f.key}${f.class === 'ambiguous' ? `; ambiguous: ${f.reason}` : ''}`,
      };
    }
    if (!f.reason.startsWith('present in')) required.add(f.parameter);
  }

  const steps: SynthesizedStep[] = analysis.steps.map((s, i) => {
    const constants: Record<string, unknown> = {};
    const parameterMap: Record<string, string> = {};
    for (const f of analysis.findings) {
      if (f.step !== i) continue;
      if (f.class === 'constant') constants[f.key] = f.value;
      else if (f.class === 'internal' && f.template !== undefined) constants[f.key] = f.template;
      else if (f.class === 'internal' && f.from?.path === '') constants[f.key] = f.value;
      else if (f.parameter) parameterMap[f.key] = f.parameter;
    }
    return {
      step_index: i,
      kind: s.tool ? ('tool' as const) : ('step' as const),
      tool_id: s.tool ?? s.type,
      constants,
      parameter_map: parameterMap,
      depends_on: [...(analysis.dependsOn[i] ?? [])],
    };
  });

  const wiring: InternalWire[] = analysis.wires.map((w) => ({ from_step: w.fromStep, from_key: w.fromPath, to_step: w.toStep, to_key: w.toKey }));
  const percent = Math.round(chain.support * 1000) / 10;
  return {
    tool_id: compositeToolId(chain.symbols),
    description: `Runs ${chain.symbols.join(' → ')} as one call: the chain recurred in ${chain.sessionCount} sessions (${percent}% of those mined).`,
    parameters: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties,
      required: [...required].sort(),
      additionalProperties: false,
    },
    steps,
    internal_wiring: wiring,
    parallel_groups: parallelGroups(analysis.dependsOn, maxParallelSteps),
    error_strategy: errorStrategyFrom(analysis.failures),
    output_step: Math.max(0, analysis.steps.length - 1),
    source_chain: chain.key,
  };
}
