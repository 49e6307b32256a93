/**
 * A composite learned from the second round of iterative plans stands in for that round (issue 25,
 * item 5), on the Claude path: the Anthropic SDK against the loopback server answering with the
 * rule-based model, the local workflow over DynamoDB Local, a corpus of its own where a comparison
 * of two films by their directors always needs the directors' own pages, which round one does not
 * rank (fillers sharing the question's words rank above them). Comparisons run in iterative mode,
 * learning reads their plans, and the promoted tool is called in round one of a comparison it has
 * not seen: no second round, one model call fewer. A lookup is planned as if nothing was learned.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStack } from '../../cli/local-runner.js';
import { AnthropicProvider } from '../../functions/adapters/llm/anthropic/provider.js';
import { RuleBasedProvider } from '../../functions/adapters/llm/rule-based/provider.js';
import { parseLearningSettings } from '../../functions/core/learn/settings.js';
import type { PlanRecord } from '../../functions/core/types.js';
import { type LearnReport, learn, sessionSource } from '../../functions/runtime/learning.js';
import { ruleBasedModel } from '../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type RecordedRequest } from '../support/llm-loopback/server.js';
import { localTestConfig } from '../support/local-config.js';
import { tempDir } from '../support/temp-dir.js';

const FILMS = ['Harbour Lights', 'The Tin Kettle', 'Salt Meadow', 'Copper Bay', 'The Glass Orchard', 'Night Ferry', 'Blue Quarry', 'The Lantern Year'];
const DIRECTORS = ['Orla Venn', 'Marek Dorr', 'Ilse Tarn', 'Bram Holt', 'Nina Sorel', 'Ugo Brisk', 'Tova Rell', 'Emil Sand'];
const CORPUS = [
  ...FILMS.map((film, i) => ({ id: `film-${i}`, title: film, text: `${film} is a 19${50 + i} drama film directed by ${DIRECTORS[i]}.` })),
  ...DIRECTORS.map((name, i) => ({ id: `director-${i}`, title: name, text: `${name} (born 19${10 + i}) was a painter before turning to cinema.` })),
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `filler-${n}`, title: `Filler ${n}`, text: `Filler ${n}: a film director born later than the film.` })),
];
const compare = (a: number, b: number) => `Which film has the director who was born later, ${FILMS[a]} or ${FILMS[b]}?`;
/** Comparisons the plans are learned from, and one of films none of them compared. */
const MINED = [compare(0, 1), compare(1, 2), compare(2, 3), compare(3, 0), compare(0, 2), compare(1, 3)];
const HELD_OUT = compare(4, 5);
/** A task of another shape: a lookup, which no second round ever follows. */
const LOOKUP = `What is ${FILMS[6]}?`;

let server: LoopbackLlm;
let stack: LocalStack;
let corpus: string;

const run = (task: string) => stack.run({ task, corpus, options: { mode: 'iterative', cache: false } });

/** The requests the server saw while `act` ran. */
async function seen(act: () => Promise<PlanRecord>): Promise<{ record: PlanRecord; requests: RecordedRequest[] }> {
  const from = server.requests.length;
  const record = await act();
  return { record, requests: server.requests.slice(from) };
}

beforeAll(async () => {
  server = await LoopbackLlm.start(ruleBasedModel);
  const claude = new AnthropicProvider({ apiKey: 'sk-ant-later', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 });
  // No examples from recent plans: a prompt then changes only by what learning changed.
  const config = localTestConfig('learn-later-round');
  stack = await LocalStack.open({ config: { ...config, planner: { ...config.planner, fewShotExamples: 0 } }, llm: claude });
  corpus = join(tempDir('learn-later-round'), 'films.jsonl');
  writeFileSync(corpus, `${CORPUS.map((d) => JSON.stringify(d)).join('\n')}\n`);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await server?.close();
});

