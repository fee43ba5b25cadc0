/**
 * The triage models, pure and small: L2-regularised logistic regression over binary features (the
 * one the app uses) and Bernoulli-style naive Bayes (kept for the benchmark that chose between them, bench/
 * triage.bench.ts and docs/triage.md). Hand-written: the well-kept JavaScript libraries (ml-logistic-regression,
 * natural's classifiers) work on dense matrices or on whole documents, and neither gives the per-feature
 * weights a reason is made of; both models here are tested against results worked out by hand.
 *
 * A model is a plain object (JSON in the cache's triage_model row): the bias and a weight per feature key.
 * Scoring a tender sums the weights of the features it has; a feature the training set never showed weighs 0.
 */

export interface Example {
  features: readonly string[];
  positive: boolean;
}

export interface LinearModel {
  kind: 'logistic' | 'naive_bayes';
  bias: number;
  weights: Record<string, number>;
  /** The share of training examples that had each weighed feature (a reason weighs a feature against the usual tender). */
  share: Record<string, number>;
  /** Platt scaling of the log-odds (fitted on held-out labels): p = σ(a·z + b); absent: a = 1, b = 0. */
  calibration?: { a: number; b: number };
}

export interface LogisticOptions {
  /** L2 strength (per example): larger pulls weights to 0, so rare words cannot decide alone. */
  l2?: number;
  /** Full passes of the optimiser. */
  iterations?: number;
  /** A feature seen in fewer training examples than this gets no weight (noise words seen once). */
  minCount?: number;
  /**
   * Weights to start from (a model trained on most of the same labels): the optimum moves little when a few
   * labels are added, so far fewer passes reach it. Features it lacks start at 0.
   */
  start?: LinearModel;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The feature keys seen in at least `minCount` examples, indexed, and how many examples had each. */
function vocabulary(examples: readonly Example[], minCount: number): { vocab: Map<string, number>; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  for (const e of examples) for (const f of new Set(e.features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocab = new Map<string, number>();
  for (const [f, n] of counts) if (n >= minCount) vocab.set(f, vocab.size);
  return { vocab, counts };
}

function sharesOf(vocab: Map<string, number>, counts: Map<string, number>, n: number): Record<string, number> {
  const share: Record<string, number> = {};
  for (const f of vocab.keys()) share[f] = n === 0 ? 0 : counts.get(f)! / n;
  return share;
}

/**
 * Logistic regression, minimising the mean log loss plus `l2`/2 · |w|² (the bias is not shrunk), by full-batch
 * gradient descent with AdaGrad steps: deterministic (no shuffling), and on sparse binary rows a few hundred
 * passes take milliseconds for thousands of labels.
 */
export function trainLogistic(examples: readonly Example[], options: LogisticOptions = {}): LinearModel {
  const l2 = options.l2 ?? 0.01;
  const iterations = options.iterations ?? 200;
  const { vocab, counts } = vocabulary(examples, options.minCount ?? 2);
  const rows = examples.map((e) => Int32Array.from([...new Set(e.features)].map((f) => vocab.get(f) ?? -1).filter((i) => i >= 0)));
  const y = Float64Array.from(examples, (e) => (e.positive ? 1 : 0));
  const n = examples.length;
  const w = new Float64Array(vocab.size);
  const g = new Float64Array(vocab.size);
  const h = new Float64Array(vocab.size);
  let bias = options.start?.bias ?? 0;
  if (options.start) for (const [f, j] of vocab) w[j] = options.start.weights[f] ?? 0;
  let hBias = 0;
  const rate = 0.5;
  for (let it = 0; it < iterations && n > 0; it++) {
    g.fill(0);
    let gBias = 0;
    for (let r = 0; r < n; r++) {
      const row = rows[r]!;
      let z = bias;
      for (let k = 0; k < row.length; k++) z += w[row[k]!]!;
      const err = sigmoid(z) - y[r]!;
      gBias += err;
      for (let k = 0; k < row.length; k++) g[row[k]!]! += err;
    }
    gBias /= n;
    hBias += gBias * gBias;
    bias -= (rate * gBias) / (Math.sqrt(hBias) + 1e-9);
    for (let j = 0; j < w.length; j++) {
      const grad = g[j]! / n + l2 * w[j]!;
      h[j]! += grad * grad;
      w[j]! -= (rate * grad) / (Math.sqrt(h[j]!) + 1e-9);
    }
  }
  const weights: Record<string, number> = {};
  for (const [f, j] of vocab) if (w[j] !== 0) weights[f] = w[j]!;
  return { kind: 'logistic', bias, weights, share: sharesOf(vocab, counts, n) };
}

/**
 * Naive Bayes over the features present (each present feature adds log P(f|+)/P(f|−), Laplace-smoothed by
 * `alpha`; absent ones are ignored, as a short title says nothing by the words it lacks). The bias is the log
 * prior odds. Its probabilities are known to be overconfident: the benchmark weighs that.
 */
export function trainNaiveBayes(examples: readonly Example[], alpha = 1, minCount = 2): LinearModel {
  const { vocab, counts } = vocabulary(examples, minCount);
  const pos = examples.filter((e) => e.positive).length;
  const neg = examples.length - pos;
  const inPos = new Map<string, number>();
  const inNeg = new Map<string, number>();
  for (const e of examples) {
    for (const f of new Set(e.features)) {
      if (!vocab.has(f)) continue;
      const m = e.positive ? inPos : inNeg;
      m.set(f, (m.get(f) ?? 0) + 1);
    }
  }
  const weights: Record<string, number> = {};
  for (const f of vocab.keys()) {
    const pf = ((inPos.get(f) ?? 0) + alpha) / (pos + 2 * alpha);
    const nf = ((inNeg.get(f) ?? 0) + alpha) / (neg + 2 * alpha);
    weights[f] = Math.log(pf / nf);
  }
  return { kind: 'naive_bayes', bias: Math.log((pos + alpha) / (neg + alpha)), weights, share: sharesOf(vocab, counts, examples.length) };
}

/** The model's log-odds for a tender with these features (each key once: features.ts gives each once). */
export function logit(model: LinearModel, features: readonly string[]): number {
  let z = model.bias;
  for (const f of features) z += model.weights[f] ?? 0;
  return z;
}

/** The probability that the analyst pursues a tender with these features (0..1), calibrated when the model is. */
export function probability(model: LinearModel, features: readonly string[]): number {
  const z = logit(model, features);
  return model.calibration === undefined ? sigmoid(z) : sigmoid(model.calibration.a * z + model.calibration.b);
}

/**
 * Platt scaling: the a, b of p = σ(a·z + b) that best fit held-out labels, with Platt's targets ((N₊+1)/(N₊+2)
 * for a positive, 1/(N₋+2) for a negative) so a held-out set the model separates perfectly still gives finite
 * values. Newton's method on the two parameters. Without both kinds, or when the fit would turn the order
 * round (a ≤ 0: the held-out set disagrees with the model), the log-odds are left as they are.
 */
export function fitPlatt(scored: readonly { z: number; positive: boolean }[]): { a: number; b: number } {
  const np = scored.filter((s) => s.positive).length;
  const nn = scored.length - np;
  if (np === 0 || nn === 0) return { a: 1, b: 0 };
  const tp = (np + 1) / (np + 2);
  const tn = 1 / (nn + 2);
  let a = 1;
  let b = 0;
  for (let it = 0; it < 100; it++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    for (const s of scored) {
      const p = sigmoid(a * s.z + b);
      const d = p - (s.positive ? tp : tn);
      const w = p * (1 - p);
      ga += d * s.z;
      gb += d;
      haa += w * s.z * s.z;
      hab += w * s.z;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return a > 0 && Number.isFinite(a) && Number.isFinite(b) ? { a, b } : { a: 1, b: 0 };
}

/** The area under the ROC curve: the chance a random positive outranks a random negative (ties count half); null without both kinds. */
export function aucOf(scored: readonly { score: number; positive: boolean }[]): number | null {
  const pos = scored.filter((s) => s.positive).length;
  const neg = scored.length - pos;
  if (pos === 0 || neg === 0) return null;
  const sorted = [...scored].sort((a, b) => a.score - b.score);
  let rankSum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const midRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k]!.positive) rankSum += midRank;
    i = j;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/**
 * The share of positives among the `k` highest scored (fewer when fewer are scored); null when none is. Scores
 * tied across the cut count by their group's share of positives (the expected precision of any order among
 * them): taking them in the given order made the figure depend on the order the labels were listed in (a model
 * that scores every held-out label the same, as on a feed of bare ids, read 100 % when the first 20 were yes).
 */
export function precisionAt(scored: readonly { score: number; positive: boolean }[], k: number): number | null {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  const n = Math.min(k, sorted.length);
  if (n <= 0) return null;
  let taken = 0;
  let hits = 0;
  for (let i = 0; i < sorted.length && taken < n; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const group = j - i;
    const positives = sorted.slice(i, j).filter((s) => s.positive).length;
    const take = Math.min(group, n - taken);
    hits += (take * positives) / group;
    taken += take;
    i = j;
  }
  return hits / n;
}

/** Mean squared error of the probabilities (lower is better calibrated and sharper). */
export function brierScore(scored: readonly { score: number; positive: boolean }[]): number | null {
  if (scored.length === 0) return null;
  return scored.reduce((sum, s) => sum + (s.score - (s.positive ? 1 : 0)) ** 2, 0) / scored.length;
}
