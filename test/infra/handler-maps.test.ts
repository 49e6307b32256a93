/**
 * The one state -> handler map and the one route table, checked against what they describe: the
 * Task states of infra/workflow.asl.json, and the Lambda entry files under functions/handlers/.
 * Both tables are read by CDK, the local runner and `serve`, so a state or route missing here is
 * missing everywhere at once, and this test says so before a synth or a run does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../functions/handlers/routes.js';
import { TASK_STATES } from '../../functions/handlers/states.js';
import { taskStates, WORKFLOW_FILE } from '../../infra/constructs/workflow.js';

const HANDLERS = 'functions/handlers';
const definition = JSON.parse(readFileSync(WORKFLOW_FILE, 'utf8')) as { States: Record<string, { Type: string }> };
const aslTaskStates = Object.entries(definition.States)
  .filter(([, state]) => state.Type === 'Task')
  .map(([name]) => name);

/** The names an entry file imports from a module whose path ends with `from`. */
function importsOf(entry: string, from: string): string[] {
  const source = readFileSync(join(HANDLERS, entry), 'utf8');
  return [...source.matchAll(/import \{([^}]*)\} from '([^']+)'/g)]
    .filter((m) => m[2]?.endsWith(from))
    .flatMap((m) => (m[1] ?? '').split(',').map((n) => n.trim()));
}

describe('Map: Task state -> handler', () => {
  it('has exactly one entry for each Task state of the workflow, and none other', () => {
    // Assess
    expect(Object.keys(TASK_STATES).sort()).toEqual([...aslTaskStates].sort());
    expect(new Set(Object.values(TASK_STATES).map((binding) => binding.entry)).size).toBe(aslTaskStates.length);
  });

  it("gives each state an entry file that exports the handler made by the state's own factory", () => {
    for (const [state, binding] of Object.entries(TASK_STATES)) {
      // Assess: the entry names the factory the map gives the state, and builds it over the process's runtime.
      expect(importsOf(binding.entry, './states.js'), binding.entry).toEqual([binding.make.name]);
      expect(readFileSync(join(HANDLERS, binding.entry), 'utf8'), state).toContain(`export const handler = ${binding.make.name}(workflowRuntime());`);
    }
  });

  it('refuses a workflow with a Task state the map lacks, and a map naming a state the workflow lacks', () => {
    // Prepare
    const text = readFileSync(WORKFLOW_FILE, 'utf8');
    const { Analyze: _dropped, ...withoutAnalyze } = TASK_STATES;

    // Assess
    expect(() => taskStates(text, withoutAnalyze)).toThrow('state Analyze: no handler in the state map');
    expect(() => taskStates(text, { ...TASK_STATES, Summarize: { entry: 'summarize.ts' } })).toThrow(
      'the state map names states the workflow does not have: Summarize',
    );
    expect(taskStates(text).map((state) => state.handlerFile)).toEqual(aslTaskStates.map((name) => TASK_STATES[name as keyof typeof TASK_STATES].entry));
  });
});

describe('Table: API routes', () => {
  it('has one route per method and path, each with its own entry file', () => {
    // Assess
    expect(API_ROUTES.map((route) => route.routeKey)).toEqual([
      'POST /plans',
      'GET /plans',
      'GET /plans/{id}',
      'GET /plans/{id}/trace',
      'POST /plans/{id}/input',
      'GET /tools',
      'POST /tools/{id}/approve',
    ]);
    expect(new Set(API_ROUTES.map((route) => route.entry)).size).toBe(API_ROUTES.length);
  });

  it("gives each route an entry file that exports the handler made by the route's own factory over the intake runtime", () => {
    for (const route of API_ROUTES) {
      const factory = route.make.name;
      expect(importsOf(route.entry, `/intake/${route.name}.js`), route.entry).toEqual([factory]);
      expect(readFileSync(join(HANDLERS, route.entry), 'utf8'), route.routeKey).toContain(`export const handler = ${factory}(intakeRuntime());`);
    }
  });
});
