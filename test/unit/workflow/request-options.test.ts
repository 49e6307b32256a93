/**
 * The tools a request may call: its own list, or the corpus tools when it gives none. A network
 * tool (`http.fetch`), and a composite calling one, runs only for a request that names it; the
 * planner's catalog of composites follows the same list.
 */
import { describe, expect, it } from 'vitest';
import { createHttpFetchTool } from '../../../functions/adapters/http/fetch-tool.js';
import { registerComposites } from '../../../functions/core/tools/composite.js';
import type { PlanRecord } from '../../../functions/core/types.js';
import { allowedStepTypes, allowedTools, offeredComposites } from '../../../functions/core/workflow/request-options.js';
import { createRuntime } from '../../../functions/runtime/workflow.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { searchThenGet } from '../../support/learned.js';
import { phaseDeps } from '../../support/phase-deps.js';
import { receivedPlan } from '../../support/plans.js';
import { localTools } from '../../support/tools.js';

const NOW = new Date('2026-03-04T05:06:07.000Z');

/** The local tools, http.fetch, a composite of corpus tools and one that fetches a page first. */
function registry() {
  const tools = localTools();
  tools.register(createHttpFetchTool({ allowedHosts: ['example.org'], timeoutMs: 1_000, maxBytes: 1_024 }));
  const fetching = searchThenGet({
    tool_id: 'learned.fetch_get',
    steps: [
      { step_index: 0, kind: 'tool', tool_id: 'http.fetch', constants: { url: 'https://example.org/' }, parameter_map: {}, depends_on: [] },
      { step_index: 1, kind: 'tool', tool_id: 'corpus.get', constants: {}, parameter_map: { id: 'query' }, depends_on: [0] },
    ],
    internal_wiring: [],
    parallel_groups: [],
    output_step: 1,
  });
  expect(registerComposites(tools, [searchThenGet(), fetching])).toEqual([]);
  return tools;
}

const record = (request: Partial<PlanRecord['request']>): PlanRecord => receivedPlan({ request: { task: 'What does the corpus say about Lyon?', ...request } });

describe('Function: allowedTools', () => {
  it('gives a request without a tools list the corpus tools only: no network tool, no composite calling one', () => {
    // Prepare
    const deps = phaseDeps(NOW, { tools: registry() });

    // Act
    const allowed = allowedTools(deps, record({}));

    // Assess
    expect(allowed).toEqual(['corpus.get', 'corpus.search', 'learned.search_get', 'math.evaluate', 'media.caption', 'media.transcribe']);
  });

  it('gives a request the network tools it lists, within what is registered', () => {
    // Prepare
    const deps = phaseDeps(NOW, { tools: registry() });

    // Act
    const allowed = allowedTools(deps, record({ tools: ['http_fetch', 'learned.fetch_get', 'weather.lookup'] }));

    // Assess
    expect(allowed).toEqual(['http.fetch', 'learned.fetch_get']);
  });
});

describe('Function: offeredComposites', () => {
  it('offers the planner no composite calling a network tool unless the request lists it and its parts', () => {
    // Prepare
    const deps = phaseDeps(NOW, { tools: registry() });

    // Act
    const byDefault = offeredComposites(deps, record({})).map((c) => c.tool_id);
    const listed = offeredComposites(deps, record({ tools: ['learned.fetch_get', 'http.fetch', 'corpus.get'] })).map((c) => c.tool_id);
    const partLeftOut = offeredComposites(deps, record({ tools: ['learned.fetch_get', 'corpus.get'] })).map((c) => c.tool_id);

    // Assess
    expect(byDefault).toEqual(['learned.search_get']);
    expect(listed).toEqual(['learned.fetch_get']);
    expect(partLeftOut).toEqual([]);
  });

  it('reads the step types the request allows', () => {
    expect(allowedStepTypes(record({ constraints: { allowed_step_types: ['tool_call', 'keyword_search', 'not_a_type'] } }))).toEqual([
      'keyword_search',
      'tool_call',
    ]);
  });
});

describe('The runtime registry', () => {
  it('marks http.fetch as its one network tool; every other tool it registers reads the corpus or computes locally', () => {
    // Prepare
    const rt = createRuntime(
      loadConfig({
        CAIRN_TABLE: 'default-tools',
        CAIRN_DYNAMODB_ENDPOINT: 'http://127.0.0.1:1',
        AWS_REGION: 'eu-west-1',
        CAIRN_HTTP_FETCH_HOSTS: 'example.org',
      }),
    );

    // Act
    const network = rt.phases.tools.networkTools();
    const corpus = rt.phases.tools.corpusTools();

    // Assess: a tool added to the runtime fails here until it is classified.
    expect(network).toEqual(['http.fetch']);
    expect(corpus).toEqual(['corpus.get', 'corpus.search', 'math.evaluate', 'media.caption', 'media.transcribe']);
  });
});

describe('Function: allowedTools and offeredComposites, by corpus', () => {
  it('offers a learned composite only to plans over the corpora it was learned on; an unscoped one to all', () => {
    // Prepare: learned.search_get was learned on the default corpus
    const tools = registry();
    tools.scopeTo('learned.search_get', ['']);
    const deps = phaseDeps(NOW, { tools });

    // Act
    const onDefault = offeredComposites(deps, record({})).map((c) => c.tool_id);
    const onOther = offeredComposites(deps, record({ corpus: 'other/corpus.jsonl' })).map((c) => c.tool_id);
    const listedOnOther = allowedTools(deps, record({ corpus: 'other/corpus.jsonl', tools: ['learned.search_get', 'corpus.get'] }));

    // Assess
    expect(onDefault).toEqual(['learned.search_get']);
    expect(onOther).toEqual([]);
    expect(listedOnOther).toEqual(['corpus.get']);
  });

  it('takes a demoted composite out of the registry, and keeps built-in tools', () => {
    // Prepare
    const tools = registry();

    // Act
    const removed = tools.unregister('learned.search_get');
    const builtIn = tools.unregister('corpus.get');

    // Assess
    expect(removed).toBe(true);
    expect(builtIn).toBe(false);
    expect(tools.names()).not.toContain('learned.search_get');
    expect(tools.names()).toContain('corpus.get');
  });
});
