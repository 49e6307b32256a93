/**
 * B2: the prompts. The system prompt and the catalog (schemas, allowed step types) never change
 * between requests, so they come first: providers with prompt caching cache that prefix.
 */
import type { StepType, TaskAnalysis, ValidationIssue } from '../types.js';

export interface PromptCatalog {
  planSchema: unknown;
  stepSchemas: Record<string, unknown>;
  analysisSchema: unknown;
}

export const PLANNER_SYSTEM = `You are Cairn's planner. You turn a task into a decomposition plan: a DAG of typed steps that
search a document corpus, filter, re-rank and aggregate what they find, branch on conditions, and
compose an answer with citations. You answer with one JSON object and nothing the schema does not allow.

Rules:
- Each step has step_id (integer, unique), type, modality, parameters, dependencies (step ids), trace.
- A step may only read the results of steps it depends on (input_step / input_steps / {{ step_N... }}).
- Independent sub-queries must not depend on each other, so they run in parallel.
- Conditions are expressions like step_2.result['run'] == True over earlier steps' results.
- A string parameter may embed an earlier result: "{{ step_1.result.documents[0].title }}".
- Keep sub-queries short, and each must share a content word with the task.`;

export function catalogText(catalog: PromptCatalog, allowed: readonly StepType[]): string {
  const stepSchemas = Object.fromEntries(allowed.map((t) => [t, catalog.stepSchemas[t]]).filter(([, s]) => s !== undefined));
  return [
    `Allowed step types: ${allowed.join(', ')}`,
    `Plan JSON Schema:\n${JSON.stringify(catalog.planSchema)}`,
    `Parameters JSON Schema per step type:\n${JSON.stringify(stepSchemas)}`,
  ].join('\n\n');
}

export function analysisPrompt(task: string, catalog: PromptCatalog): string {
  return `Analyse this task before planning. Answer with one JSON object that follows this schema:
${JSON.stringify(catalog.analysisSchema)}

Task: ${task}`;
}

export function planPrompt(input: {
  task: string;
  analysis?: TaskAnalysis | undefined;
  constraints?: Record<string, unknown> | undefined;
  context?: string | undefined;
  maxSteps: number;
}): string {
  const parts = [`Task: ${input.task}`];
  if (input.context) parts.push(`Context: ${input.context}`);
  if (input.analysis) parts.push(`Analysis: ${JSON.stringify(input.analysis)}`);
  if (input.constraints && Object.keys(input.constraints).length > 0) parts.push(`Constraints: ${JSON.stringify(input.constraints)}`);
  parts.push(`Use at most ${input.maxSteps} steps. Explain your reasoning briefly, then give the plan as one JSON object {"plan": [...], "traceability": true} in a \`\`\`json block.`);
  return parts.join('\n\n');
}

export function repairPrompt(input: { task: string; previousText: string; errors: ValidationIssue[]; attempt: number }): string {
  return `Attempt ${input.attempt}. Your previous plan for this task is not valid.

Task: ${input.task}

Previous answer:
${input.previousText}

Validation errors (every one must be fixed):
${input.errors.map((e) => `- ${e.path}: ${e.message}`).join('\n')}

Give the corrected plan as one JSON object {"plan": [...], "traceability": true} in a \`\`\`json block.`;
}

export function answerPrompt(input: { question: string; instruction: string; documents: Array<{ id: string; title?: string; text: string }> }): string {
  const sources = input.documents.map((d) => `[${d.id}]${d.title ? ` ${d.title}` : ''}\n${d.text}`).join('\n\n');
  return `${input.instruction}

Answer only from these sources and cite each claim with its source id in brackets, like [doc-1].

Sources:
${sources}

Question: ${input.question}`;
}
