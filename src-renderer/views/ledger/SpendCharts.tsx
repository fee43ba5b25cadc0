/** The spend charts in plain SVG over the pure geometry of spendChart.ts. */
import { useLocale } from '../../i18n/i18n';
import { formatDate, formatInt } from '../../format/format';
import { dayChart, searchBars, type DaySpend } from './spendChart';

export function DayBars({ days, title, names }: { days: DaySpend[]; title: string; names: { tenders: string; contracts: string } }) {
  const locale = useLocale();
  const chart = dayChart(days, 720, 220);
  return (
    <figure className="ledger__chart" data-testid="ledger-chart-days" data-total-tenders={chart.total.tenders} data-total-contracts={chart.total.contracts}>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} width="100%" role="img" aria-label={title}>
        {chart.ticks.map((t) => (
          <g key={t.value}>
            <line x1={chart.plot.left} x2={chart.plot.right} y1={t.y} y2={t.y} className="ledger__grid" />
            <text x={chart.plot.left - 6} y={t.y + 4} textAnchor="end" className="ledger__axis">
              {formatInt(t.value, locale)}
            </text>
          </g>
        ))}
        {chart.bars.map((b) => (
          <rect key={`${b.day}-${b.series}`} x={b.x} y={b.y} width={b.width} height={b.height} className={`ledger__bar ledger__bar--${b.series}`} data-testid="ledger-bar">
            <title>{`${formatDate(b.day, locale)}: ${names[b.series]} ${formatInt(b.value, locale)}`}</title>
          </rect>
        ))}
        {chart.labels.map((l) => (
          <text key={l.day} x={l.x} y={chart.height - 6} textAnchor="middle" className="ledger__axis">
            {formatDate(l.day, locale).slice(0, 5)}
          </text>
        ))}
      </svg>
      <figcaption className="ledger__legend">
        <span className="ledger__swatch ledger__swatch--tenders" /> {names.tenders}: {formatInt(chart.total.tenders, locale)}
        <span className="ledger__swatch ledger__swatch--contracts" /> {names.contracts}: {formatInt(chart.total.contracts, locale)}
      </figcaption>
    </figure>
  );
}

export function SearchBars({ bySearch, title, unnamed, empty, searchName }: { bySearch: { filterId: string | null; label: string | null; units: number }[]; title: string; unnamed: string; empty: string; searchName?: (filterId: string) => string }) {
  const locale = useLocale();
  const rowHeight = 24;
  const labelWidth = 260;
  const barWidth = 380;
  const bars = searchBars(bySearch, barWidth, rowHeight, unnamed, searchName);
  if (bars.length === 0) return <p className="muted">{empty}</p>;
  return (
    <figure className="ledger__chart" data-testid="ledger-chart-searches">
      <svg viewBox={`0 0 ${labelWidth + barWidth + 80} ${bars.length * rowHeight}`} width="100%" role="img" aria-label={title}>
        {bars.map((b) => (
          <g key={b.key} data-testid="ledger-search-bar">
            <text x={labelWidth - 8} y={b.y + rowHeight / 2 + 4} textAnchor="end" className="ledger__axis">
              {b.label.length > 38 ? `${b.label.slice(0, 37)}…` : b.label}
            </text>
            <rect x={labelWidth} y={b.y + 4} width={b.width} height={rowHeight - 8} className="ledger__bar ledger__bar--search">
              <title>{`${b.label}: ${formatInt(b.units, locale)}`}</title>
            </rect>
            <text x={labelWidth + b.width + 6} y={b.y + rowHeight / 2 + 4} className="ledger__axis">
              {formatInt(b.units, locale)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
