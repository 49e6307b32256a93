/**
 * `dedupe`: removes near-duplicates across the document lists of its `input_steps`. Two documents
 * are duplicates when they have the same id, or when the cosine similarity of their term-frequency
 * vectors (content words of title and text, stemmed) is at or above `threshold` (default 0.9).
 *
 * Of a group of duplicates the better-ranked copy is kept: copies are compared by their rank in
 * their own list, then by score, then by the order of the inputs, so the top hit of any list
 * outranks a second hit of another. The kept copy keeps its attribution (`subquery_id`,
 * `rank_in_subquery`); the result is re-ranked 1..n and says which copies went as duplicates of
 * which.
 */
import schema from '../../../schemas/steps/dedupe.schema.json' with { type: 'json' };
import { contentTerms } from '../retrieval/tokenize.js';
import type { RetrievedDocument } from '../types.js';
import { inputLists, subqueryIdOf } from './documents.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const DEFAULT_DEDUPE_THRESHOLD = 0.9;

/** Rounding slack, so that a similarity equal to the threshold on paper (6/10 at 0.6) counts as reaching it. */
const EPSILON = 1e-9;

export interface DedupeInput {
  stepId: number;
  documents: readonly RetrievedDocument[];
}

export interface DroppedDuplicate {
  /** The copy that was dropped, and the step whose list held it. */
  id: string;
  step_id: number;
  /** The kept document it duplicates. */
  duplicate_of: string;
  /** 1 for the same id; otherwise the cosine similarity that reached the threshold. */
  similarity: number;
}

export interface DedupeOutput {
  documents: RetrievedDocument[];
  dropped: number;
  duplicates: DroppedDuplicate[];
  /** `id+cosine-tf@<threshold>`. */
  dedupe_method: string;
}

type TermVector = { counts: Map<string, number>; norm: number };

function termVector(doc: RetrievedDocument): TermVector {
  const counts = new Map<string, number>();
  for (const term of contentTerms(`${doc.title ?? ''} ${doc.text}`)) counts.set(term, (counts.get(term) ?? 0) + 1);
  let squares = 0;
  for (const count of counts.values()) squares += count * count;
  return { counts, norm: Math.sqrt(squares) };
}

/** Cosine of two term-frequency vectors; 0 when either has no content word. */
export function cosineSimilarity(a: TermVector, b: TermVector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, count] of small.counts) dot += count * (large.counts.get(term) ?? 0);
  return dot / (a.norm * b.norm);
}

export function dedupeDocuments(lists: readonly DedupeInput[], threshold = DEFAULT_DEDUPE_THRESHOLD): DedupeOutput {
  const candidates = lists.flatMap(({ stepId, documents }, order) =>
    documents.map((doc, i) => ({
      // A copy without attribution gets that of the list it came from, as aggregate gives it.
      doc: { ...doc, subquery_id: doc.subquery_id ?? subqueryIdOf(stepId), rank_in_subquery: doc.rank_in_subquery ?? i + 1 },
      stepId,
      rank: i + 1,
      order,
    })),
  );
  // Better-ranked first: rank in its own list, then score, then the order of the inputs (stable).
  candidates.sort((a, b) => a.rank - b.rank || b.doc.score - a.doc.score || a.order - b.order);

  const kept: Array<{ doc: RetrievedDocument; vector: TermVector }> = [];
  const keptIds = new Set<string>();
  const duplicates: DroppedDuplicate[] = [];
  for (const candidate of candidates) {
    if (keptIds.has(candidate.doc.id)) {
      duplicates.push({ id: candidate.doc.id, step_id: candidate.stepId, duplicate_of: candidate.doc.id, similarity: 1 });
      continue;
    }
    const vector = termVector(candidate.doc);
    let match: { id: string; similarity: number } | undefined;
    for (const other of kept) {
      const similarity = cosineSimilarity(vector, other.vector);
      if (similarity >= threshold - EPSILON && similarity > (match?.similarity ?? -1)) match = { id: other.doc.id, similarity };
    }
    if (match) {
      duplicates.push({ id: candidate.doc.id, step_id: candidate.stepId, duplicate_of: match.id, similarity: Math.round(match.similarity * 1000) / 1000 });
      continue;
    }
    kept.push({ doc: candidate.doc, vector });
    keptIds.add(candidate.doc.id);
  }
  return {
    documents: kept.map(({ doc }, i) => ({ ...doc, rank: i + 1 })),
    dropped: duplicates.length,
    duplicates,
    dedupe_method: `id+cosine-tf@${threshold}`,
  };
}

export const dedupe: StepDefinition = {
  schema,
  operator: async (step, p, inputs) => {
    const { lists, missing } = inputLists(step, p, inputs);
    const threshold = typeof p.threshold === 'number' ? p.threshold : DEFAULT_DEDUPE_THRESHOLD;
    const out = dedupeDocuments(lists, threshold);
    return {
      documents: out.documents,
      count: out.documents.length,
      dropped: out.dropped,
      duplicates: out.duplicates,
      dedupe_method: out.dedupe_method,
      input_steps: lists.map((l) => l.stepId),
      missing_inputs: missing,
    };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  // It can clean up what is there when one of its inputs was skipped.
  onDependencySkipped: 'continue',
  subquery: false,
  ranking: true,
  label: 'steps {input_steps}[ at {threshold}]',
};
