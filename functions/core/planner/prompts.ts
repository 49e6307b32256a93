/**
 * The prompts, rendered from the templates of ./templates. The system prompt and the
 * catalog (schemas, allowed step types) never change between requests, so they come first:
 * providers with prompt caching cache that prefix. What changes per request (the task, few-shot
 * examples, errors) goes in the user turn.
 */
import type { SynthesizedTool } from '../learn/types.js';
import type { StepType, TaskAnalysis, ValidationIssue } from '../types.js';
import { DEFAULT_TEMPLATES, type PromptTemplates, renderTemplate } from './templates/index.js';

export interface PromptCatalog {
  planSchema: unknown;
  stepSchemas: Record<string, unknown>;
  analysisSchema: unknown;
}

/** A plan of an earlier task, shown to the model as an example (few-shot). */
export interface PlanExample {
  task: string;
  plan: unknown;
}

export const PLANNER_SYSTEM = DEFAULT_TEMPLATES.system;

/**
 * The system prompt with the catalog after it: the cacheable prefix of plan and repair requests.
 * The learned tools offered change only when one is promoted, so they belong to the prefix too.
 */
export function plannerSystem(
  catalog: PromptCatalog,
  allowed: readonly StepType[],
  templates: PromptTemplates = DEFAULT_TEMPLATES,
  tools: readonly SynthesizedTool[] = [],
): string {
  return `${renderTemplate('system', templates.system, {})}\n\n${catalogText(catalog, allowed, tools)}`;
}

export function catalogText(catalog: PromptCatalog, allowed: readonly StepType[], tools: readonly SynthesizedTool[] = []): string {
  const stepSchemas = Object.fromEntries(allowed.map((t) => [t, catalog.stepSchemas[t]]).filter(([, s]) => s !== undefined));
  return [
    `Allowed step types: ${allowed.join(', ')}`,
    `Plan JSON Schema:\n${JSON.stringify(catalog.planSchema)}`,
    `Parameters JSON Schema per step type:\n${JSON.stringify(stepSchemas)}`,
    ...(tools.length > 0 ? [toolsText(tools)] : []),
  ].join('\n\n');
}

/**
 * The learned tools a plan may call: each replaces a chain of steps that recurred in earlier
 * plans, so one tool_call step does what the chain did.
 */
export function toolsText(tools: readonly SynthesizedTool[]): string {
  const listed = tools.map((t) => ({ name: t.tool_id, description: t.description, replaces: t.source_chain, parameters: t.parameters }));
  return [
    'Learned tools: call one with a tool_call step, parameters {"tool": "<name>", "args": {...}} where args follow its parameters schema.',
    'Prefer one where the plan would run the chain it replaces; a later step reads its result like the last step of that chain.',
    JSON.stringify(listed),
  ].join('\n');
}

export function analysisPrompt(task: string, catalog: PromptCatalog, templates: PromptTemplates = DEFAULT_TEMPLATES): string {
  return renderTemplate('analysis', templates.analysis, { analysisSchema: JSON.stringify(catalog.analysisSchema), task });
}

export function planPrompt(
  input: {
    task: string;
    analysis?: TaskAnalysis | undefined;
    constraints?: Record<string, unknown> | undefined;
    context?: string | undefined;
    maxSteps: number;
    examples?: readonly PlanExample[] | undefined;
  },
  templates: PromptTemplates = DEFAULT_TEMPLATES,
): string {
  return renderTemplate('plan', templates.plan, {
    examples: (input.examples ?? []).map((e) => `Task: ${e.task}\nPlan: ${JSON.stringify(e.plan)}`).join('\n\n'),
    task: input.task,
    context: input.context ?? '',
    analysis: input.analysis ? JSON.stringify(input.analysis) : '',
    constraints: input.constraints && Object.keys(input.constraints).length > 0 ? JSON.stringify(input.constraints) : '',
    maxSteps: String(input.maxSteps),
  });
}

export function repairPrompt(
  input: { task: string; previousText: string; errors: ValidationIssue[]; attempt: number },
  templates: PromptTemplates = DEFAULT_TEMPLATES,
): string {
  return renderTemplate('repair', templates.repair, {
    attempt: String(input.attempt),
    task: input.task,
    previousAnswer: input.previousText,
    errors: input.errors.map((e) => `- ${e.path}: ${e.message}`).join('\n'),
  });
}

export function answerPrompt(input: { question: string; instruction: string; documents: Array<{ id: string; title?: string; text: string }> }): string {
  const sources = input.documents.map((d) => `[${d.id}]${d.title ? ` ${d.title}` : ''}\n${d.text}`).join('\n\n');
  return renderTemplate('answer', DEFAULT_TEMPLATES.answer, { instruction: input.instruction, sources, question: input.question });
}
