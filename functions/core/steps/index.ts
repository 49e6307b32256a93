/**
 * The step-type catalog: every step type Cairn knows, by name, each from its own module. Everything
 * that used to list the types by hand is derived from here: the names and the schema enums (made
 * by `npm run build:validators` into catalog.generated.ts and schemas/step-types.generated.json),
 * the operator table, the sub-query and ranking sets, the error and skip policies, and the labels.
 *
 * Adding a step type: write its module and its parameter schema, add it below, and run
 * `npm run build:validators`. Until the generated names are rebuilt, `satisfies` below fails to
 * compile, as it does when a listed type has no module.
 */
import type { DecompositionStep } from '../types.js';
import { aggregate } from './aggregate.js';
import { audioTranscription } from './audio_transcription.js';
import type { StepType } from './catalog.generated.js';
import { conditional } from './conditional.js';
import { dedupe } from './dedupe.js';
import { elicitation } from './elicitation.js';
import { filter } from './filter.js';
import { graphQuery } from './graph_query.js';
import { imageCaptioning } from './image_captioning.js';
import { keywordSearch } from './keyword_search.js';
import { llmCall } from './llm_call.js';
import { multiHop } from './multi-hop.js';
import { rerank } from './rerank.js';
import type { StepDefinition, StepOperator, StepPolicy } from './step.js';
import { toolCall } from './tool_call.js';
import { vectorSearch } from './vector_search.js';

export type { StepType } from './catalog.generated.js';
export type { ErrorStrategy, OperatorContext, StepDefinition, StepOperator, StepPolicy } from './step.js';

/** In the order the planner is shown them: retrieval first, then what refines, combines and answers. */
export const STEP_CATALOG = {
  vector_search: vectorSearch,
  keyword_search: keywordSearch,
  graph_query: graphQuery,
  'multi-hop': multiHop,
  filter,
  rerank,
  aggregate,
  dedupe,
  conditional,
  llm_call: llmCall,
  tool_call: toolCall,
  audio_transcription: audioTranscription,
  image_captioning: imageCaptioning,
  elicitation,
} as const satisfies Record<StepType, StepDefinition>;

/** The catalog's type names, in its order (what the generator writes as STEP_TYPES). */
export const CATALOG_STEP_TYPES = Object.keys(STEP_CATALOG) as StepType[];

const entries = Object.entries(STEP_CATALOG) as Array<[StepType, StepDefinition]>;
const typesWhere = (role: (definition: StepDefinition) => boolean): ReadonlySet<StepType> =>
  new Set(entries.filter(([, definition]) => role(definition)).map(([type]) => type));

/** One operator per step type: total, since the catalog is. */
export const STEP_OPERATORS: Readonly<Record<StepType, StepOperator>> = Object.fromEntries(
  entries.map(([type, definition]) => [type, definition.operator]),
) as Record<StepType, StepOperator>;

/** The step types this build can execute; the planner is only offered these. */
export const EXECUTABLE_STEP_TYPES: StepType[] = [...CATALOG_STEP_TYPES];

/** Steps that put a sub-query to the corpus. */
export const SUBQUERY_TYPES = typesWhere((d) => d.subquery);
/** Steps whose output is a ranked list of documents. */
export const RANKING_TYPES = typesWhere((d) => d.ranking);

/** The step's declared `on_error`, `retry` and `timeout_ms`, over the defaults of its type. */
export function stepPolicy(step: DecompositionStep): StepPolicy {
  const base = STEP_CATALOG[step.type].errorPolicy;
  const strategy = step.on_error ?? base.strategy;
  const declaredAttempts = step.retry?.max_attempts;
  const maxAttempts = declaredAttempts ?? (strategy === 'retry' ? Math.max(base.maxAttempts, 2) : 1);
  return { strategy, maxAttempts, backoffMs: step.retry?.backoff_ms ?? (base.backoffMs || 100), timeoutMs: step.timeout_ms ?? base.timeoutMs };
}

/** What a step does when a dependency was skipped: its own `on_dependency_skipped`, else its type's. */
export function policyOnSkip(step: DecompositionStep): 'skip' | 'continue' {
  return step.on_dependency_skipped ?? STEP_CATALOG[step.type].onDependencySkipped;
}
