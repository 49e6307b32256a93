/**
 * Learned composite tools for tests: a SynthesizedTool built the way synthesis writes one, and its
 * store record in any status.
 */
import type { SynthesizedTool } from '../../functions/core/learn/types.js';
import type { LearnedStatus, LearnedToolRecord } from '../../functions/core/tools/learned.js';

/**
 * `learned.search_get`: a BM25 search through the `corpus.search` tool, in parallel a keyword
 * search step, then the top document of the tool's hits fetched through `corpus.get` (wired from
 * the search's output). Steps count from 0 as the seed's prompt writes them.
 */
export const searchThenGet = (overrides: Partial<SynthesizedTool> = {}): SynthesizedTool => ({
  tool_id: 'learned.search_get',
  description: 'Search the corpus and fetch the best hit in full.',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string' }, top_k: { type: 'integer' } },
    required: ['query'],
    additionalProperties: false,
  },
  steps: [
    { step_index: 0, kind: 'tool', tool_id: 'corpus.search', constants: {}, parameter_map: { query: 'query', top_k: 'top_k' }, depends_on: [] },
    { step_index: 1, kind: 'step', tool_id: 'keyword_search', constants: { top_k: 2 }, parameter_map: { query: 'query' }, depends_on: [] },
    { step_index: 2, kind: 'tool', tool_id: 'corpus.get', constants: {}, parameter_map: {}, depends_on: [0] },
  ],
  internal_wiring: [{ from_step: 0, from_key: 'output.documents.0.id', to_step: 2, to_key: 'id' }],
  parallel_groups: [[0, 1]],
  error_strategy: { default_behavior: 'abort', rules: [] },
  output_step: 2,
  source_chain: 'corpus.search → keyword_search → corpus.get',
  ...overrides,
});

/** The store record of `tool` in `status`, created at `at`. */
export const learnedRecord = (status: LearnedStatus, tool: SynthesizedTool = searchThenGet(), at = '2030-01-02T03:04:05.000Z'): LearnedToolRecord => ({
  id: tool.tool_id,
  status,
  definition: tool,
  figures: { support: 0.4, confidence: 0.9, meanSimilarity: 0.97, latencyRatio: 0.8, sessions: 12 },
  createdAt: at,
  updatedAt: at,
});

/**
 * `learned.hybrid_search`: the keyless planner's retrieval of one query (a BM25 search and a
 * vector search side by side, fused by reciprocal rank), as synthesis writes it from that chain:
 * the query the caller's, `top_k` a constant of every part.
 */
export const hybridSearch = (topK = 10, overrides: Partial<SynthesizedTool> = {}): SynthesizedTool => ({
  tool_id: 'learned.hybrid_search',
  description: 'Searches one query by keywords and by vectors and fuses the two rankings.',
  parameters: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { query: { type: 'string', description: 'step 0 (keyword_search) input query' } },
    required: ['query'],
    additionalProperties: false,
  },
  steps: [
    { step_index: 0, kind: 'step', tool_id: 'keyword_search', constants: { top_k: topK }, parameter_map: { query: 'query' }, depends_on: [] },
    { step_index: 1, kind: 'step', tool_id: 'vector_search', constants: { top_k: topK }, parameter_map: { query: 'query' }, depends_on: [] },
    {
      step_index: 2,
      kind: 'step',
      tool_id: 'aggregate',
      constants: { input_steps: [1, 2], method: 'rank_fusion', top_k: topK },
      parameter_map: {},
      depends_on: [0, 1],
    },
  ],
  internal_wiring: [],
  parallel_groups: [[0, 1]],
  error_strategy: { default_behavior: 'abort', rules: [] },
  output_step: 2,
  source_chain: 'keyword_search → vector_search → aggregate[method=rank_fusion]',
  ...overrides,
});
