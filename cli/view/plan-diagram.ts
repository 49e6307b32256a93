/**
 * The plan as a picture, from its graph view: a Mermaid flowchart, a Graphviz digraph, and a
 * compact tree for the terminal. Steps may carry how they ended (a run's results, or the trace so
 * far); a step gated by a condition gets dashed incoming edges labelled with the condition, and a
 * skipped step is drawn dashed and grey with why it was skipped. Pure: terminal and browser.
 */
import { type PlanGraph, type PlanGraphEdge, type PlanGraphNode, toGraphView } from '../../functions/core/plan/graph.js';
import type { DecompositionPlan, FinalResults } from '../../functions/core/types.js';
import { type Activity, formatDuration, type StepState } from './activity.js';
import { clip, describeStep } from './step-label.js';

/** How a step ended, or where it is; `pending` before it starts. */
export interface StepMark {
  state: StepState | 'pending';
  durationMs?: number;
  reason?: string;
}

export type StepMarks = ReadonlyMap<number, StepMark>;

/** Marks from a finished run's results. */
export function marksFromResults(steps: FinalResults['steps'] | undefined): Map<number, StepMark> {
  return new Map((steps ?? []).map((s) => [s.step_id, { state: s.status, durationMs: s.durationMs, ...(s.reason ? { reason: s.reason } : {}) }]));
}

/** Marks from a trace read so far: steps not seen yet are pending. */
export function marksFromActivity(activity: Activity): Map<number, StepMark> {
  return new Map(
    activity.steps.map((s) => [
      s.stepId,
      {
        state: s.state,
        ...(s.durationMs !== undefined ? { durationMs: s.durationMs } : {}),
        ...((s.reason ?? s.error) ? { reason: s.reason ?? s.error } : {}),
      },
    ]),
  );
}

/** An edge into a step that runs only when its condition holds. */
export interface DiagramEdge extends PlanGraphEdge {
  /** The target's condition, on the edge from the step it reads (or its first edge). */
  label?: string;
  conditional: boolean;
}

/** The graph view with conditional edges told apart. */
export function diagramEdges(graph: PlanGraph): DiagramEdge[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const labelled = new Set<number>();
  return graph.edges.map((edge) => {
    const condition = byId.get(edge.target)?.condition;
    if (condition === undefined) return { ...edge, conditional: false };
    const reads = new Set([...condition.matchAll(/\bstep_(\d+)\b/g)].map((m) => Number(m[1])));
    const incoming = graph.edges.filter((e) => e.target === edge.target);
    const carrier = incoming.find((e) => reads.has(e.source)) ?? incoming[0];
    if (carrier === edge && !labelled.has(edge.target)) {
      labelled.add(edge.target);
      return { ...edge, conditional: true, label: `if ${condition}` };
    }
    return { ...edge, conditional: true };
  });
}

/** The lines of a step's box: `3 keyword_search`, what it does, and how it ended. */
export function nodeLines(node: PlanGraphNode, mark: StepMark | undefined, max = 48): string[] {
  const lines = [`${node.id} · ${node.type}`, describeStep(node, max)];
  if (mark?.state === 'skipped') lines.push(clip(node.condition ? `skipped: if ${node.condition}` : `skipped: ${mark.reason ?? ''}`, max + 12));
  else if (mark?.state === 'failed') lines.push(clip(`failed: ${mark.reason ?? ''}`, max + 12));
  else if (mark?.state === 'succeeded' && mark.durationMs !== undefined) lines.push(formatDuration(mark.durationMs));
  else if (mark?.state === 'running') lines.push('running');
  else if (mark?.state === 'waiting') lines.push('waiting for an answer');
  return lines;
}

const FILL: Record<StepMark['state'], { fill: string; stroke: string; text: string; dashed?: boolean }> = {
  pending: { fill: '#ffffff', stroke: '#8a94a6', text: '#1f2933' },
  running: { fill: '#fff4d6', stroke: '#d69e2e', text: '#1f2933' },
  waiting: { fill: '#e6f0ff', stroke: '#3b6fd4', text: '#1f2933', dashed: true },
  succeeded: { fill: '#e3f4e8', stroke: '#2f855a', text: '#1f2933' },
  skipped: { fill: '#eef0f3', stroke: '#8a94a6', text: '#52606d', dashed: true },
  failed: { fill: '#fde8e8', stroke: '#c53030', text: '#1f2933' },
};

// ---------------------------------------------------------------- Mermaid

/** Mermaid's entity codes inside a quoted label. */
function mermaidText(value: string): string {
  return value.replaceAll('#', '#35;').replaceAll('"', '#quot;').replaceAll('<', '#lt;').replaceAll('>', '#gt;');
}

