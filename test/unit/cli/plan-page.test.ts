import { describe, expect, it } from 'vitest';
import { planPageHtml, plansListHtml } from '../../../cli/view/plan-page.js';
import type { PlanView } from '../../../functions/core/workflow/plan-view.js';
import { CONDITIONAL_PLAN, REPAIRED_RUN, T0 } from './fixtures.js';

const at = (ms: number) => new Date(T0 + ms).toISOString();

const VIEW: PlanView = {
  planId: 'p-test',
  status: 'succeeded',
  task: 'If the corpus mentions a tram network in Lyon, summarize public transport, otherwise the museums',
  createdAt: at(0),
  updatedAt: at(131),
  plan: CONDITIONAL_PLAN,
  results: {
    answer: 'Lyon has seven tram lines. [lyon-transport]',
    citations: ['lyon-transport'],
    steps: [
      { step_id: 1, type: 'keyword_search', status: 'succeeded', durationMs: 8 },
      { step_id: 4, type: 'keyword_search', status: 'skipped', durationMs: 0, reason: 'condition is false' },
    ],
    coverage: { subquery_count: 2, covered_count: 2, coverage_ratio: 1 },
  },
  sources: [
    {
      id: 'lyon-transport',
      title: 'Public transport in Lyon',
      modality: 'text',
      score: 8.58,
      step_id: 1,
      subquery_id: 'step_1',
      rank_in_subquery: 1,
      snippet: 'TCL runs <four> metro lines.',
    },
    { id: 'lyon', modality: 'text', score: 1.5, step_id: 5, subquery_id: 'step_3', rank_in_subquery: 3, snippet: 'Lyon is...' },
  ],
};

describe('View: planPageHtml', () => {
  it('shows the DAG, the timeline, every planner attempt with its errors, the answer and the attributed sources', () => {
    // Act
    const html = planPageHtml(VIEW, REPAIRED_RUN, T0 + 1000);

    // Assess
    for (const id of ['dag', 'timeline', 'attempts', 'answer', 'sources']) expect(html).toContain(`<section id="${id}">`);
    expect(html).toContain(
      '<li class="attempt invalid" data-attempt="1"><strong>Attempt 1</strong> · generate · rule-based · <span class="verdict">2 errors</span>',
    );
    expect(html).toContain('<li><code>plan.2.dependencies.0</code> step 7 does not exist</li>');
    expect(html).toContain('<li class="attempt valid" data-attempt="2"><strong>Attempt 2</strong> · repair · rule-based · <span class="verdict">valid</span>');
    expect(html).toMatch(
      /<tr class="source" data-source-id="lyon"><td class="num">2<\/td>.*<td class="mono subquery">step_3<\/td><td class="num rank">3<\/td>/,
    );
    expect(html).toContain('TCL runs &lt;four&gt; metro lines.');
    expect(html).toContain('coverage 2/2 sub-queries');
    expect(html).toContain('took 131 ms');
  });

  it('says what is still to come while the plan runs, and the failure once it failed', () => {
    // Prepare
    const planning: PlanView = { planId: 'p-x', status: 'planning', task: 't', createdAt: at(0), updatedAt: at(5), sources: [] };
    const failed: PlanView = {
      ...planning,
      status: 'failed',
      error: { name: 'PlanningFailedError', message: 'no valid plan after 3 attempt(s)', phase: 'validating' },
    };

    // Act
    const live = planPageHtml(planning, REPAIRED_RUN.slice(0, 6), T0 + 40);
    const over = planPageHtml(failed, REPAIRED_RUN.slice(0, 9), T0 + 40);

    // Assess
    expect(live).toContain('Planning…');
    expect(live).toContain('running for 40 ms');
    expect(over).toContain('Failed in validating: <strong>PlanningFailedError</strong>: no valid plan after 3 attempt(s)');
    expect(over).toContain('No valid plan was accepted.');
  });
});

describe('View: planPageHtml, who answered', () => {
  it('names the corpus and the provider and model that answered, and the one that failed first', () => {
    // Prepare
    const call = (purpose: 'plan' | 'answer', failedOver?: string[]) => ({
      purpose,
      provider: 'rule-based',
      model: 'cairn-rules-v1',
      inputTokens: 10,
      outputTokens: 5,
      durationMs: 3,
      promptHash: 'h',
      stopReason: 'end_turn',
      ...(failedOver ? { failedOver } : {}),
    });
    const metadata = {
      provider: 'openai',
      model: 'gpt-4.1-mini',
      iterations: 1,
      inputTokens: 20,
      outputTokens: 10,
      durationsMs: {},
      source: 'rule-based',
    };
    const fellBack: PlanView = {
      ...VIEW,
      corpus: 'examples/corpus.jsonl',
      metadata: { ...metadata, llmCalls: [call('plan', ['openai/gpt-4.1-mini: connection refused']), call('answer', ['openai/gpt-4.1-mini: refused'])] },
    };
    const direct: PlanView = { ...VIEW, metadata: { ...metadata, provider: 'rule-based', model: 'cairn-rules-v1', llmCalls: [call('plan')] } };

    // Act
    const over = planPageHtml(fellBack, REPAIRED_RUN, T0 + 1000);
    const plain = planPageHtml(direct, REPAIRED_RUN, T0 + 1000);

    // Assess
    expect(over).toContain('<span id="answered-by">answered by rule-based/cairn-rules-v1 (after openai/gpt-4.1-mini failed)</span> · 2 LLM calls');
    expect(over).toContain('corpus <span class="mono" id="plan-corpus">examples/corpus.jsonl</span>');
    expect(plain).toContain('<span id="answered-by">answered by rule-based/cairn-rules-v1</span> · 1 LLM call ');
    expect(plain).toContain('corpus <span id="plan-corpus">the default</span>');
  });
});

describe('View: plansListHtml', () => {
  it("lists plans in the API's order with status, task, kind, who answered, time, cost and a link to each page, and sums the cost shown", () => {
    // Act
    const html = plansListHtml(
      [
        { planId: 'p-new', status: 'executing', task: 'New task', createdAt: at(1000), updatedAt: at(1100) },
        {
          planId: 'p-old',
          status: 'succeeded',
          task: 'Old <b>task</b>',
          createdAt: at(0),
          updatedAt: at(500),
          kind: 'comparison',
          answeredBy: 'rule-based/cairn-rules-v1',
          costUsd: 0.0012,
        },
        { planId: 'p-older', status: 'failed', task: 'Older', createdAt: at(0), updatedAt: at(10), costUsd: 0.0004 },
      ],
      T0 + 1300,
    );

    // Assess
    expect([...html.matchAll(/data-plan-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['p-new', 'p-old', 'p-older']);
    expect(html).toContain('<a href="/ui/plans/p-old">Old &lt;b&gt;task&lt;/b&gt;</a>');
    expect(html).toContain('data-status="executing"');
    expect(html).toContain('<td class="small">comparison</td><td class="small">rule-based/cairn-rules-v1</td>');
    expect(html).toContain('<td class="num cost">$0.0012</td>');
    expect(html).toContain('id="cost-total" data-usd="0.0016">$0.0016</td>');
    expect(html).toContain('3 plan(s) shown; 2 with a cost');
    expect(html).toContain('2026-05-01 10:00:01 UTC');
    expect(html).toContain('<td class="num">300 ms</td>');
  });
});
