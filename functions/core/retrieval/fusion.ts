/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): a document's fused score is the sum
 * over the lists that hold it of `1 / (k + rank)`. It needs only ranks, so it can fuse lists whose
 * scores live on different scales (BM25 and cosine, say).
 */

/** The constant of the original paper; it damps the weight of the very first ranks. */
export const RRF_K = 60;

export interface FusedItem<T> {
  /** The entry from the list where the item ranked best (earliest list on a tie). */
  item: T;
  score: number;
  /** Index of the list that `item` comes from, and its 1-based rank there. */
  bestList: number;
  bestRank: number;
  /** How many lists hold the item. */
  listCount: number;
}

/**
 * Fuses ranked lists of items identified by `id`, best first. Within one list only the first
 * occurrence of an id counts. Ties are broken by the best rank, then by first appearance.
 */
export function reciprocalRankFusion<T extends { id: string }>(lists: ReadonlyArray<readonly T[]>, k: number = RRF_K): Array<FusedItem<T>> {
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError(`k must be a finite number >= 0, got ${k}`);
  const fused = new Map<string, FusedItem<T> & { order: number }>();
  lists.forEach((list, listIndex) => {
    const seen = new Set<string>();
    list.forEach((item, position) => {
      if (seen.has(item.id)) return;
      seen.add(item.id);
      const rank = position + 1;
      const contribution = 1 / (k + rank);
      const existing = fused.get(item.id);
      if (!existing) {
        fused.set(item.id, { item, score: contribution, bestList: listIndex, bestRank: rank, listCount: 1, order: fused.size });
        return;
      }
      existing.score += contribution;
      existing.listCount++;
      if (rank < existing.bestRank) Object.assign(existing, { item, bestList: listIndex, bestRank: rank });
    });
  });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || a.order - b.order)
    .map(({ item, score, bestList, bestRank, listCount }) => ({ item, score, bestList, bestRank, listCount }));
}