export function toMermaid(plan: DecompositionPlan, marks: StepMarks = new Map()): string {
  const graph = toGraphView(plan);
  const lines = ['flowchart TD'];
  for (const node of graph.nodes) {
    const label = `"${nodeLines(node, marks.get(node.id)).map(mermaidText).join('<br/>')}"`;
    lines.push(`  s${node.id}${node.type === 'conditional' ? `{${label}}` : `[${label}]`}`);
  }
  for (const edge of diagramEdges(graph)) {
    if (!edge.conditional) lines.push(`  s${edge.source} --> s${edge.target}`);
    else lines.push(`  s${edge.source} -.->${edge.label ? `|"${mermaidText(edge.label)}"|` : ''} s${edge.target}`);
  }
  const used = new Set<StepMark['state']>();
  for (const node of graph.nodes) {
    const mark = marks.get(node.id);
    if (mark === undefined) continue;
    used.add(mark.state);
    lines.push(`  class s${node.id} ${mark.state}`);
  }
  for (const state of used) {
    const style = FILL[state];
    lines.push(`  classDef ${state} fill:${style.fill},stroke:${style.stroke},color:${style.text}${style.dashed ? ',stroke-dasharray:5 3' : ''}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- Graphviz

function dotString(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`;
}

export function toDot(plan: DecompositionPlan, marks: StepMarks = new Map()): string {
  const graph = toGraphView(plan);
  const lines = [
    'digraph plan {',
    '  rankdir=TB;',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, fillcolor="#ffffff", color="#8a94a6"];',
    '  edge [color="#52606d", fontname="Helvetica", fontsize=10];',
  ];
  for (const node of graph.nodes) {
    const mark = marks.get(node.id);
    const style = FILL[mark?.state ?? 'pending'];
    const attrs = [
      `label=${dotString(nodeLines(node, mark).join('\n'))}`,
      ...(node.type === 'conditional' ? ['shape=diamond'] : []),
      ...(mark ? [`fillcolor=${dotString(style.fill)}`, `color=${dotString(style.stroke)}`, `fontcolor=${dotString(style.text)}`] : []),
      ...(style.dashed ? ['style="rounded,filled,dashed"'] : []),
    ];
    lines.push(`  s${node.id} [${attrs.join(', ')}];`);
  }
  for (const edge of diagramEdges(graph)) {
    const attrs = edge.conditional ? ['style=dashed', ...(edge.label ? [`label=${dotString(edge.label)}`] : [])] : [];
    lines.push(`  s${edge.source} -> s${edge.target}${attrs.length > 0 ? ` [${attrs.join(', ')}]` : ''};`);
  }
  lines.push('}');
  return lines.join('\n');
}

// ---------------------------------------------------------------- the terminal tree

function markText(mark: StepMark | undefined): string {
  switch (mark?.state) {
    case 'succeeded':
      return `  ✔ ${formatDuration(mark.durationMs ?? 0)}`;
    case 'skipped':
      return `  ↷ skipped${mark.reason ? `: ${mark.reason}` : ''}`;
    case 'failed':
      return `  ✖ failed${mark.reason ? `: ${mark.reason}` : ''}`;
    case 'running':
      return '  … running';
    case 'waiting':
      return '  ? waiting for an answer';
    default:
      return '';
  }
}

/**
 * The DAG as an indented tree: a step hangs under the last of its dependencies in plan order, and
 * names the others (`also ← 1`), so every step is shown once and every edge is readable.
 */
export function renderTree(plan: DecompositionPlan, marks: StepMarks = new Map()): string {
  const steps = plan.plan;
  const position = new Map(steps.map((s, i) => [s.step_id, i]));
  const parentOf = new Map<number, number>();
  for (const step of steps) {
    const known = step.dependencies.filter((d) => position.has(d) && d !== step.step_id);
    const parent = known.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)).at(-1);
    if (parent !== undefined) parentOf.set(step.step_id, parent);
  }
  const children = new Map<number, number[]>();
  for (const step of steps) {
    const parent = parentOf.get(step.step_id);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), step.step_id]);
  }
  const byId = new Map(steps.map((s) => [s.step_id, s]));
  const lines: string[] = [];
  const shown = new Set<number>();
  const walk = (id: number, prefix: string, branch: string, last: boolean): void => {
    const step = byId.get(id);
    if (step === undefined || shown.has(id)) return;
    shown.add(id);
    const others = step.dependencies.filter((d) => d !== parentOf.get(id));
    const also = others.length > 0 ? `  (also ← ${others.join(', ')})` : '';
    const condition = step.condition ? `  if ${step.condition}` : '';
    lines.push(`${prefix}${branch}${step.step_id} ${step.type}  ${describeStep(step)}${also}${condition}${markText(marks.get(id))}`);
    const kids = children.get(id) ?? [];
    const childPrefix = prefix + (branch === '' ? '' : last ? '   ' : '│  ');
    kids.forEach((kid, i) => {
      walk(kid, childPrefix, i === kids.length - 1 ? '└─ ' : '├─ ', i === kids.length - 1);
    });
  };
  for (const step of steps) if (!parentOf.has(step.step_id)) walk(step.step_id, '  ', '', true);
  // A cycle has no root: what is left is listed flat, so nothing is hidden.
  for (const step of steps) walk(step.step_id, '  ', '', true);
  return lines.join('\n');
}
