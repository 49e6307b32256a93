/**
 * Ask the LLM to answer from a set of documents, citing them by id. The plan's
 * llm_call steps and the finalize phase (when a plan has no answer step) both come here.
 */

import { callLlm } from '../llm/call-llm.js';
import { answerSources } from '../planner/answer-sources.js';
import { extractJson } from '../planner/extract-json.js';
import { ANSWER_RESPONSE_SCHEMA, ANSWER_SYSTEM, answerPrompt } from '../planner/prompts.js';
import type { Lexicon, LlmProvider } from '../ports.js';
import type { LlmCallRecord } from '../types.js';

export interface AnswerDocument {
  id: string;
  title?: string;
  text: string;
}

export interface ComposedAnswer {
  /** The supporting sentences with their citations. */
  text: string;
  /**
   * The answer itself (schemas/answer.schema.json): a string, `null` when the answerer found the
   * sources do not answer, absent when it wrote prose without the structured answer.
   */
  shortAnswer?: string | null;
  /** The ids cited as `[id]` in the text that are among the documents given, each once. */
  citations: string[];
  call: LlmCallRecord;
}

export async function composeAnswer(
  llm: LlmProvider,
  // `lexicon`: the word forms answerSources reads the question's verbs in ("won" for "win"); the words themselves without it.
  input: { question: string; instruction: string; documents: AnswerDocument[]; maxTokens: number; lexicon?: Lexicon | undefined },
  signal?: AbortSignal,
): Promise<ComposedAnswer> {
  const { question, instruction } = input;
  // The sentences of each document that matter to the question, in the prompt and the intent alike.
  const documents = answerSources(question, instruction, input.documents, input.lexicon);
  const { response, record } = await callLlm(
    llm,
    {
      purpose: 'answer',
      system: ANSWER_SYSTEM,
      messages: [{ role: 'user', content: answerPrompt({ question, instruction, documents }) }],
      maxTokens: input.maxTokens,
      temperature: 0,
      intent: { kind: 'answer', question, instruction, documents },
      responseSchema: ANSWER_RESPONSE_SCHEMA,
    },
    signal,
  );
  const { text, shortAnswer } = readAnswer(response.text);
  return { text, ...(shortAnswer !== undefined ? { shortAnswer } : {}), citations: citedIds(text, new Set(documents.map((d) => d.id))), call: record };
}

/**
 * The structured answer out of the text a provider returned (a tool call's input or a JSON
 * response as text, see adapters/llm/structured/answer-text.ts); prose without it is the answer as it is.
 */
export function readAnswer(raw: string): { text: string; shortAnswer?: string | null } {
  let value: unknown;
  try {
    value = extractJson(raw, 'answer').value;
  } catch {
    return { text: raw };
  }
  if (typeof value !== 'object' || value === null || typeof (value as { answer?: unknown }).answer !== 'string') return { text: raw };
  const { answer, shortAnswer } = value as { answer: string; shortAnswer?: unknown };
  if (typeof shortAnswer === 'string' && shortAnswer.trim() !== '') return { text: answer, shortAnswer: shortAnswer.trim() };
  return shortAnswer === null || typeof shortAnswer === 'string' ? { text: answer, shortAnswer: null } : { text: answer };
}

/** The ids an answer cites as `[id]`, once each in the order first cited, among those `known`. */
export function citedIds(text: string, known: ReadonlySet<string>): string[] {
  const cited = [...text.matchAll(/\[([^\][]+)\]/g)].map((m) => m[1]!);
  return [...new Set(cited)].filter((id) => known.has(id));
}
