/**
 * The plan cache key. Two requests share a key when the planner would be asked the same
 * thing: the same task once normalized (Unicode NFKC, case, whitespace), the same context and
 * constraints, the same step catalog (allowed types and the schemas shown), the same options that
 * shape a plan (analysis on or off, step limit, top_k, tools, prompt templates) and the same model.
 * Options that only shape execution (concurrency, attribution) are left out.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';
import type { PromptTemplateOverrides, StepType } from '../types.js';
import type { PromptCatalog } from './prompts.js';

export interface PlanCacheKeyInput {
  task: string;
  context?: string | undefined;
  constraints?: Record<string, unknown> | undefined;
  tools?: readonly string[] | undefined;
  /** The learned tools the planner is offered: a plan cached before a promotion does not answer after it. */
  offeredTools?: readonly string[] | undefined;
  allowedStepTypes: readonly StepType[];
  catalog: PromptCatalog;
  analyze: boolean;
  maxSteps: number;
  topK: number;
  promptTemplates?: PromptTemplateOverrides | undefined;
  provider: string;
  model: string;
}

export function normalizeTask(task: string): string {
  return task.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const catalogFingerprints = new WeakMap<PromptCatalog, string>();

/** The catalog's schemas, hashed once per catalog object. */
function catalogFingerprint(catalog: PromptCatalog): string {
  let fingerprint = catalogFingerprints.get(catalog);
  if (fingerprint === undefined) {
    fingerprint = sha256(canonicalJson({ plan: catalog.planSchema, steps: catalog.stepSchemas }));
    catalogFingerprints.set(catalog, fingerprint);
  }
  return fingerprint;
}

/** 64 hex characters: sha256 of the canonical JSON of everything that shapes the plan. */
export function planCacheKey(input: PlanCacheKeyInput): string {
  return sha256(
    canonicalJson({
      task: normalizeTask(input.task),
      context: input.context?.trim() ?? null,
      constraints: input.constraints ?? null,
      tools: input.tools ? [...input.tools].sort() : null,
      // Only when some are offered, so the keys of plans made without learned tools stay as they were.
      ...(input.offeredTools && input.offeredTools.length > 0 ? { offeredTools: [...input.offeredTools].sort() } : {}),
      allowedStepTypes: [...input.allowedStepTypes].sort(),
      catalog: catalogFingerprint(input.catalog),
      analyze: input.analyze,
      maxSteps: input.maxSteps,
      topK: input.topK,
      promptTemplates: input.promptTemplates ?? null,
      provider: input.provider,
      model: input.model,
    }),
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
