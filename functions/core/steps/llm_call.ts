/** `llm_call`: asks the LLM to answer from the documents of earlier steps, citing them. */
import schema from '../../../schemas/steps/llm_call.schema.json' with { type: 'json' };
import { composeAnswer } from '../answer/compose-answer.js';
import { LlmRefusalError } from '../errors.js';
import { documentsOf } from './documents.js';
import type { StepDefinition } from './step.js';

/** How many documents of each input an llm_call reads. */
const LLM_DOCS_PER_INPUT = 4;
const ANSWER_BUDGET_TOKENS = 1024;

export const llmCall: StepDefinition = {
  schema,
  operator: async (step, p, inputs, ctx) => {
    const ids = [...(typeof p.input_step === 'number' ? [p.input_step] : []), ...(Array.isArray(p.input_steps) ? (p.input_steps as number[]) : [])];
    const sourceIds = ids.length > 0 ? ids : step.dependencies;
    const seen = new Set<string>();
    const documents: Array<{ id: string; title?: string; text: string }> = [];
    for (const id of sourceIds) {
      const output = inputs.get(id);
      if (output?.status !== 'succeeded') continue;
      const docs = documentsOf(output).slice(0, LLM_DOCS_PER_INPUT);
      if (docs.length === 0 && typeof output.result.text === 'string') {
        documents.push({ id: `step-${id}`, text: output.result.text });
        continue;
      }
      for (const d of docs) {
        if (seen.has(d.id)) continue;
        seen.add(d.id);
        documents.push({ id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text });
      }
    }
    const maxTokens = typeof p.max_tokens === 'number' ? p.max_tokens : ANSWER_BUDGET_TOKENS;
    const answer = await composeAnswer(ctx.llm, { question: ctx.task, instruction: String(p.prompt), documents, maxTokens }, ctx.signal).catch(
      (error: unknown) => {
        // A refused call was made and paid for: it is the plan's call, as an answered one is.
        if (error instanceof LlmRefusalError) ctx.recordLlmCall(error.call);
        throw error;
      },
    );
    const record = answer.call;
    ctx.recordLlmCall(record);
    return {
      text: answer.text,
      ...(answer.shortAnswer !== undefined ? { short_answer: answer.shortAnswer } : {}),
      citations: answer.citations,
      read_documents: documents.map((d) => d.id),
      llm_call: {
        provider: record.provider,
        model: record.model,
        input_tokens: record.inputTokens,
        output_tokens: record.outputTokens,
        duration_ms: record.durationMs,
      },
    };
  },
  // A timed-out or unexplained attempt is tried again; the model's own transient failures are retried
  // by the provider's retry layer alone, never here too (see stepMayRetry in run-plan.ts).
  errorPolicy: { strategy: 'retry', maxAttempts: 3, backoffMs: 250, timeoutMs: 60_000 },
  // An answer can be written from what is there when one of its inputs was skipped.
  onDependencySkipped: 'continue',
  subquery: false,
  ranking: false,
  label: '{"prompt"}',
};
