/**
 * The plan's DAG as SVG, laid out by dagre (a layered, Sugiyama-style layout: ranks, crossing
 * reduction, coordinates, edge routes). Each step is a box coloured by how it ended, a
 * conditional step a hexagon; a skipped step is dashed and shows the condition that skipped it;
 * edges into a gated step are dashed and carry its condition. Pure: built in the browser by the
 * plan page, and in Node by the tests.
 */
import { Graph, layout } from '@dagrejs/dagre';
import { toGraphView } from '../../functions/core/plan/graph.js';
import type { DecompositionPlan } from '../../functions/core/types.js';
import { esc, px } from './html.js';
import { diagramEdges, nodeLines, type StepMarks } from './plan-diagram.js';
import { describeStep } from './step-label.js';

/** Node labels use a monospace face of this size, so their width is known without a DOM. */
const CHAR_WIDTH = 7.3;
const LINE_HEIGHT = 16;
const PAD_X = 14;
const PAD_Y = 10;
const LABEL_CHARS = 44;

interface Box {
  width: number;
  height: number;
  x?: number;
  y?: number;
}

interface Route {
  points?: Array<{ x: number; y: number }>;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

const boxWidth = (lines: readonly string[]) => Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH + 2 * PAD_X;

/** A path through dagre's route points, rounded at each bend. */
function pathOf(points: ReadonlyArray<{ x: number; y: number }>): string {
  const [first, ...rest] = points;
  if (first === undefined) return '';
  let d = `M${px(first.x)},${px(first.y)}`;
  rest.forEach((point, i) => {
    const next = rest[i + 1];
    if (next === undefined) {
      d += ` L${px(point.x)},${px(point.y)}`;
      return;
    }
    // A quadratic bend through the point, ending halfway to the next one.
    d += ` Q${px(point.x)},${px(point.y)} ${px((point.x + next.x) / 2)},${px((point.y + next.y) / 2)}`;
  });
  return d;
}

/** The outline of a conditional step: a hexagon, the flowchart's decision shape stretched to fit text. */
function hexagon(width: number, height: number): string {
  const w = width / 2;
  const h = height / 2;
  const cut = Math.min(16, h);
  return [`${-w},0`, `${-w + cut},${-h}`, `${w - cut},${-h}`, `${w},0`, `${w - cut},${h}`, `${-w + cut},${h}`].join(' ');
}

export function planSvg(plan: DecompositionPlan, marks: StepMarks = new Map()): string {
  const graph = toGraphView(plan);
  const g = new Graph({ multigraph: false });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 46, edgesep: 12, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  const lines = new Map(graph.nodes.map((n) => [n.id, nodeLines(n, marks.get(n.id), LABEL_CHARS)]));
  for (const node of graph.nodes) {
    const text = lines.get(node.id) ?? [];
    const conditional = node.type === 'conditional';
    g.setNode(String(node.id), { width: boxWidth(text) + (conditional ? 24 : 0), height: text.length * LINE_HEIGHT + 2 * PAD_Y });
  }
  const edges = diagramEdges(graph).filter((e) => g.hasNode(String(e.source)));
  for (const edge of edges) {
    const label = edge.label ? { width: Math.min(edge.label.length, 52) * 6.4 + 8, height: 16, labelpos: 'c' } : {};
    g.setEdge(String(edge.source), String(edge.target), { ...label, minlen: 1 });
  }
  layout(g);
  // dagre's graph size counts nodes and labels, not the bends of long edges: measure everything.
  const extent = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  const include = (x: number, y: number) => {
    extent.minX = Math.min(extent.minX, x);
    extent.minY = Math.min(extent.minY, y);
    extent.maxX = Math.max(extent.maxX, x);
    extent.maxY = Math.max(extent.maxY, y);
  };
  for (const id of g.nodes()) {
    const box = g.node(id) as Box;
    include((box.x ?? 0) - box.width / 2, (box.y ?? 0) - box.height / 2);
    include((box.x ?? 0) + box.width / 2, (box.y ?? 0) + box.height / 2);
  }
  for (const e of g.edges()) for (const p of (g.edge(e) as Route).points ?? []) include(p.x, p.y);
  const margin = 12;
  const viewBox = [extent.minX - margin, extent.minY - margin, extent.maxX - extent.minX + 2 * margin, extent.maxY - extent.minY + 2 * margin].map((v) =>
    Math.round(v),
  );
  const [, , width, height] = viewBox;

  const parts: string[] = [
    `<svg class="dag" xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox.join(' ')}" width="${width}" height="${height}" role="img" aria-label="The plan's steps and their dependencies">`,
    '<defs><marker id="dag-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="dag-arrowhead"/></marker></defs>',
  ];
  for (const edge of edges) {
    const route = g.edge(String(edge.source), String(edge.target)) as Route | undefined;
    if (!route?.points) continue;
    parts.push(
      `<g class="dag-edge${edge.conditional ? ' conditional' : ''}" data-source="${edge.source}" data-target="${edge.target}">`,
      `<path d="${pathOf(route.points)}" marker-end="url(#dag-arrow)"/>`,
    );
    if (edge.label && route.x !== undefined && route.y !== undefined) {
      const shown = edge.label.length > 52 ? `${edge.label.slice(0, 51)}…` : edge.label;
      parts.push(
        `<text class="dag-edge-label" x="${px(route.x)}" y="${px(route.y + 4)}" text-anchor="middle">${esc(shown)}<title>${esc(edge.label)}</title></text>`,
      );
    }
    parts.push('</g>');
  }
  for (const node of graph.nodes) {
    const box = g.node(String(node.id)) as Box | undefined;
    if (box?.x === undefined || box.y === undefined) continue;
    const mark = marks.get(node.id);
    const state = mark?.state ?? 'pending';
    const text = lines.get(node.id) ?? [];
    const shape =
      node.type === 'conditional'
        ? `<polygon class="dag-shape" points="${hexagon(box.width, box.height)}"/>`
        : `<rect class="dag-shape" x="${px(-box.width / 2)}" y="${px(-box.height / 2)}" width="${px(box.width)}" height="${px(box.height)}" rx="8"/>`;
    const top = -box.height / 2 + PAD_Y + 12;
    const rows = text.map((line, i) => {
      const role = i === 0 ? 'dag-title' : i === 1 ? 'dag-detail' : state === 'skipped' ? 'dag-condition' : 'dag-outcome';
      return `<text class="${role}" x="0" y="${px(top + i * LINE_HEIGHT)}" text-anchor="middle">${esc(line)}</text>`;
    });
    const tooltip = [`${node.id} ${node.type}: ${describeStep(node, 400)}`, node.condition ? `if ${node.condition}` : '', mark?.reason ?? '']
      .filter(Boolean)
      .join('\n');
    parts.push(
      `<g class="dag-node state-${state} type-${esc(node.type)}" data-step-id="${node.id}" data-state="${state}"${node.condition ? ` data-condition="${esc(node.condition)}"` : ''} transform="translate(${px(box.x)},${px(box.y)})">`,
      `<title>${esc(tooltip)}</title>`,
      shape,
      ...rows,
      '</g>',
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
