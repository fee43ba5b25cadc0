/**
 * Triage: the analyst's own decisions (domain/triageLabels.ts) teach a small model (model.ts) that
 * ranks the undecided tenders the cache holds by how likely the analyst is to pursue them, with reasons.
 * Local: nothing is sent anywhere, nothing is spent. One use case for the app and the CLI.
 *
 * - The model is trained on every label whose tender is held; its quality is measured first on held-out
 *   labels (every fourth of each kind in time order is set aside, the rest train), then on all of them.
 * - With fewer than MIN_EACH labels of either kind there is no model: every tender gets the base rate and the
 *   order is by publication, newest first, and the answer says more labels are needed.
 * - The trained model is kept in the cache with the key of its labels and their tenders' versions; a stored
 *   model that is missing, unreadable, or of other labels is retrained from the marks (it is never a source).
 */
import { z } from 'zod';
import type { CacheDb } from '../cache/database';
import { triageStore } from '../cache/triageStore';
import { nowIso } from '../cache/types';
import { labelsFrom, labelsKey } from '../domain/triageLabels';
import { aucOf, fitPlatt, logit, precisionAt, probability, trainLogistic, type Example, type LinearModel } from './model';
import { reasonsOf } from './reasons';
import { FEATURES_REVISION, tenderFacts } from './tenderFacts';

/** Fewer labels of either kind than this, and there is no model yet. */
export const MIN_EACH = 10;
/** «Вероятно интересно» from this probability up. */
export const LIKELY = 0.6;
/** The precision reported is of the top this many held-out labels. */
export const TOP_K = 20;
/** Held-out labels of each kind needed before their Platt scaling is trusted. */
const PLATT_MIN = 5;
/** Passes of the final training, started from the held-out trial's weights. */
const FINAL_ITERATIONS = 60;

export interface TriageOptions {
  /** A teammate's statuses and labels (pulled from the team database) train the model too: a setting the analyst allows. */
  teammates?: boolean;
  /** The time a retrained model is stamped with. */
  now?: () => string;
}

export interface RankOptions extends TriageOptions {
  /** Only the best this many are answered (every tender is still scored and ordered): reasons cost, scores not. */
  limit?: number;
}

export interface ModelQuality {
  /** Labels held out to measure. */
  held_out: number;
  auc: number | null;
  /** The share of pursued tenders among the top `k` held-out labels by score. */
  precision_at_k: number | null;
  k: number;
}

export interface TriageModelInfo {
  ready: boolean;
  positives: number;
  negatives: number;
  min_each: number;
  kind: LinearModel['kind'] | null;
  quality: ModelQuality | null;
  trained_at: string | null;
  /** True when this call trained it (the stored one was missing, damaged or of other labels). */
  retrained: boolean;
}

export interface RankedTender {
  id: number;
  /** 0..1: the probability the analyst pursues it. */
  score: number;
  likely: boolean;
  reasons: string[];
  name: string | null;
  publish_date: string | null;
  /** The deadline as the tender states it, its law and region: what the «Разбор» view filters by. */
  end_date: string | null;
  law: string | null;
  region: { id: number; name: string | null } | null;
}

export interface TriageAnswer {
  model: TriageModelInfo;
  /** The undecided held tenders ranked (the answer's `tenders` may be fewer: `limit`). */
  total: number;
  /** Best first (by score, else newest first). */
  tenders: RankedTender[];
}

const storedBody = z.object({
  kind: z.enum(['logistic', 'naive_bayes']),
  bias: z.number().finite(),
  weights: z.record(z.string(), z.number().finite()),
  share: z.record(z.string(), z.number().min(0).max(1)),
  calibration: z.object({ a: z.number().finite().positive(), b: z.number().finite() }).optional(),
  positives: z.number().int().nonnegative(),
  negatives: z.number().int().nonnegative(),
  quality: z.object({ held_out: z.number().int().nonnegative(), auc: z.number().nullable(), precision_at_k: z.number().nullable(), k: z.number().int() }).nullable(),
});

/**
 * Trains on labelled examples and measures on held-out ones first (every fourth of each kind, in time order); the held-out
 * log-odds also fit the calibration (Platt scaling) the final model, trained on every label, carries.
 */
