/**
 * The reasons of a rank: the 3-5 features of a tender that pushed its score up or down the most,
 * in words («ОКПД2 26.20 — часто берёте», «слово «томограф» — обычно отказываетесь»). Pure.
 */
import type { Feature } from './features';
import type { LinearModel } from './model';

export const MAX_REASONS = 5;
/** A weight smaller than this moved the score too little to be named. */
const MIN_WEIGHT = 0.05;

/** The kind of a feature (its key's prefix): OKPD2 prefixes of one code say one thing, named once. */
const kindOf = (key: string): string => key.slice(0, key.indexOf(':'));

export interface Reason {
  key: string;
  weight: number;
  text: string;
}

export function reasonsOf(model: LinearModel, features: readonly Feature[]): Reason[] {
  // A feature weighs against the usual tender: one every labelled tender had (one law in all of them) moves
  // nothing, however its weight came out.
  const weighed = features
    .map((f) => ({ f, weight: (model.weights[f.key] ?? 0) * (1 - (model.share[f.key] ?? 0)) }))
    .filter((x) => Math.abs(x.weight) >= MIN_WEIGHT)
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.f.key < b.f.key ? -1 : 1));
  const out: Reason[] = [];
  const perKind = new Map<string, number>();
  for (const { f, weight } of weighed) {
    const kind = kindOf(f.key);
    // Words may give two reasons; every other kind one (the strongest OKPD2 prefix, say, not all four).
    const limit = kind === 'w' || kind === 'p' ? 2 : 1;
    if ((perKind.get(kind) ?? 0) >= limit) continue;
    perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
    out.push({ key: f.key, weight, text: `${f.words} — ${weight > 0 ? 'часто берёте' : 'обычно отказываетесь'}` });
    if (out.length === MAX_REASONS) break;
  }
  return out;
}
