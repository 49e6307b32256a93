/**
 * What ranking steps share: the documents of a step's output, a corpus document as a step returns
 * it, the attribution every sub-query gives its documents, and the summary of a ranked list.
 */
import { StepExecutionError } from '../errors.js';
import { contentTerms, termShare } from '../retrieval/tokenize.js';
import type { CorpusDocument, DecompositionStep, RetrievedDocument, StepOutput } from '../types.js';

export function documentsOf(output: StepOutput | undefined): RetrievedDocument[] {
  const docs = output?.result.documents;
  return Array.isArray(docs) ? (docs as RetrievedDocument[]) : [];
}

/** The subquery id a document gets when the step that found it did not set one. */
export function subqueryIdOf(stepId: number | string): string {
  return typeof stepId === 'number' ? `step_${stepId}` : stepId;
}

/** A corpus document as a ranking step returns it (every search and graph step builds them here). */
export function retrievedDocument(doc: CorpusDocument, score: number, rank: number): RetrievedDocument {
  return {
    id: doc.id,
    ...(doc.title !== undefined ? { title: doc.title } : {}),
    text: doc.text,
    modality: doc.modality ?? 'text',
    ...(doc.metadata !== undefined ? { metadata: doc.metadata } : {}),
    score,
    rank,
  };
}

/** What every ranking step's result holds: the query, the ranked documents and their summary. */
export function ranked(query: string, documents: RetrievedDocument[]) {
  return { query, documents, count: documents.length, top_score: documents[0]?.score ?? 0 };
}

/** Marks each document of a sub-query step with the sub-query (this step) and its rank there. */
export function attributed(step: DecompositionStep, documents: RetrievedDocument[]): RetrievedDocument[] {
  return documents.map((d, i) => ({ ...d, subquery_id: subqueryIdOf(step.step_id), rank_in_subquery: i + 1 }));
}

/** Share of the query's content words found in a document: what conditions test as `top_coverage`. */
export function coverage(query: string, doc: RetrievedDocument | undefined): number {
  if (!doc) return 0;
  const wanted = new Set(contentTerms(query));
  if (wanted.size === 0) return 0;
  return Math.round(termShare(wanted, new Set(contentTerms(`${doc.title ?? ''} ${doc.text}`))) * 1000) / 1000;
}

/** The output a step reads: its `input_step`, or else its first dependency. */
export function inputStep(step: DecompositionStep, p: Record<string, unknown>, inputs: ReadonlyMap<number, StepOutput>): StepOutput {
  const id = typeof p.input_step === 'number' ? p.input_step : step.dependencies[0];
  const output = id === undefined ? undefined : inputs.get(id);
  if (!output) throw new StepExecutionError(`step ${step.step_id}: input step ${String(id)} has no output`);
  return output;
}

/** The succeeded outputs among the steps a step names in `input_steps` (else its dependencies), in that order. */
export function inputLists(step: DecompositionStep, p: Record<string, unknown>, inputs: ReadonlyMap<number, StepOutput>) {
  const ids = Array.isArray(p.input_steps) ? (p.input_steps as number[]) : step.dependencies;
  const lists = ids
    .map((id) => inputs.get(id))
    .filter((o): o is StepOutput => o !== undefined && o.status === 'succeeded')
    .map((o) => ({ stepId: o.step_id, documents: documentsOf(o) }));
  return { lists, missing: ids.filter((id) => !lists.some((l) => l.stepId === id)) };
}
