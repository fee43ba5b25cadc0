/**
 * The statistics every insight shares, one definition each (domain/insights.ts states them): median, mean,
 * sample standard deviation and the coefficient of variation come from d3-array (a well-kept library whose
 * quantiles interpolate linearly, as Excel's QUARTILE.INC and R's type 7 do); the outlier rule, the 33 %
 * homogeneity test and the HHI are ours because they are definitions, not arithmetic.
 */
import { deviation, mean as d3mean, median as d3median, quantileSorted } from 'd3-array';
import { text, type Text } from '../i18n/text';

/** Median of the values; null for none. */
export function median(values: readonly number[]): number | null {
  return values.length === 0 ? null : (d3median(values) ?? null);
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : (d3mean(values) ?? null);
}

/**
 * Coefficient of variation in percent: sample standard deviation (n − 1) / mean × 100. Null below two values
 * (a single price has no spread to speak of) or when the mean is 0.
 */
export function coefficientOfVariation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = d3mean(values);
  const sd = deviation(values);
  if (m === undefined || sd === undefined || m === 0) return null;
  return (sd / m) * 100;
}

/** The Ministry of Economic Development's method for the initial price (order No. 567, 3.20): cv at most 33 %. */
export const HOMOGENEITY_MAX_CV = 33;

export function isHomogeneous(cv: number | null): boolean | null {
  return cv === null ? null : cv <= HOMOGENEITY_MAX_CV;
}

/** Tukey's fences: a value below Q1 − 1.5 × IQR or above Q3 + 1.5 × IQR is an outlier. */
export const TUKEY_K = 1.5;

export const OUTLIER_RULE: Text = text(
  'Выбросы отброшены по правилу Тьюки: цена ниже Q1 − 1,5 × IQR или выше Q3 + 1,5 × IQR (квартили — как КВАРТИЛЬ.ВКЛ в Excel); коэффициент вариации считается после этого.',
  "Outliers dropped by Tukey's fences: a price below Q1 − 1.5 × IQR or above Q3 + 1.5 × IQR (quartiles as Excel's QUARTILE.INC); the coefficient of variation is computed after that.",
);

/** The fences of the values (any order); null for none. */
export function tukeyFences(values: readonly number[]): { low: number; high: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantileSorted(sorted, 0.25)!;
  const q3 = quantileSorted(sorted, 0.75)!;
  const iqr = q3 - q1;
  return { low: q1 - TUKEY_K * iqr, high: q3 + TUKEY_K * iqr };
}

/**
 * Herfindahl–Hirschman index in percent points (0–10 000) from each party's value; null when the values add up
 * to nothing (no contract with a price).
 */
export function hhi(values: Iterable<number>): number | null {
  const list = [...values];
  const total = list.reduce((sum, v) => sum + v, 0);
  if (!(total > 0)) return null;
  return list.reduce((sum, v) => sum + ((v / total) * 100) ** 2, 0);
}

/** Price reduction in percent: (1 − contract price / initial price) × 100; null unless both are known and the initial price is above 0. */
export function reductionPct(contractPrice: number | null, initialPrice: number | null): number | null {
  if (contractPrice === null || initialPrice === null || !(initialPrice > 0)) return null;
  // (initial − contract) / initial rather than 1 − contract / initial: exact for round figures (10, not 9.999…).
  return ((initialPrice - contractPrice) / initialPrice) * 100;
}
