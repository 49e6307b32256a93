import { describe, expect, it } from 'vitest';
import { diagramEdges, marksFromResults, renderTree, toDot, toMermaid } from '../../../cli/view/plan-diagram.js';
import { toGraphView } from '../../../functions/core/plan/graph.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { CONDITIONAL_PLAN } from './fixtures.js';

/** How the tram/museums run ended: the museums branch (4) was skipped by its condition. */
const MARKS = marksFromResults([
  { step_id: 1, type: 'keyword_search', status: 'succeeded', durationMs: 7 },
  { step_id: 2, type: 'conditional', status: 'succeeded', durationMs: 8 },
  { step_id: 3, type: 'keyword_search', status: 'succeeded', durationMs: 16 },
  { step_id: 4, type: 'keyword_search', status: 'skipped', durationMs: 0, reason: "condition is false: step_2.result['run'] == False" },
  { step_id: 5, type: 'aggregate', status: 'succeeded', durationMs: 8 },
  { step_id: 6, type: 'llm_call', status: 'succeeded', durationMs: 10 },
]);

describe('View: diagramEdges', () => {
  it('dashes the edges into a gated step and labels the one from the step its condition reads', () => {
    // Act
    const edges = diagramEdges(toGraphView(CONDITIONAL_PLAN));

    // Assess
    expect(edges.filter((e) => e.conditional).map((e) => [e.source, e.target, e.label])).toEqual([
      [2, 3, "if step_2.result['run'] == True"],
      [2, 4, "if step_2.result['run'] == False"],
    ]);
    expect(edges.filter((e) => !e.conditional)).toHaveLength(5);
  });
});

describe('View: toMermaid', () => {
  it('draws every step and dependency, the conditional step as a decision, the gated edges dotted and labelled', () => {
    // Act
    const text = toMermaid(CONDITIONAL_PLAN);

    // Assess
    const lines = text.split('\n');
    expect(lines[0]).toBe('flowchart TD');
    expect(lines.filter((l) => /^ {2}s\d+[[{]"/.test(l))).toHaveLength(6);
    expect(lines).toContain('  s2{"2 · conditional<br/>step_1.result.count #gt; 0 and step_1.result.top_c…"}');
    expect(lines).toContain('  s1["1 · keyword_search<br/>#quot;a tram network in Lyon#quot; top 10"]');
    expect(lines).toContain(`  s2 -.->|"if step_2.result['run'] == True"| s3`);
    expect(lines).toContain('  s3 --> s5');
    expect(lines).toContain('  s1 --> s6');
    expect(lines.some((l) => l.startsWith('  classDef'))).toBe(false);
  });

  it('marks how each step ended, the skipped one dashed with its condition', () => {
    // Act
    const lines = toMermaid(CONDITIONAL_PLAN, MARKS).split('\n');

    // Assess
    expect(lines).toContain(`  s4["4 · keyword_search<br/>#quot;describe the museums of Lyon#quot; top 10<br/>skipped: if step_2.result['run'] == False"]`);
    expect(lines).toContain('  class s4 skipped');
    expect(lines).toContain('  class s3 succeeded');
    expect(lines.find((l) => l.startsWith('  classDef skipped'))).toMatch(/stroke-dasharray/);
  });
});

describe('View: toDot', () => {
  it('writes a digraph with every step, its dependencies, dashed gated edges and the skipped step greyed', () => {
    // Act
    const text = toDot(CONDITIONAL_PLAN, MARKS);

    // Assess
    expect(text.startsWith('digraph plan {')).toBe(true);
    expect(text.trimEnd().endsWith('}')).toBe(true);
    expect(text.match(/^ {2}s\d+ \[label=/gm)).toHaveLength(6);
    expect(text.match(/^ {2}s\d+ -> s\d+/gm)).toHaveLength(7);
    expect(text).toContain(`  s2 -> s4 [style=dashed, label="if step_2.result['run'] == False"];`);
    expect(text).toMatch(/ {2}s2 \[label="2 · conditional\\n[^"]*", shape=diamond/);
    expect(text).toMatch(
      / {2}s4 \[label="4 · keyword_search\\n\\"describe the museums of Lyon\\" top 10\\nskipped: if step_2.result\['run'\] == False".*style="rounded,filled,dashed"\];/,
    );
  });

  it('escapes quotes and backslashes in labels', () => {
    // Prepare
    const plan: DecompositionPlan = {
      plan: [{ step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'a "quoted" \\ back' }, dependencies: [], trace: {} }],
      traceability: true,
    };

    // Act
    const text = toDot(plan);

    // Assess
    expect(text).toContain('label="1 · keyword_search\\n\\"a \\\\\\"quoted\\\\\\" \\\\\\\\ back\\""');
  });
});

describe('View: renderTree', () => {
  it('hangs each step under its last dependency in plan order, names the others and shows how it ended', () => {
    // Act
    const tree = renderTree(CONDITIONAL_PLAN, MARKS);

    // Assess
    expect(tree.split('\n')).toEqual([
      '  1 keyword_search  "a tram network in Lyon" top 10  ✔ 7 ms',
      '  └─ 2 conditional  step_1.result.count > 0 and step_1.result.top_coverage >= 0.6  ✔ 8 ms',
      `     ├─ 3 keyword_search  "summarize public transport in Lyon" top 10  if step_2.result['run'] == True  ✔ 16 ms`,
      `     └─ 4 keyword_search  "describe the museums of Lyon" top 10  if step_2.result['run'] == False  ↷ skipped: condition is false: step_2.result['run'] == False`,
      '        └─ 5 aggregate  union of steps 3, 4  (also ← 3)  ✔ 8 ms',
      '           └─ 6 llm_call  "Answer the task from the branch that ran, citing sources."  (also ← 1)  ✔ 10 ms',
    ]);
  });

  it('still shows every step of a plan with a cycle', () => {
    // Prepare
    const plan: DecompositionPlan = {
      plan: [
        { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [2], trace: {} },
        { step_id: 2, type: 'rerank', modality: 'text', parameters: { input_step: 1 }, dependencies: [1], trace: {} },
      ],
      traceability: true,
    };

    // Act
    const lines = renderTree(plan).split('\n');

    // Assess
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toMatch(/1 keyword_search[\s\S]*2 rerank|2 rerank[\s\S]*1 keyword_search/);
  });
});
