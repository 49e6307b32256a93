/**
 * Learning on real traces: plans run by the local workflow (the rule-based planner, the sample
 * corpus, DynamoDB Local) are read back, turned into sessions, mined, synthesized without a key and
 * replayed against their own recordings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../cli/local-runner.js';
import { RuleBasedProvider } from '../../functions/adapters/llm/rule-based/provider.js';
import { analyzeParameters } from '../../functions/core/learn/analyze.js';
import { mineChains } from '../../functions/core/learn/mine.js';
import { replayValidate } from '../../functions/core/learn/replay.js';
import { sessionFromTrace } from '../../functions/core/learn/session.js';
import { parseLearningSettings } from '../../functions/core/learn/settings.js';
import { synthesizeTool } from '../../functions/core/learn/synthesize.js';
import type { MinedChain, Session } from '../../functions/core/learn/types.js';
import { STEP_TYPES } from '../../functions/core/types.js';
import { openLocalStack } from '../support/local-workflow.js';

const PAIRS = [
  ['Lyon', 'Marseille'],
  ['Paris', 'Lyon'],
  ['Marseille', 'Nice'],
  ['Toulouse', 'Bordeaux'],
  ['Lille', 'Nantes'],
  ['Paris', 'Marseille'],
] as const;

let stack: LocalStack;
const sessions: Session[] = [];

beforeAll(async () => {
  stack = await openLocalStack('learn-pipeline');
  for (const [a, b] of PAIRS) {
    const record = await stack.run({ task: `Compare the populations of ${a} and ${b}`, options: { cache: false } });
    const { store } = stack.runtime;
    const session = sessionFromTrace({ record, events: await store.listEvents(record.planId), outputs: await store.listStepOutputs(record.planId) });
    if (session) sessions.push(session);
  }
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('Learning over traces of the local workflow', () => {
  it('turns each stored plan into a session of its executed steps, with rendered inputs and recorded outputs', () => {
    // Assess
    expect(sessions).toHaveLength(PAIRS.length);
    const first = sessions[0]!;
    expect(first.steps.length).toBeGreaterThanOrEqual(3);
    for (const step of first.steps) {
      expect(step.eventId).toMatch(new RegExp(`^${first.sessionId}#\\d+$`));
      expect(step.status === 'succeeded' ? step.output : {}).toBeDefined();
      expect(JSON.stringify(step.input)).not.toContain('{{');
    }
  });

  it('mines the comparison chain, synthesizes it without a key, and the replay passes', async () => {
    // Prepare
    const settings = parseLearningSettings({ min_support: 0.5, min_replay_sessions: PAIRS.length, max_length: 8 });

    // Act
    const mined = mineChains(sessions, settings);
    // The longest chain every plan ran (mining counts only runs whose steps read each other's outputs).
    const chain = [...mined.chains].sort((a, b) => b.symbols.length - a.symbols.length).find((c) => c.sessionCount === PAIRS.length)!;
    const analysis = analyzeParameters(chain, sessions);
    const outcome = await synthesizeTool(
      { chain, analysis, sessions, catalog: { tools: stack.runtime.phases.tools.names(), stepTypes: STEP_TYPES }, settings },
      new RuleBasedProvider(),
    );
    const report = replayValidate(outcome.tool, chain, sessions, settings);

    // Assess
    expect(chain.symbols.length).toBeGreaterThanOrEqual(3);
    for (const c of mined.chains) expect(occurrencesSelfContained(c, sessions), c.key).toBe(true);
    expect(chain.support).toBe(1);
    expect(report.status, JSON.stringify({ chain: chain.key, analysis, report }, null, 2)).toBe('passed');
    expect(report.similarity.mean).toBeGreaterThanOrEqual(0.95);
    expect(report.sessionsReplayed).toBe(PAIRS.length);
  });
});

/** Every occurrence of the chain depends on no step outside it (checked here on dependencies alone). */
function occurrencesSelfContained(chain: MinedChain, all: readonly Session[]): boolean {
  return chain.occurrences.every(({ sessionId, start }) => {
    const steps = all.find((x) => x.sessionId === sessionId)?.steps.slice(start, start + chain.symbols.length) ?? [];
    const ids = new Set(steps.map((step) => step.stepId));
    return steps.every((step) => step.dependencies.every((d) => ids.has(d)));
  });
}
