import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { InvalidInputError, PlanValidationError } from '../../../functions/core/errors.js';
import {
  ancestors,
  criticalPath,
  criticalPathLength,
  dependents,
  directDependents,
  findCycle,
  findCycles,
  formatCycle,
  fromGraphView,
  type GraphStep,
  type PlanGraph,
  toGraphView,
  topologicalLayers,
  topologicalOrder,
} from '../../../functions/core/plan/graph.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '../../fixtures/plans');

const g = (step_id: number, ...dependencies: number[]): GraphStep => ({ step_id, dependencies });

/** 1 and 2 are roots, 3 joins them, 4 and 5 fan out from 3, 6 joins 4 and 5. */
const diamond: GraphStep[] = [g(1), g(2), g(3, 1, 2), g(4, 3), g(5, 3), g(6, 4, 5)];

function expectPlanValidationError(act: () => unknown, lines: string[]): void {
  let thrown: unknown;
  try {
    act();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PlanValidationError);
  expect((thrown as PlanValidationError).issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual(lines);
}

describe('findCycle', () => {
  it('returns undefined when the steps form a DAG', () => {
    expect(findCycle(diamond)).toBeUndefined();
    expect(findCycles(diamond)).toEqual([]);
  });

  it('returns the two steps in dependency order when they depend on each other', () => {
    expect(findCycle([g(1), g(2, 3), g(3, 2)])).toEqual([2, 3]);
  });

  it('follows dependencies from the smallest id when the cycle is longer', () => {
    // 4 depends on 2, 2 on 3, 3 on 4.
    expect(findCycle([g(1), g(4, 2), g(2, 3), g(3, 4)])).toEqual([2, 3, 4]);
  });

  it('returns a shortest cycle when the component has several', () => {
    // 1 -> 2 -> 3 -> 1 and 1 -> 3 -> 1.
    expect(findCycle([g(1, 2, 3), g(2, 3), g(3, 1)])).toEqual([1, 3]);
  });

  it('reports a step that depends on itself', () => {
    expect(findCycle([g(1), g(2, 2)])).toEqual([2]);
    expect(formatCycle([2])).toBe('2 -> 2');
  });

  it('finds every independent cycle, ordered by first id', () => {
    expect(findCycles([g(7, 8), g(8, 7), g(1), g(2, 3), g(3, 2), g(4, 2)])).toEqual([
      [2, 3],
      [7, 8],
    ]);
  });

  it('ignores dependencies on steps that do not exist', () => {
    expect(findCycle([g(1, 9), g(2, 1)])).toBeUndefined();
  });

  it('handles a long chain without recursion limits', () => {
    // Prepare
    const chain = Array.from({ length: 20_000 }, (_, index) => (index === 0 ? g(1, 20_000) : g(index + 1, index)));

    // Act
    const cycle = findCycle(chain);

    // Assess
    expect(cycle).toHaveLength(20_000);
    expect(cycle?.slice(0, 3)).toEqual([1, 20_000, 19_999]);
  });
});

describe('topologicalOrder', () => {
  it('keeps plan order when the plan is already ordered', () => {
    expect(topologicalOrder(diamond)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('moves dependencies before the steps that need them', () => {
    expect(topologicalOrder([g(3, 1, 2), g(2), g(1), g(4, 3)])).toEqual([1, 2, 3, 4]);
  });

  it('throws PlanValidationError naming the cycle when there is one', () => {
    expectPlanValidationError(() => topologicalOrder([g(1, 2), g(2, 1)]), ['plan: dependency cycle 1 -> 2 -> 1']);
  });

  it('throws PlanValidationError naming unknown dependencies and duplicate ids', () => {
    expectPlanValidationError(
      () => topologicalOrder([g(1), g(1), g(2, 5)]),
      ['plan.1.step_id: duplicate step id 1', 'plan.2.dependencies.0: step 5 does not exist'],
    );
  });
});

describe('topologicalLayers', () => {
  it('groups steps by depth when branches have different lengths', () => {
    // 7 depends on 1 (depth 0) and 6 (depth 3): it belongs to layer 4.
    expect(topologicalLayers([...diamond, g(7, 1, 6)])).toEqual([[1, 2], [3], [4, 5], [6], [7]]);
  });

  it('puts independent steps in one layer', () => {
    expect(topologicalLayers([g(1), g(2), g(3)])).toEqual([[1, 2, 3]]);
  });

  it('returns no layers when there are no steps', () => {
    expect(topologicalLayers([])).toEqual([]);
  });
});

describe('ancestors and dependents', () => {
  it('returns transitive dependencies', () => {
    expect([...ancestors(diamond, 6)].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...ancestors(diamond, 3)].sort()).toEqual([1, 2]);
    expect(ancestors(diamond, 1).size).toBe(0);
  });

  it('returns transitive dependents', () => {
    expect([...dependents(diamond, 3)].sort()).toEqual([4, 5, 6]);
    expect([...dependents(diamond, 1)].sort()).toEqual([3, 4, 5, 6]);
    expect(dependents(diamond, 6).size).toBe(0);
  });

  it('returns direct dependents in plan order', () => {
    expect(directDependents(diamond, 3)).toEqual([4, 5]);
    expect(directDependents(diamond, 6)).toEqual([]);
  });

  it('throws RangeError when the step is not in the plan', () => {
    expect(() => ancestors(diamond, 42)).toThrow(RangeError);
    expect(() => dependents(diamond, 42)).toThrow('step 42 is not in the plan');
  });
});

describe('criticalPath', () => {
  it('follows the slowest branch', () => {
    // Prepare: 4 is slower than 5, so the path is 2 -> 3 -> 4 -> 6 (2 is slower than 1).
    const durations = new Map([
      [1, 10],
      [2, 20],
      [3, 5],
      [4, 30],
      [5, 1],
      [6, 2],
    ]);

    // Act
    const path = criticalPath(diamond, (step) => durations.get(step.step_id) ?? 0);

    // Assess
    expect(path).toEqual({ length: 57, stepIds: [2, 3, 4, 6] });
    expect(criticalPathLength(diamond, (step) => durations.get(step.step_id) ?? 0)).toBe(57);
  });

  it('is the longest single step when nothing depends on anything', () => {
    expect(criticalPath([g(1), g(2), g(3)], (step) => step.step_id * 10)).toEqual({ length: 30, stepIds: [3] });
  });

  it('is zero for no steps', () => {
    expect(criticalPathLength([], () => 1)).toBe(0);
  });

  it('throws RangeError when a duration is negative', () => {
    expect(() => criticalPathLength(diamond, () => -1)).toThrow(RangeError);
  });
});

describe('graph view', () => {
  const rich: DecompositionPlan = {
    plan: [
      { step_id: 1, type: 'vector_search', modality: 'text', parameters: { query: 'a' }, dependencies: [], trace: { source: 'llm' } },
      { step_id: 2, type: 'keyword_search', modality: 'text', parameters: { query: 'b' }, dependencies: [], trace: {} },
      {
        step_id: 3,
        type: 'aggregate',
        modality: 'text',
        parameters: { input_steps: [2, 1], method: 'union' },
        dependencies: [2, 1],
        trace: {},
        aggregate: [2, 1],
        condition: 'step_1.result != None',
        on_dependency_skipped: 'continue',
      },
      {
        step_id: 4,
        type: 'tool_call',
        modality: 'table',
        parameters: { args: { x: [1, { y: 2 }] } },
        dependencies: [3],
        trace: {},
        tool: 'calc.eval',
        params: { precision: 2 },
      },
    ],
    traceability: false,
  };

  it('turns steps into nodes and dependencies into edges from dependency to dependent', () => {
    // Act
    const graph = toGraphView(rich);

    // Assess
    expect(graph.edges).toEqual([
      { source: 2, target: 3 },
      { source: 1, target: 3 },
      { source: 3, target: 4 },
    ]);
    expect(graph.nodes[2]).toEqual({
      id: 3,
      type: 'aggregate',
      modality: 'text',
      parameters: { input_steps: [2, 1], method: 'union' },
      condition: 'step_1.result != None',
      trace: {},
      aggregate: [2, 1],
      on_dependency_skipped: 'continue',
    });
    expect(graph.nodes[0]).not.toHaveProperty('condition');
    expect(graph.traceability).toBe(false);
  });

  it('round-trips a plan with every optional field, dependency order included', () => {
    expect(fromGraphView(toGraphView(rich))).toEqual(rich);
  });

  it.each(readdirSync(fixtures).filter((name) => name.startsWith('seed-004-')))('round-trips the seed plan %s', (name) => {
    // Prepare
    const plan = JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as DecompositionPlan;

    // Act
    const back = fromGraphView(toGraphView(plan));

    // Assess
    expect(back).toEqual(plan);
    expect(JSON.stringify(back)).toBe(JSON.stringify(plan));
  });

  it('copies values so that editing the view leaves the plan alone', () => {
    // Prepare
    const plan = structuredClone(rich);
    const graph = toGraphView(plan);

    // Act
    (graph.nodes[3]!.parameters.args as { x: unknown[] }).x.push('changed');

    // Assess
    expect(plan).toEqual(rich);
  });

  it('throws InvalidInputError when an edge points to a node that does not exist', () => {
    // Prepare
    const graph: PlanGraph = { ...toGraphView(rich), edges: [{ source: 1, target: 9 }] };

    // Act / Assess
    expect(() => fromGraphView(graph)).toThrow(InvalidInputError);
    expect(() => fromGraphView(graph)).toThrow('edges.0.target: node 9 does not exist');
  });

  it('throws InvalidInputError when two nodes share an id', () => {
    // Prepare
    const view = toGraphView(rich);
    const graph: PlanGraph = { ...view, nodes: [...view.nodes, ...view.nodes.slice(0, 1)] };

    // Act / Assess
    expect(() => fromGraphView(graph)).toThrow('nodes.4.id: duplicate node id 1');
  });
});
