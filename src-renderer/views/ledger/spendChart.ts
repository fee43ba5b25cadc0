/**
 * Geometry of the spend charts as plain data, drawn by the view with plain SVG (no chart library):
 * units charged per Moscow day (tenders and contracts stacked) and units per saved search (horizontal bars).
 * Pure functions, so the arithmetic is tested without a DOM.
 */

export interface DaySpend {
  day: string; // YYYY-MM-DD, a Moscow calendar day
  tenders: number;
  contracts: number;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  series: 'tenders' | 'contracts';
  day: string;
  value: number;
}

export interface Tick {
  value: number;
  y: number;
}

export interface DayChart {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: Bar[];
  ticks: Tick[];
  /** Days that get a label under the axis (not every day fits). */
  labels: { day: string; x: number }[];
  max: number;
  total: { tenders: number; contracts: number };
}

const DAY_MS = 86_400_000;
const MSK_OFFSET_MS = 3 * 3_600_000;

/** Today's Moscow calendar day (UTC+3, no DST) for a moment. */
export function moscowDay(now: Date): string {
  return new Date(now.getTime() + MSK_OFFSET_MS).toISOString().slice(0, 10);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` Moscow days ending with `today`, one entry per day, zero where nothing was charged. */
export function fillDays(byDay: readonly DaySpend[], days: number, today: string): DaySpend[] {
  const known = new Map<string, DaySpend>();
  for (const d of byDay) {
    const prev = known.get(d.day);
    known.set(d.day, prev ? { day: d.day, tenders: prev.tenders + d.tenders, contracts: prev.contracts + d.contracts } : { ...d });
  }
  const out: DaySpend[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    out.push(known.get(day) ?? { day, tenders: 0, contracts: 0 });
  }
  return out;
}

/** A round step for about `count` ticks up to `max` (1, 2, 5 × 10^n). */
export function niceStep(max: number, count = 4): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  return Math.max(1, step);
}

/** Stacked bars per day: contracts on top of tenders, the axis rounded up to a whole step. */
export function dayChart(days: readonly DaySpend[], width: number, height: number): DayChart {
  const plot = { left: 44, top: 8, right: width - 8, bottom: height - 24 };
  const plotW = Math.max(1, plot.right - plot.left);
  const plotH = Math.max(1, plot.bottom - plot.top);
  const peak = Math.max(0, ...days.map((d) => d.tenders + d.contracts));
  const step = niceStep(peak);
  const max = Math.max(step, Math.ceil(peak / step) * step);
  const slot = days.length ? plotW / days.length : plotW;
  const barW = Math.max(1, slot * 0.7);
  const scale = (v: number): number => (v / max) * plotH;
  const bars: Bar[] = [];
  days.forEach((d, i) => {
    const x = plot.left + i * slot + (slot - barW) / 2;
    let base = plot.bottom;
    for (const series of ['tenders', 'contracts'] as const) {
      const value = d[series];
      if (value <= 0) continue;
      const h = scale(value);
      bars.push({ x, y: base - h, width: barW, height: h, series, day: d.day, value });
      base -= h;
    }
  });
  const ticks: Tick[] = [];
  for (let v = 0; v <= max; v += step) ticks.push({ value: v, y: plot.bottom - scale(v) });
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotW / 48))));
  const labels = days
    .map((d, i) => ({ day: d.day, x: plot.left + i * slot + slot / 2, i }))
    .filter((l) => (days.length - 1 - l.i) % every === 0)
    .map(({ day, x }) => ({ day, x }));
  const total = days.reduce((t, d) => ({ tenders: t.tenders + d.tenders, contracts: t.contracts + d.contracts }), { tenders: 0, contracts: 0 });
  return { width, height, plot, bars, ticks, labels, max, total };
}

export interface SearchBar {
  key: string;
  label: string;
  units: number;
  y: number;
  width: number;
}

/** Horizontal bars per saved search, largest first; the longest bar fills `barWidth`. */
export function searchBars(
  bySearch: readonly { filterId: string | null; label: string | null; units: number }[],
  barWidth: number,
  rowHeight: number,
  unnamed: string,
  /** A search without a label by its summary, never its `flt_…` id. */
  searchName: (filterId: string) => string = () => unnamed,
): SearchBar[] {
  const sorted = [...bySearch].filter((s) => s.units > 0).sort((a, b) => b.units - a.units);
  const max = Math.max(1, ...sorted.map((s) => s.units));
  return sorted.map((s, i) => ({
    key: s.filterId ?? `none-${i}`,
    label: s.label ?? (s.filterId ? searchName(s.filterId) : unnamed),
    units: s.units,
    y: i * rowHeight,
    width: Math.max(1, (s.units / max) * barWidth),
  }));
}