describe('A composite learned from a later round, on the iterative Claude path', () => {
  let report: LearnReport;
  let before: { record: PlanRecord; requests: RecordedRequest[] };
  let lookupBefore: { record: PlanRecord; requests: RecordedRequest[] };

  beforeAll(async () => {
    for (const task of MINED) await run(task);
    await new Promise((r) => setTimeout(r, 5));
    const until = new Date().toISOString();
    before = await seen(() => run(HELD_OUT));
    lookupBefore = await seen(() => run(LOOKUP));
    const rt = stack.runtime;
    report = await learn(
      {
        source: sessionSource(rt.clients, rt.config.tableName, rt.store),
        tools: rt.learned.store,
        llm: new RuleBasedProvider(),
        registry: rt.phases.tools,
        settings: parseLearningSettings({ ...rt.config.learning, require_approval: false, min_replay_sessions: 3 }),
      },
      // One tool: the later round's (picked first); a round-one composite would be listed for every task.
      { until, maxTools: 1 },
    );
    await rt.learned.refresh({ force: true });
  }, 180_000);

  it('learns the second round as a tool bound to round one, offered for comparisons only', () => {
    // Assess
    const tool = report.tools.find((t) => t.definition.later_round !== undefined);
    expect(tool?.status).toBe('PROMOTED');
    expect(tool?.id).toBe('learned.round2_graph_query_filter');
    expect(tool?.definition.later_round).toEqual({ round: 2, task_kinds: ['comparison'], parameter: 'query', lists: [0, 1] });
    expect(before.record.rounds?.rounds).toHaveLength(2);
  });

  it('calls it in round one of a comparison it never saw, which then needs no second round nor its model call', async () => {
    // Act
    const after = await seen(() => run(HELD_OUT));

    // Assess
    expect(after.record.status).toBe('succeeded');
    const calls = after.record.plan!.plan.filter((s) => s.type === 'tool_call');
    expect(calls.map((s) => s.parameters.tool)).toEqual(['learned.round2_graph_query_filter', 'learned.round2_graph_query_filter']);
    expect(after.record.rounds?.rounds).toHaveLength(1);
    expect(after.record.rounds?.stop?.reason).toBe('covered');
    // Before: the plan, a next-round call for each round the gate found a lead after, the answer; after: the plan and the answer.
    expect(before.requests.length).toBeGreaterThanOrEqual(3);
    expect(after.requests.length).toBe(2);
    // What round two found, round one found: both directors among the sources.
    const sources = after.record.results?.sources.map((s) => s.id) ?? [];
    expect(sources).toEqual(expect.arrayContaining(['director-4', 'director-5']));
  });

  it('leaves a lookup as it was: the same calls, the same prompts, no listing', async () => {
    // Act
    const after = await seen(() => run(LOOKUP));

    // Assess
    const sent = (r: RecordedRequest[]) => r.map((q) => JSON.stringify(q.body.system ?? '') + JSON.stringify(q.body.messages ?? []));
    expect(after.requests.length).toBe(lookupBefore.requests.length);
    expect(after.requests.map((q) => JSON.stringify(q.body.system ?? '')).join('\n')).not.toContain('learned.');
    expect(sent(after.requests).map((t) => t.length)).toEqual(sent(lookupBefore.requests).map((t) => t.length));
  });

  it('refuses, in one line, a promoted later-round tool round one cannot bind', async () => {
    // Prepare: the learned tool with a second required argument, which no passage of round one gives.
    const learned = report.tools.find((t) => t.definition.later_round !== undefined)!;
    const properties = { ...(learned.definition.parameters.properties as Record<string, unknown>), top_k: { type: 'integer' } };
    const unbindable = {
      ...learned.definition,
      tool_id: 'learned.round2_unbindable',
      parameters: { ...learned.definition.parameters, properties, required: ['query', 'top_k'] },
      steps: learned.definition.steps.map((s, i) => (i === 0 ? { ...s, constants: {}, parameter_map: { ...s.parameter_map, top_k: 'top_k' } } : s)),
    };
    await stack.runtime.learned.store.save({ ...learned, id: unbindable.tool_id, definition: unbindable });

    // Act
    const loaded = await stack.runtime.learned.refresh({ force: true });

    // Assess
    expect(loaded.refused).toEqual([
      'composite learned.round2_unbindable refused: its later-round binding gives only query; round one cannot give the required top_k',
    ]);
    expect(stack.runtime.phases.tools.names()).not.toContain('learned.round2_unbindable');
  });
});
