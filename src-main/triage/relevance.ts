/**
 * Relevance beside the other columns: the score of the triage model for any held tender, decided or
 * not, for the saved-search and list tables (a column that sorts) and the notifications' threshold. The same
 * model and the same probability as the «Разбор» ranking (triage.ts); local and free.
 */
import type { CacheDb } from '../cache/database';
import { probability } from './model';
import { tenderFacts } from './tenderFacts';
import { triageModel, type TriageOptions } from './triage';

export interface Relevance {
  /** False: the model has too few labels yet, and no tender has a score. */
  ready: boolean;
  /** 0..1 per held tender among those asked (a tender not held has none). */
  scores: Map<number, number>;
}

/** The relevance of these tenders (held ones; decided ones too: a table shows every row). */
export function relevanceOf(cache: CacheDb, ids: readonly number[], options: TriageOptions = {}): Relevance {
  const { model } = triageModel(cache, options);
  if (model === null) return { ready: false, scores: new Map() };
  const facts = tenderFacts(cache, [...new Set(ids)]);
  return { ready: true, scores: new Map(facts.map((t) => [t.id, probability(model, t.features.map((f) => f.key))])) };
}

/**
 * These tenders by relevance (`desc`: most relevant first; equal scores newest id first, either way), or null
 * when the model is not ready: the table then keeps its own order and says more labels are needed.
 */
export function byRelevance(cache: CacheDb, ids: readonly number[], direction: 'asc' | 'desc', options: TriageOptions = {}): number[] | null {
  const { ready, scores } = relevanceOf(cache, ids, options);
  if (!ready) return null;
  const sign = direction === 'desc' ? 1 : -1;
  return [...scores.keys()].sort((a, b) => sign * (scores.get(b)! - scores.get(a)!) || b - a);
}
