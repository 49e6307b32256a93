/** `llm_call`: asks the LLM to answer from the documents of earlier steps, citing them. */
import schema from '../../../schemas/steps/llm_call.schema.json' with { type: 'json' };
import { composeAnswer } from '../answer/compose-answer.js';
import { kinQuestion, statesKinOf } from '../answer/kinship.js';
import { LlmRefusalError } from '../errors.js';
import type { CorpusIndex } from '../ports.js';
import { contentTerms } from '../retrieval/tokenize.js';
import { documentsOf } from './documents.js';
import type { StepDefinition } from './step.js';

/** How many documents of each input an llm_call reads, unless its `documents_per_input` says. */
const LLM_DOCS_PER_INPUT = 4;
/**
 * Documents read for being named, per passage the task names (first mentioned first), and the most
 * one answer reads in all: on the dev splits (hotpotqa, 2wiki) two took every gold passage a first
 * hop named that the answer had not read; the cap keeps a passage naming many others bounded.
 */
const NAMED_PER_DOC = 2;
const LLM_DOCS_MAX = 16;
const ANSWER_BUDGET_TOKENS = 1024;

type ReadDocument = { id: string; title?: string; text: string };

/** A passage's sentences, split where a stop is followed by a capital (close enough to find the sentence a name is in). */
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+(?=[A-Z\p{Lu}"'“(])/u).filter((x) => x.trim() !== '');

/**
 * The documents a passage names by title, first mentioned first, in its sentences that speak of
 * what the task asks beyond the names it gives (`relation`): "Léonor is a French film directed by
 * Juan Luis Buñuel" for the film's director, not "Marseille is the second-largest city of France,
 * after Paris" when "in the Provence-Alpes-Côte d'Azur region" says what is asked. A passage none
 * of whose sentences speaks of it leads on through every name it gives: what it says of the
 * subject is the hop, in words the task does not use ("whose clients include Rudy Giuliani" for
 * the mayor a consultant worked with). A sentence stating the kinship a task asks through
 * (`statesKin`: "She is married to ... Roman Polanski" for her husband) speaks of it too.
 */
async function namedInRelevantSentences(
  index: CorpusIndex,
  doc: ReadDocument,
  relation: ReadonlySet<string>,
  statesKin: (sentence: string) => boolean,
): Promise<string[]> {
  const said = sentencesOf(doc.text);
  const speaking = said.filter((sentence) => contentTerms(sentence).some((t) => relation.has(t)) || statesKin(sentence));
  const found: string[] = [];
  for (const sentence of speaking.length > 0 ? speaking : said)
    for (const id of await index.documentsNamedIn(sentence)) if (id !== doc.id && !found.includes(id)) found.push(id);
  return found;
}

export const llmCall: StepDefinition = {
  schema,
  operator: async (step, p, inputs, ctx) => {
    const ids = [...(typeof p.input_step === 'number' ? [p.input_step] : []), ...(Array.isArray(p.input_steps) ? (p.input_steps as number[]) : [])];
    const sourceIds = ids.length > 0 ? ids : step.dependencies;
    const seen = new Set<string>();
    const documents: ReadDocument[] = [];
    const named: ReadDocument[] = [];
    const read = (d: ReadDocument) => {
      seen.add(d.id);
      documents.push({ id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text });
    };
    for (const id of sourceIds) {
      const output = inputs.get(id);
      if (output?.status !== 'succeeded') continue;
      const docs = documentsOf(output).slice(0, typeof p.documents_per_input === 'number' ? p.documents_per_input : LLM_DOCS_PER_INPUT);
      if (docs.length === 0 && typeof output.result.text === 'string') {
        documents.push({ id: `step-${id}`, text: output.result.text });
        continue;
      }
      for (const d of docs) if (!seen.has(d.id)) read(d);
    }
    // The passages the task names by title (its first hop) lead on to the passages they name where
    // they speak of what is asked; read after every input's own documents, so what was ranked keeps
    // its place before what was named.
    const subjects = new Set(await ctx.index.documentsNamedIn(ctx.task));
    const naming = documents.filter((d) => subjects.has(d.id));
    const names = new Set(naming.flatMap((d) => contentTerms(d.title ?? '')));
    const relation = new Set(contentTerms(ctx.task).filter((t) => !names.has(t)));
    // A relative asked through ("Where was the husband of X born?") is named where a sentence
    // states the kinship, in words the task does not use: "She is married to ... Roman Polanski".
    const kin = kinQuestion(ctx.task);
    const statesKin = (sentence: string) => statesKinOf(sentence, kin);
    for (const d of naming) {
      let taken = 0;
      for (const id of await namedInRelevantSentences(ctx.index, d, relation, statesKin)) {
        if (taken >= NAMED_PER_DOC || documents.length >= LLM_DOCS_MAX) break;
        if (seen.has(id)) continue;
        const doc = await ctx.index.get(id);
        if (!doc) continue;
        read(doc);
        named.push(documents.at(-1)!);
        taken += 1;
      }
    }
    const maxTokens = typeof p.max_tokens === 'number' ? p.max_tokens : ANSWER_BUDGET_TOKENS;
    const answer = await composeAnswer(
      ctx.llm,
      { question: ctx.task, instruction: String(p.prompt), documents, maxTokens, lexicon: ctx.lexicon },
      ctx.signal,
    ).catch((error: unknown) => {
      // A refused call was made and paid for: it is the plan's call, as an answered one is.
      if (error instanceof LlmRefusalError) ctx.recordLlmCall(error.call);
      throw error;
    });
    const record = answer.call;
    ctx.recordLlmCall(record);
    return {
      text: answer.text,
      ...(answer.shortAnswer !== undefined ? { short_answer: answer.shortAnswer } : {}),
      citations: answer.citations,
      read_documents: documents.map((d) => d.id),
      // No step ranked the named passages: their text is here, so what reads what the answer read
      // (the relevance rule's evidence, the trace) finds it.
      ...(named.length > 0 ? { documents: named } : {}),
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
