/**
 * A monthly bar chart drawn by uPlot (the dossiers' timelines). uPlot was chosen over ECharts for
 * its size (~50 KB against ~1 MB) and its speed on canvas; a timeline of a few hundred months needs nothing
 * more. The chart is generic: months as `YYYY-MM`, one bar series per value set, the labels and the number
 * format given by the caller, so no code reaches the screen. The numbers stay readable without the canvas:
 * the caller shows them in a table too.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimelineSeries {
  label: string;
  values: number[];
  color: string;
}

export interface TimelineChartProps {
  /** `YYYY-MM`, ascending. */
  months: string[];
  series: TimelineSeries[];
  /** The months' names on the axis and in the legend («март 2024»). */
  monthLabel(month: string): string;
  /** The values on the axis («1,2 млн ₽») and in the legend. */
  valueLabel(value: number): string;
  title: string;
  height?: number;
  testId?: string;
}

/** The x of a month: its index, so that every month is one evenly spaced bar slot. */
const slots = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

export function TimelineChart({ months, series, monthLabel, valueLabel, title, height = 240, testId = 'timeline-chart' }: TimelineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // The formatters change identity on every render; the chart reads the latest ones.
  const labels = useRef({ monthLabel, valueLabel });
  labels.current = { monthLabel, valueLabel };

  useEffect(() => {
    const el = box.current;
    if (el === null || months.length === 0) return;
    const n = series.length;
    // Bars of the series side by side inside a month's slot.
    const barWidth = 0.8 / Math.max(1, n);
    const pad = Math.max(0, (8 - months.length) / 2);
    const opts: uPlot.Options = {
      width: Math.max(320, el.clientWidth),
      height,
      // A few months stay a few bars in the middle, not bars as wide as the chart.
      scales: { x: { time: false, range: [-0.6 - pad, months.length - 0.4 + pad] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.05 : 1] } },
      // The legend names the series; the values are in the caller's table (no «Value: —» while not hovering).
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      axes: [
        {
          splits: () => slots(months.length).filter((i) => i % Math.max(1, Math.ceil(months.length / 12)) === 0),
          values: (_u, splits) => splits.map((i) => (months[i] === undefined ? '' : labels.current.monthLabel(months[i]!))),
          grid: { show: false },
        },
        { values: (_u, splits) => splits.map((v) => labels.current.valueLabel(v)), size: 90 },
      ],
      series: [
        { label: title },
        ...series.map((s, k) => ({
          label: s.label,
          stroke: s.color,
          fill: s.color,
          width: 0,
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : labels.current.valueLabel(v)),
          // Each series' bar starts at its own offset inside the month's slot (x0 and size in x units).
          paths: uPlot.paths.bars!({
            disp: {
              x0: { unit: 1, values: () => slots(months.length).map((x) => x - 0.4 + k * barWidth) },
              size: { unit: 1, values: () => slots(months.length).map(() => barWidth * 0.9) },
            },
          }),
          points: { show: false },
        })),
      ],
    };
    const plot = new uPlot(opts, [slots(months.length), ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [months.join(','), series.map((s) => `${s.label}:${s.values.join(',')}`).join('|'), height]);

  return (
    <figure className="timeline" data-testid={testId} data-months={months.length} aria-label={title}>
      <div ref={box} className="timeline__plot" />
    </figure>
  );
}