export function trainAndMeasure(examples: readonly (Example & { at: string })[]): { model: LinearModel; quality: ModelQuality } {
  const ordered = [...examples].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  // Every fourth of each kind, in time order: both kinds are always held out (a plain every-fourth split of
  // decisions made in turns, yes and no, held out one kind only and measured nothing).
  const heldOut = new Set<Example>();
  for (const positive of [true, false]) ordered.filter((e) => e.positive === positive).forEach((e, i) => i % 4 === 3 && heldOut.add(e));
  const train = ordered.filter((e) => !heldOut.has(e));
  const test = ordered.filter((e) => heldOut.has(e));
  const trial = trainLogistic(train);
  const scored = test.map((e) => ({ score: probability(trial, e.features), z: logit(trial, e.features), positive: e.positive }));
  const quality: ModelQuality = { held_out: test.length, auc: aucOf(scored), precision_at_k: precisionAt(scored, TOP_K), k: Math.min(TOP_K, test.length) };
  // The final model starts from the trial's weights: three quarters of its labels are the same, so a short run
  // reaches the optimum (retraining after a new label stays well under 200 ms on thousands of labels).
  // A scale fitted on a handful of held-out labels says «100 %» on the strength of three (seen in the e2e
  // flow with 30 labels): below PLATT_MIN of each kind the model's own probabilities stand.
  const calibrate = scored.filter((x) => x.positive).length >= PLATT_MIN && scored.filter((x) => !x.positive).length >= PLATT_MIN;
  const model = trainLogistic(ordered, { start: trial, iterations: FINAL_ITERATIONS });
  return { model: calibrate ? { ...model, calibration: fitPlatt(scored) } : model, quality };
}

interface Trained {
  model: LinearModel | null;
  info: TriageModelInfo;
}

/** The model of the analyst's labels: the stored one when it is of these labels, else trained now and stored. */
export function triageModel(cache: CacheDb, options: TriageOptions = {}): Trained {
  const store = triageStore(cache);
  const labels = labelsFrom(store.decisions(), options.teammates === true);
  const versions = store.versions(labels.map((l) => l.tender_id));
  const heldLabels = labels.filter((l) => versions.has(l.tender_id));
  const positives = heldLabels.filter((l) => l.positive).length;
  const negatives = heldLabels.length - positives;
  const base = { positives, negatives, min_each: MIN_EACH };
  if (positives < MIN_EACH || negatives < MIN_EACH) {
    return { model: null, info: { ...base, ready: false, kind: null, quality: null, trained_at: null, retrained: false } };
  }
  // The features' revision is part of the key: a model of features read another way is retrained, not reused.
  const key = `${FEATURES_REVISION}:${labelsKey(heldLabels, (id) => versions.get(id) ?? null)}`;
  const stored = store.model();
  if (stored !== undefined && stored.labels_key === key) {
    const body = parseBody(stored.body);
    if (body !== null) {
      return {
        model: { kind: body.kind, bias: body.bias, weights: body.weights, share: body.share, ...(body.calibration ? { calibration: body.calibration } : {}) },
        info: { ...base, ready: true, kind: body.kind, quality: body.quality, trained_at: stored.trained_at, retrained: false },
      };
    }
  }
  const facts = new Map(tenderFacts(cache, heldLabels.map((l) => l.tender_id)).map((t) => [t.id, t]));
  const examples = heldLabels.flatMap((l) => {
    const t = facts.get(l.tender_id);
    return t === undefined ? [] : [{ features: t.features.map((f) => f.key), positive: l.positive, at: l.at }];
  });
  const { model, quality } = trainAndMeasure(examples);
  const trainedAt = (options.now ?? nowIso)();
  store.saveModel({ labels_key: key, body: JSON.stringify({ ...model, positives, negatives, quality }), trained_at: trainedAt });
  return { model, info: { ...base, ready: true, kind: model.kind, quality, trained_at: trainedAt, retrained: true } };
}

function parseBody(text: string): z.infer<typeof storedBody> | null {
  try {
    const parsed = storedBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Ranks the undecided held tenders among `ids` (every undecided held tender when `ids` is 'all'): tenders with
 * a status or an explicit label are decided and left out, as are ids the cache does not hold.
 */
export function rankTenders(cache: CacheDb, ids: readonly number[] | 'all', options: RankOptions = {}): TriageAnswer {
  const store = triageStore(cache);
  const { model, info } = triageModel(cache, options);
  const undecided = new Set(store.undecidedHeldIds());
  const chosen = ids === 'all' ? [...undecided] : [...new Set(ids)].filter((id) => undecided.has(id));
  const baseRate = (info.positives + 1) / (info.positives + info.negatives + 2);
  const facts = tenderFacts(cache, chosen);
  const scored = facts.map((t) => ({ t, score: model === null ? baseRate : probability(model, t.features.map((f) => f.key)) }));
  scored.sort((a, b) => (model === null ? 0 : b.score - a.score) || b.t.published - a.t.published || b.t.id - a.t.id);
  const shown = options.limit === undefined ? scored : scored.slice(0, options.limit);
  return {
    model: info,
    total: scored.length,
    tenders: shown.map(({ t, score }) => ({
      id: t.id,
      score,
      likely: model !== null && score >= LIKELY,
      reasons: model === null ? [] : reasonsOf(model, t.features).map((r) => r.text),
      name: t.name,
      publish_date: t.publish_date,
      end_date: t.end_date,
      law: t.law,
      region: t.region,
    })),
  };
}
