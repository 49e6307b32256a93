/**
 * Pure graph utilities over a plan's steps, and the graph view (nodes and edges, as in seed
 * 000) of a plan, converted both ways.
 *
 * Edges point from a step to what it depends on when we speak of cycles (`2 -> 3` reads "step 2
 * depends on step 3"), and from a dependency to its dependent in the graph view (data flow).
 */
import { InvalidInputError, PlanValidationError } from '../errors.js';
import type { DecompositionPlan, DecompositionStep, Modality, StepType } from '../types.js';

/** The part of a step the graph needs. */
export type GraphStep = Pick<DecompositionStep, 'step_id' | 'dependencies'>;

/** Dependencies by step id. Tolerant: a repeated id merges its dependencies, unknown ids are dropped. */
function dependencyMap(steps: readonly GraphStep[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const step of steps) map.set(step.step_id, [...(map.get(step.step_id) ?? []), ...step.dependencies]);
  for (const [id, deps] of map) map.set(id, [...new Set(deps.filter((dep) => map.has(dep)))]);
  return map;
}

/**
 * Every dependency cycle, one per strongly connected component, each as step ids in dependency
 * order starting at the component's smallest id: `[2, 3]` means 2 depends on 3, which depends on 2.
 * A step that depends on itself is the cycle `[id]`. Ordered by first id.
 */
export function findCycles(steps: readonly GraphStep[]): number[][] {
  const deps = dependencyMap(steps);
  const isCycle = (component: number[]): boolean => component.length > 1 || component.some((id) => (deps.get(id) ?? []).includes(id));
  return stronglyConnected(deps)
    .filter(isCycle)
    .map((component) => shortestCycleThrough(Math.min(...component), new Set(component), deps))
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

/** One dependency cycle (see `findCycles`), or undefined when the steps form a DAG. */
export function findCycle(steps: readonly GraphStep[]): number[] | undefined {
  return findCycles(steps)[0];
}

/** `[2, 3]` → `2 -> 3 -> 2`. */
export function formatCycle(cycle: readonly number[]): string {
  return [...cycle, cycle[0]].join(' -> ');
}

// Tarjan's algorithm, iterative so that a long chain cannot overflow the stack.
function stronglyConnected(deps: ReadonlyMap<number, readonly number[]>): number[][] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (const root of deps.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ id: number; next: number }> = [{ id: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { id: number; next: number };
      const edges = deps.get(frame.id) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next] as number;
        frame.next += 1;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter);
          counter += 1;
          stack.push(to);
          onStack.add(to);
          work.push({ id: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.id, Math.min(low.get(frame.id) ?? 0, index.get(to) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.id, Math.min(low.get(parent.id) ?? 0, low.get(frame.id) ?? 0));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: number[] = [];
        let member: number | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
        components.push(component);
      }
    }
  }
  return components;
}

/** Breadth-first from `start` inside its component, so the reported cycle is a shortest one. */
function shortestCycleThrough(start: number, members: ReadonlySet<number>, deps: ReadonlyMap<number, readonly number[]>): number[] {
  const parent = new Map<number, number>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head] as number;
    for (const dep of deps.get(id) ?? []) {
      if (dep === start) {
        const path = [id];
        for (let at = parent.get(id); at !== undefined; at = parent.get(at)) path.push(at);
        return path.reverse();
      }
      if (members.has(dep) && !parent.has(dep)) {
        parent.set(dep, id);
        queue.push(dep);
      }
    }
  }
  return [start];
}

