/** Triage in words: what the model learned from and how good it is on held-out labels, one sentence per surface. */
import type { Locale } from './text';

/** The part of a triage model's summary these words need (triage/triage.ts TriageModelInfo). */
export interface ModelSummary {
  ready: boolean;
  positives: number;
  negatives: number;
  min_each: number;
  quality: { held_out: number; auc: number | null; precision_at_k: number | null; k: number } | null;
}

/** The explicit triage label in words, on every surface (a mark's line, its history, a refused teammate's row): «Интересно» / «Неинтересно». */
export const interestName = (interesting: boolean, locale: Locale): string =>
  interesting ? (locale === 'en' ? 'Interesting' : 'Интересно') : locale === 'en' ? 'Not interesting' : 'Неинтересно';

const decimal = (x: number, locale: Locale): string => (locale === 'en' ? x.toFixed(2) : x.toFixed(2).replace('.', ','));
const percent = (x: number): string => `${Math.round(x * 100)} %`;

/**
 * A relevance as the analyst reads it, the same in «Разбор», the saved-search and list tables and the CLI: «87 %»;
 * null, when the model has too few labels to score anything, says so instead of a number.
 */
export function relevanceText(score: number | null, locale: Locale): string {
  if (score === null) return locale === 'en' ? 'too few labels' : 'мало отметок';
  return percent(score);
}

export function modelSummaryText(m: ModelSummary, locale: Locale): string {
  const en = locale === 'en';
  if (!m.ready) {
    return en
      ? `More labels are needed: ${m.positives} interesting and ${m.negatives} not interesting, at least ${m.min_each} of each; until then, newest first.`
      : `Нужно больше отметок: интересных ${m.positives}, неинтересных ${m.negatives}, нужно хотя бы ${m.min_each} каждого вида; пока — новые сверху.`;
  }
  const q = m.quality;
  const quality =
    q === null || q.held_out === 0
      ? ''
      : en
        ? `; on ${q.held_out} held-out labels AUC ${q.auc === null ? '—' : decimal(q.auc, locale)}, top ${q.k} precision ${q.precision_at_k === null ? '—' : percent(q.precision_at_k)}`
        : `; на ${q.held_out} отложенных отметках AUC ${q.auc === null ? '—' : decimal(q.auc, locale)}, точность первых ${q.k} — ${q.precision_at_k === null ? '—' : percent(q.precision_at_k)}`;
  return en
    ? `Ranked by relevance learned from ${m.positives + m.negatives} labels (${m.positives} interesting, ${m.negatives} not)${quality}.`
    : `По релевантности, обучено на ${m.positives + m.negatives} отметках (интересных ${m.positives}, неинтересных ${m.negatives})${quality}.`;
}
