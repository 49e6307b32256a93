/**
 * The `filter` step (seed 004): keeps the documents of an earlier step that meet every criterion,
 * in their incoming order, and says which criteria it applied (`filter_method`).
 */
import { InvalidInputError } from '../../errors.js';
import { valuesEqual } from '../../expression/expression.js';
import { MODALITIES, type Modality, type RetrievedDocument } from '../../types.js';

export interface FilterCriteria {
  /** Keep documents whose score is at least this. */
  min_score?: number;
  /** Keep documents whose metadata has each key with this value (or, for a list value, holding it). */
  metadata?: Record<string, unknown>;
  /** Keep documents of this modality (or one of these). */
  modality?: Modality | readonly Modality[];
  /** Keep at most this many, after the other criteria. */
  max_results?: number;
}

export interface FilterOutput {
  documents: RetrievedDocument[];
  /** How many incoming documents were dropped. */
  removed: number;
  /** The criteria applied, e.g. `min_score>=0.5+metadata(label)`; `none` when there were none. */
  filter_method: string;
}

function checkCriteria(criteria: FilterCriteria): Modality[] | undefined {
  const { min_score, metadata, modality, max_results } = criteria;
  if (min_score !== undefined && (typeof min_score !== 'number' || !Number.isFinite(min_score))) {
    throw new InvalidInputError(`filter: min_score must be a finite number, got ${JSON.stringify(min_score)}`);
  }
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
    throw new InvalidInputError('filter: metadata must be an object of key/value pairs');
  }
  if (max_results !== undefined && (!Number.isInteger(max_results) || max_results < 0)) {
    throw new InvalidInputError(`filter: max_results must be an integer >= 0, got ${JSON.stringify(max_results)}`);
  }
  if (modality === undefined) return undefined;
  const modalities: readonly unknown[] = typeof modality === 'string' ? [modality] : modality;
  for (const item of modalities) {
    if (!(MODALITIES as readonly unknown[]).includes(item)) {
      throw new InvalidInputError(`filter: modality must be one of [${MODALITIES.join(', ')}], got ${JSON.stringify(item)}`);
    }
  }
  return modalities as Modality[];
}

/** A metadata value matches when it equals the wanted value, or is a list that holds it (tags, labels). */
function metadataMatches(actual: unknown, wanted: unknown): boolean {
  if (valuesEqual(actual, wanted)) return true;
  return Array.isArray(actual) && actual.some((item) => valuesEqual(item, wanted));
}

export function filterDocuments(documents: readonly RetrievedDocument[], criteria: FilterCriteria): FilterOutput {
  const modalities = checkCriteria(criteria);
  const { min_score, metadata, max_results } = criteria;
  const metadataEntries = metadata ? Object.entries(metadata) : [];

  let kept = documents.filter((doc) => {
    if (min_score !== undefined && !(doc.score >= min_score)) return false;
    if (modalities && !modalities.includes(doc.modality)) return false;
    for (const [key, wanted] of metadataEntries) {
      const actual = doc.metadata && Object.hasOwn(doc.metadata, key) ? doc.metadata[key] : undefined;
      if (!metadataMatches(actual, wanted)) return false;
    }
    return true;
  });
  if (max_results !== undefined) kept = kept.slice(0, max_results);

  const method: string[] = [];
  if (min_score !== undefined) method.push(`min_score>=${min_score}`);
  if (metadataEntries.length > 0) method.push(`metadata(${metadataEntries.map(([key]) => key).join(',')})`);
  if (modalities) method.push(`modality(${modalities.join('|')})`);
  if (max_results !== undefined) method.push(`max_results(${max_results})`);

  return {
    // Ranks describe the new list; provenance (subquery_id, rank_in_subquery) is kept as it was.
    documents: kept.map((doc, i) => ({ ...doc, rank: i + 1 })),
    removed: documents.length - kept.length,
    filter_method: method.length > 0 ? method.join('+') : 'none',
  };
}