/** Map by id for the strict functions below: duplicate ids, unknown dependencies and cycles throw. */
function requireDag<S extends GraphStep>(steps: readonly S[]): Map<number, S> {
  const byId = new Map<number, S>();
  const issues: Array<{ path: string; message: string }> = [];
  steps.forEach((step, index) => {
    if (byId.has(step.step_id)) issues.push({ path: `plan.${index}.step_id`, message: `duplicate step id ${step.step_id}` });
    else byId.set(step.step_id, step);
  });
  steps.forEach((step, index) => {
    step.dependencies.forEach((dep, position) => {
      if (!byId.has(dep)) issues.push({ path: `plan.${index}.dependencies.${position}`, message: `step ${dep} does not exist` });
    });
  });
  for (const cycle of findCycles(steps)) issues.push({ path: 'plan', message: `dependency cycle ${formatCycle(cycle)}` });
  if (issues.length > 0) {
    throw new PlanValidationError(`not a DAG: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, issues);
  }
  return byId;
}

/**
 * Step ids in an order where every step comes after its dependencies: plan order, each step
 * preceded by those of its dependencies not listed yet. A plan already in order comes back as is.
 * Throws PlanValidationError on duplicate ids, unknown dependencies or a cycle.
 */
export function topologicalOrder(steps: readonly GraphStep[]): number[] {
  const byId = requireDag(steps);
  const order: number[] = [];
  const listed = new Set<number>();
  for (const step of steps) {
    // Iterative depth-first walk: a frame is listed once all its dependencies are.
    const work: Array<{ id: number; next: number }> = [{ id: step.step_id, next: 0 }];
    while (work.length > 0) {
      const frame = work[work.length - 1] as { id: number; next: number };
      if (listed.has(frame.id)) {
        work.pop();
        continue;
      }
      const deps = byId.get(frame.id)?.dependencies ?? [];
      const dep = deps[frame.next];
      if (dep !== undefined) {
        frame.next += 1;
        if (!listed.has(dep)) work.push({ id: dep, next: 0 });
        continue;
      }
      listed.add(frame.id);
      order.push(frame.id);
      work.pop();
    }
  }
  return order;
}

/**
 * Step ids grouped by depth: layer 0 has no dependencies, a step in layer k depends on at least
 * one step in layer k-1 and none deeper. Plan order within a layer. Throws like topologicalOrder.
 */
export function topologicalLayers(steps: readonly GraphStep[]): number[][] {
  const byId = requireDag(steps);
  const depth = new Map<number, number>();
  for (const id of topologicalOrder(steps)) {
    const deps = byId.get(id)?.dependencies ?? [];
    depth.set(id, deps.length === 0 ? 0 : 1 + Math.max(...deps.map((dep) => depth.get(dep) ?? 0)));
  }
  const layers: number[][] = [];
  for (const step of steps) {
    const layer = depth.get(step.step_id) ?? 0;
    while (layers.length <= layer) layers.push([]);
    layers[layer]?.push(step.step_id);
  }
  return layers;
}

function requireStep(deps: ReadonlyMap<number, readonly number[]>, stepId: number): void {
  if (!deps.has(stepId)) throw new RangeError(`step ${stepId} is not in the plan`);
}

/** Every step `stepId` depends on, directly or transitively (not itself, unless in a cycle). */
export function ancestors(steps: readonly GraphStep[], stepId: number): Set<number> {
  const deps = dependencyMap(steps);
  requireStep(deps, stepId);
  return reachable(deps, deps.get(stepId) ?? []);
}

/** Every step that depends on `stepId`, directly or transitively: what a failure or skip of it reaches. */
export function dependents(steps: readonly GraphStep[], stepId: number): Set<number> {
  const deps = dependencyMap(steps);
  requireStep(deps, stepId);
  const reverse = new Map<number, number[]>();
  for (const [id, list] of deps) for (const dep of list) reverse.set(dep, [...(reverse.get(dep) ?? []), id]);
  return reachable(reverse, reverse.get(stepId) ?? []);
}

/** The steps that list `stepId` among their dependencies, in plan order. */
export function directDependents(steps: readonly GraphStep[], stepId: number): number[] {
  const deps = dependencyMap(steps);
  requireStep(deps, stepId);
  return [...new Set(steps.filter((step) => step.dependencies.includes(stepId)).map((step) => step.step_id))];
}

function reachable(edges: ReadonlyMap<number, readonly number[]>, from: readonly number[]): Set<number> {
  const seen = new Set<number>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(edges.get(id) ?? []));
  }
  return seen;
}

/**
 * The longest chain of the DAG weighted by `durationOf` (the makespan bound with unlimited
 * parallelism): its total duration and its step ids, first to last. Throws like topologicalOrder;
 * a negative or non-finite duration throws RangeError.
 */
export function criticalPath<S extends GraphStep>(steps: readonly S[], durationOf: (step: S) => number): { length: number; stepIds: number[] } {
  const byId = requireDag(steps);
  const finish = new Map<number, number>();
  const via = new Map<number, number>();
  let end: number | undefined;
  for (const id of topologicalOrder(steps)) {
    const step = byId.get(id) as S;
    const duration = durationOf(step);
    if (!Number.isFinite(duration) || duration < 0) throw new RangeError(`step ${id} has duration ${duration}`);
    // The step starts when its latest dependency finishes; that dependency is its critical predecessor.
    let start = 0;
    let latest: number | undefined;
    for (const dep of step.dependencies) {
      const depFinish = finish.get(dep) ?? 0;
      if (latest === undefined || depFinish > start) {
        start = depFinish;
        latest = dep;
      }
    }
    if (latest !== undefined) via.set(id, latest);
    finish.set(id, start + duration);
    if (end === undefined || (finish.get(id) ?? 0) > (finish.get(end) ?? 0)) end = id;
  }
  if (end === undefined) return { length: 0, stepIds: [] };
  const stepIds: number[] = [];
  for (let at: number | undefined = end; at !== undefined; at = via.get(at)) stepIds.push(at);
  return { length: finish.get(end) ?? 0, stepIds: stepIds.reverse() };
}

/** The total duration of `criticalPath`. */
export function criticalPathLength<S extends GraphStep>(steps: readonly S[], durationOf: (step: S) => number): number {
  return criticalPath(steps, durationOf).length;
}

// ---------------------------------------------------------------- the graph view

/** A step as a node. Besides seed 000's fields it keeps every step field, so the view is lossless. */
export interface PlanGraphNode {
  id: number;
  type: StepType;
  modality: Modality;
  parameters: Record<string, unknown>;
  condition?: string;
  trace: Record<string, unknown>;
  aggregate?: number[];
  tool?: string;
  params?: Record<string, unknown>;
  on_dependency_skipped?: 'skip' | 'continue';
}

/** Data flow: `source` is a dependency of `target`. */
export interface PlanGraphEdge {
  source: number;
  target: number;
}

export interface PlanGraph {
  nodes: PlanGraphNode[];
  /** In plan order, and per target in the order of its dependencies, so the round trip is exact. */
  edges: PlanGraphEdge[];
  traceability: boolean;
}

/** Plan → nodes and edges. Values are copied, so the view can be changed without touching the plan. */
export function toGraphView(plan: DecompositionPlan): PlanGraph {
  const nodes = plan.plan.map(
    (step): PlanGraphNode => ({
      id: step.step_id,
      type: step.type,
      modality: step.modality,
      parameters: structuredClone(step.parameters),
      ...(step.condition !== undefined ? { condition: step.condition } : {}),
      trace: structuredClone(step.trace),
      ...(step.aggregate !== undefined ? { aggregate: [...step.aggregate] } : {}),
      ...(step.tool !== undefined ? { tool: step.tool } : {}),
      ...(step.params !== undefined ? { params: structuredClone(step.params) } : {}),
      ...(step.on_dependency_skipped !== undefined ? { on_dependency_skipped: step.on_dependency_skipped } : {}),
    }),
  );
  const edges = plan.plan.flatMap((step) => step.dependencies.map((dep) => ({ source: dep, target: step.step_id })));
  return { nodes, edges, traceability: plan.traceability };
}

/**
 * Nodes and edges → plan. An edge whose target is not a node, or a repeated node id, cannot be
 * placed and throws InvalidInputError; an edge from an unknown source becomes a dependency that
 * validatePlan then reports.
 */
export function fromGraphView(graph: PlanGraph): DecompositionPlan {
  const dependencies = new Map<number, number[]>();
  graph.nodes.forEach((node, index) => {
    if (dependencies.has(node.id)) throw new InvalidInputError(`nodes.${index}.id: duplicate node id ${node.id}`);
    dependencies.set(node.id, []);
  });
  graph.edges.forEach((edge, index) => {
    const list = dependencies.get(edge.target);
    if (list === undefined) throw new InvalidInputError(`edges.${index}.target: node ${edge.target} does not exist`);
    list.push(edge.source);
  });
  const plan = graph.nodes.map(
    (node): DecompositionStep => ({
      step_id: node.id,
      type: node.type,
      modality: node.modality,
      parameters: structuredClone(node.parameters),
      dependencies: dependencies.get(node.id) ?? [],
      trace: structuredClone(node.trace),
      ...(node.condition !== undefined ? { condition: node.condition } : {}),
      ...(node.aggregate !== undefined ? { aggregate: [...node.aggregate] } : {}),
      ...(node.tool !== undefined ? { tool: node.tool } : {}),
      ...(node.params !== undefined ? { params: structuredClone(node.params) } : {}),
      ...(node.on_dependency_skipped !== undefined ? { on_dependency_skipped: node.on_dependency_skipped } : {}),
    }),
  );
  return { plan, traceability: graph.traceability };
}
