/**
 * The triage models against results worked out by hand: logistic regression reaches the maximum
 * likelihood of a one-feature problem (the log-odds of each group), L2 pulls weights toward 0, rare features get
 * no weight; naive Bayes gives Laplace-smoothed log ratios; AUC and precision at k as defined.
 */
import { describe, expect, it } from 'vitest';
import { aucOf, brierScore, fitPlatt, logit, precisionAt, probability, trainLogistic, trainNaiveBayes, type Example } from '../../src-main/triage/model';

const many = (n: number, features: string[], positive: boolean): Example[] => Array.from({ length: n }, () => ({ features, positive }));

describe('triage model', () => {
  // 30 of 40 with feature a are pursued, 10 of 40 without: the likelihood is highest at bias = ln(10/30) and
  // bias + w_a = ln(30/10).
  const oneFeature = [...many(30, ['a'], true), ...many(10, ['a'], false), ...many(10, [], true), ...many(30, [], false)];

  it('logistic regression without a penalty finds the log-odds of each group', () => {
    const m = trainLogistic(oneFeature, { l2: 0, iterations: 3000, minCount: 1 });
    expect(m.bias).toBeCloseTo(Math.log(10 / 30), 2);
    expect(m.weights.a).toBeCloseTo(Math.log(3) - Math.log(1 / 3), 2);
    expect(probability(m, ['a'])).toBeCloseTo(0.75, 2);
    expect(probability(m, [])).toBeCloseTo(0.25, 2);
  });

  it('the L2 penalty pulls a weight toward 0, and a feature seen in fewer than minCount examples gets none', () => {
    const free = trainLogistic(oneFeature, { l2: 0, iterations: 3000, minCount: 1 });
    const shrunk = trainLogistic(oneFeature, { l2: 0.5, iterations: 3000, minCount: 1 });
    expect(shrunk.weights.a!).toBeGreaterThan(0);
    expect(shrunk.weights.a!).toBeLessThan(free.weights.a! - 0.3);
    const rare = trainLogistic([...oneFeature, { features: ['once'], positive: true }], { minCount: 2 });
    expect(rare.weights.once).toBeUndefined();
    expect(logit(rare, ['once'])).toBe(rare.bias);
  });

  it('naive Bayes: the Laplace-smoothed log ratio of each feature and the log prior odds', () => {
    const examples = [...many(3, ['x'], true), ...many(1, [], true), ...many(2, [], false)];
    const m = trainNaiveBayes(examples, 1, 1);
    // P(x|+) = (3+1)/(4+2), P(x|−) = (0+1)/(2+2); prior odds (4+1)/(2+1).
    expect(m.weights.x).toBeCloseTo(Math.log((4 / 6) / (1 / 4)), 10);
    expect(m.bias).toBeCloseTo(Math.log(5 / 3), 10);
  });

  it('Platt scaling: with no spread of log-odds it fits the prior of Platt’s targets; it never turns the order round', () => {
    // 3 positives, 1 negative, all at z = 0: p = σ(b) must be the mean of the targets 4/5 (×3) and 1/3.
    const flat = fitPlatt([{ z: 0, positive: true }, { z: 0, positive: true }, { z: 0, positive: true }, { z: 0, positive: false }]);
    expect(1 / (1 + Math.exp(-flat.b))).toBeCloseTo((3 * 0.8 + 1 / 3) / 4, 6);
    // Held-out labels that disagree with the model (higher z, fewer positives) leave the log-odds as they are.
    expect(fitPlatt([{ z: 2, positive: false }, { z: 1, positive: false }, { z: -1, positive: true }, { z: -2, positive: true }])).toEqual({ a: 1, b: 0 });
    // A separable held-out set still gives a finite, sharper scale.
    const sharp = fitPlatt([{ z: 1, positive: true }, { z: 0.5, positive: true }, { z: -0.5, positive: false }, { z: -1, positive: false }]);
    expect(sharp.a).toBeGreaterThan(1);
    expect(Number.isFinite(sharp.a)).toBe(true);
  });

  it('AUC counts the pairs a positive wins (ties half); precision at k is the share of positives in the top k, ties across the cut by their share', () => {
    const scored = [
      { score: 0.9, positive: true },
      { score: 0.8, positive: false },
      { score: 0.7, positive: true },
      { score: 0.1, positive: false },
    ];
    expect(aucOf(scored)).toBe(0.75);
    expect(aucOf([{ score: 0.5, positive: true }, { score: 0.5, positive: false }])).toBe(0.5);
    expect(aucOf([{ score: 0.5, positive: true }])).toBeNull();
    expect(precisionAt(scored, 2)).toBe(0.5);
    expect(precisionAt(scored, 1)).toBe(1);
    expect(precisionAt(scored, 10)).toBe(0.5);
    // Ties across the cut count by their share, whatever order the labels came in.
    expect(precisionAt([{ score: 0.5, positive: true }, { score: 0.5, positive: false }], 1)).toBe(0.5);
    expect(precisionAt([{ score: 0.5, positive: false }, { score: 0.5, positive: true }], 1)).toBe(0.5);
    expect(precisionAt([{ score: 0.9, positive: true }, ...Array.from({ length: 4 }, (_, i) => ({ score: 0.2, positive: i === 3 }))], 3)).toBeCloseTo((1 + 2 * 0.25) / 3, 12);
    expect(brierScore([{ score: 1, positive: true }, { score: 0.5, positive: false }])).toBe(0.125);
  });
});
