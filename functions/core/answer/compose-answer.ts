/**
 * Ask the LLM to answer from a set of documents, citing them by id. The plan's
 * llm_call steps and the finalize phase (when a plan has no answer step) both come here.
 */

import { callLlm } from '../llm/call-llm.js';
import { answerPrompt, PLANNER_SYSTEM } from '../planner/prompts.js';
import type { LlmProvider } from '../ports.js';
import type { LlmCallRecord } from '../types.js';

export interface AnswerDocument {
  id: string;
  title?: string;
  text: string;
}

export interface ComposedAnswer {
  text: string;
  /** The ids cited as `[id]` in the text that are among the documents given, each once. */
  citations: string[];
  call: LlmCallRecord;
}

export async function composeAnswer(
  llm: LlmProvider,
  input: { question: string; instruction: string; documents: AnswerDocument[]; maxTokens: number },
  signal?: AbortSignal,
): Promise<ComposedAnswer> {
  const { question, instruction, documents } = input;
  const { response, record } = await callLlm(
    llm,
    {
      purpose: 'answer',
      system: PLANNER_SYSTEM,
      messages: [{ role: 'user', content: answerPrompt({ question, instruction, documents }) }],
      maxTokens: input.maxTokens,
      temperature: 0,
      intent: { kind: 'answer', question, instruction, documents },
    },
    signal,
  );
  return { text: response.text, citations: citedIds(response.text, new Set(documents.map((d) => d.id))), call: record };
}

/** The ids an answer cites as `[id]`, once each in the order first cited, among those `known`. */
export function citedIds(text: string, known: ReadonlySet<string>): string[] {
  const cited = [...text.matchAll(/\[([^\][]+)\]/g)].map((m) => m[1]!);
  return [...new Set(cited)].filter((id) => known.has(id));
}
