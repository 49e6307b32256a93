/**
 * Each step's details as the plan page's panel shows them: documents, text and composite parts
 * apart, everything else bounded; and the panel drawn from them.
 */
import { describe, expect, it } from 'vitest';
import { stepPanelHtml } from '../../../cli/view/step-panel.js';
import type { DecompositionPlan, StepOutput, TraceEvent } from '../../../functions/core/types.js';
import { planView } from '../../../functions/core/workflow/plan-view.js';
import { DETAIL_LIMITS, stepDetails } from '../../../functions/core/workflow/step-details.js';

const output = (step_id: number, type: string, result: Record<string, unknown>, extra: Partial<StepOutput> = {}): StepOutput =>
  ({
    step_id,
    type,
    status: 'succeeded',
    result,
    startedAt: '2026-03-01T12:00:00.000Z',
    endedAt: '2026-03-01T12:00:00.040Z',
    durationMs: 40,
    attempts: 1,
    ...extra,
  }) as StepOutput;

const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}`, title: `Doc ${i}`, score: 1 - i / 100, text: `text ${i} `.repeat(100) }));

/** A composite's output as tools/composite.ts writes it, under the tool_call's `output`. */
const compositeResult = {
  tool: 'learned.search_then_get',
  args: { query: 'Lyon' },
  output: {
    documents: docs(2),
    method: 'composite:learned.search_then_get',
    steps: [
      { step_id: 1, type: 'keyword_search', status: 'succeeded', durationMs: 3, attempts: 1, result: { documents: docs(3), count: 3 } },
      { step_id: 2, type: 'tool_call', status: 'failed', durationMs: 2, attempts: 2, error: 'no such document', result: {} },
    ],
  },
};

describe('stepDetails', () => {
  it('keeps documents as id, title, score and a bounded snippet, at most the limit, and says how many there were', () => {
    // Act
    const [detail] = stepDetails([output(1, 'keyword_search', { documents: docs(30), count: 30, query: 'Lyon' })]);

    // Assess
    expect(detail!.documentCount).toBe(30);
    expect(detail!.documents).toHaveLength(DETAIL_LIMITS.documents);
    expect(detail!.documents![0]).toEqual({ id: 'd0', title: 'Doc 0', score: 1, snippet: expect.stringMatching(/^text 0 .*… \(\d+ more characters\)$/) });
    expect(detail!.documents![0]!.snippet.length).toBeLessThan(DETAIL_LIMITS.snippetChars + 40);
    expect(detail!.output).toEqual({ count: 30, query: 'Lyon' });
  });

  it('cuts long lists and strings in the other fields, saying what it left out', () => {
    // Act
    const [detail] = stepDetails([output(1, 'aggregate', { ids: Array.from({ length: 25 }, (_, i) => i), note: 'x'.repeat(700) })]);

    // Assess
    expect(detail!.output.ids).toEqual([...Array.from({ length: 20 }, (_, i) => i), '… 5 more']);
    expect(detail!.output.note).toBe(`${'x'.repeat(600)}… (100 more characters)`);
  });

  it("opens a composite tool's output into its parts, each with its own documents and error", () => {
    // Act
    const [detail] = stepDetails([output(4, 'tool_call', compositeResult)]);

    // Assess
    expect(detail!.parts?.map((p) => [p.step_id, p.type, p.status, p.attempts])).toEqual([
      [1, 'keyword_search', 'succeeded', 1],
      [2, 'tool_call', 'failed', 2],
    ]);
    expect(detail!.parts![0]!.documents).toHaveLength(3);
    expect(detail!.parts![1]!.error).toBe('no such document');
    expect(detail!.documents?.map((d) => d.id)).toEqual(['d0', 'd1']);
    expect(detail!.output).toEqual({ tool: 'learned.search_then_get', args: { query: 'Lyon' }, output: { method: 'composite:learned.search_then_get' } });
  });
});

describe('stepPanelHtml', () => {
  const plan = {
    plan: [
      { step_id: 1, type: 'keyword_search', parameters: { query: '{{task}}' }, dependencies: [] },
      { step_id: 4, type: 'tool_call', parameters: { tool: 'learned.search_then_get', args: { query: 'Lyon' } }, dependencies: [1] },
    ],
  } as unknown as DecompositionPlan;
  const record = {
    planId: 'p-1',
    status: 'succeeded' as const,
    version: 3,
    request: { task: 'Lyon' },
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:01.000Z',
    eventCount: 2,
    plan,
  };
  const started: TraceEvent = {
    planId: 'p-1',
    seq: 1,
    at: '2026-03-01T12:00:00.000Z',
    type: 'step.started',
    phase: 'executing',
    data: { step_id: 1, type: 'keyword_search', parameters: { query: 'Lyon' }, round: 2 },
  };

  it('shows the inputs as run, not as planned, and the round the step ran in', () => {
    // Prepare
    const view = planView(record, [output(1, 'keyword_search', { documents: docs(7), count: 7 })]);

    // Act
    const html = stepPanelHtml(view, [started], [], 1);

    // Assess
    expect(html).toContain('<dt>query</dt><dd><span class="value">Lyon</span></dd>');
    expect(html).not.toContain('{{task}}');
    expect(html).toContain('round 2');
    expect(html).toContain('<summary>2 more documents</summary>');
  });

  it('shows a composite as its parts, each a disclosure with its own details, and a step not run as planned', () => {
    // Prepare
    const view = planView(record, [output(4, 'tool_call', compositeResult)]);

    // Act
    const composite = stepPanelHtml(view, [], [], 4);
    const notRun = stepPanelHtml(planView(record), [], [], 1);

    // Assess
    expect(composite.match(/<details class="part" data-part-id="\d+">/g)).toHaveLength(2);
    expect(composite).toContain('Error: no such document');
    expect(notRun).toContain('as planned: not run yet');
    expect(notRun).toContain('{{task}}');
    expect(stepPanelHtml(view, [], [], 99)).toBe('');
  });
});
