/** Pieces every insights page shows: key figures, breakdowns, ranked parties, stages, completeness, timeline. */
import type { ReactNode } from 'react';
import type { Completeness, CountBy, MonthPoint, RankedParty, StageCounts } from '../../../src-main/domain/insights';
import { InnLink } from '../../components/InnLink';
import { TimelineChart } from '../../components/TimelineChart';
import { formatInt, formatRub } from '../../format/format';
import { contractStageName, useLocale, useStrings } from '../../i18n/i18n';
import { compactRub, countByName, monthName, percent, type Dimension } from './insightsLabels';
import { insightsStrings } from './insightsStrings';

export function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="insights__figure" data-testid={testId}>
      <div className="insights__figureLabel">{label}</div>
      <div className="insights__figureValue">{value}</div>
      {hint !== undefined && <div className="insights__figureHint">{hint}</div>}
    </div>
  );
}

export function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="insights__block" data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A breakdown (by status, law, placement, region, OKPD2 class) with names, counts and sums. */
export function CountTable({ rows, dimension, title, testId }: { rows: CountBy[]; dimension: Dimension; title: string; testId: string }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  return (
    <Block title={title} testId={testId}>
      {rows.length === 0 ? (
        <p className="muted">{s.none}</p>
      ) : (
        <table className="card__table">
          <thead>
            <tr>
              <th>{s.name}</th>
              <th className="num">{s.count}</th>
              <th className="num">{s.value}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-testid={`${testId}-row`} data-key={r.key}>
                <td>{countByName(dimension, r, locale)}</td>
                <td className="num">{formatInt(r.count, locale)}</td>
                {/* A sum of 0 means no counted object stated a price (a strict contract): unknown, not 0 ₽. */}
                <td className="num">{r.value > 0 ? formatRub(r.value, locale) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Block>
  );
}

/** Suppliers or customers ranked by contract value, each INN a link to its own dossier. */
export function PartyTable({ parties, kind, title, testId }: { parties: RankedParty[]; kind: 'customer' | 'supplier'; title: string; testId: string }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  return (
    <Block title={title} testId={testId}>
      {parties.length === 0 ? (
        <p className="muted">{s.none}</p>
      ) : (
        <table className="card__table">
          <thead>
            <tr>
              <th>{s.name}</th>
              <th>{s.inn}</th>
              <th className="num">{s.contractsCount}</th>
              <th className="num">{s.value}</th>
              <th className="num">{s.share}</th>
              <th className="num">{s.medianReduction}</th>
            </tr>
          </thead>
          <tbody>
            {parties.map((p) => (
              <tr key={p.inn} data-testid={`${testId}-row`} data-inn={p.inn}>
                <td>
                  <InnLink inn={p.inn} kind={kind} testId={`${testId}-link`}>
                    {p.name ?? s.unnamed}
                  </InnLink>
                </td>
                <td>{p.inn}</td>
                <td className="num">{formatInt(p.contracts, locale)}</td>
                <td className="num">{formatRub(p.total_price, locale)}</td>
                <td className="num">{percent(p.share_pct, locale)}</td>
                <td className="num">{percent(p.median_reduction_pct, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Block>
  );
}

export function StagesTable({ stages, testId }: { stages: StageCounts; testId: string }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const keys = (['executing', 'completed', 'terminated', 'unknown'] as const).filter((k) => k !== 'unknown' || stages.unknown > 0);
  return (
    <Block title={s.stages} testId={testId}>
      <table className="card__table">
        <tbody>
          {keys.map((k) => (
            <tr key={k} data-testid={`${testId}-row`} data-stage={k}>
              <td>{contractStageName(k, locale)}</td>
              <td className="num">{formatInt(stages[k], locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Block>
  );
}

/** How much of the picture the cache holds, said plainly, with what may be fetched (the caller's action). */
export function CompletenessNote({ c, customer, action }: { c: Completeness; customer: boolean; action?: ReactNode }) {
  const s = useStrings(insightsStrings);
  const lines: string[] = [];
  // A customer's picture is measured against its completed tenders; a supplier's has no such yardstick.
  lines.push(customer ? (c.completed_tenders > 0 ? s.completeCoverage(c.completed_tenders_with_contract, c.completed_tenders) : s.noCompleted) : s.cachedOnly);
  if (c.contracts_without_price > 0) lines.push(s.withoutPrice(c.contracts_without_price));
  if (c.contracts_without_tender > 0) lines.push(s.withoutTender(c.contracts_without_tender));
  if (customer && c.tenders_without_placement > 0) lines.push(s.withoutPlacement(c.tenders_without_placement));
  if ((c.contracts_without_customer ?? 0) > 0) lines.push(s.withoutCustomer(c.contracts_without_customer!));
  const incomplete = c.completed_tenders_with_contract < c.completed_tenders || lines.length > 1;
  // Even a full coverage of the cached tenders says nothing of contracts the cache never saw: neutral, not green.
  if (!incomplete) lines.push(s.serverUnknown);
  return (
    <section className={`insights__completeness${incomplete ? ' insights__completeness--partial' : ''}`} data-testid="insights-completeness" data-complete={!incomplete} aria-label={s.completeness}>
      <strong>{s.completeness}.</strong>{' '}
      {lines.map((l) => (
        <span key={l} className="insights__completenessLine">
          {l}{' '}
        </span>
      ))}
      {action}
    </section>
  );
}

/** The monthly timeline: a uPlot bar chart of the two values, and its numbers as a table under a fold. */
export function Timeline({ points, testId }: { points: MonthPoint[]; testId: string }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const hasTenders = points.some((p) => p.tenders > 0);
  const series = [
    ...(hasTenders ? [{ label: s.tenderPrice, values: points.map((p) => p.tender_price), color: 'rgba(37, 99, 235, 0.75)' }] : []),
    { label: s.contractPrice, values: points.map((p) => p.contract_price), color: 'rgba(22, 163, 74, 0.75)' },
  ];
  return (
    <Block title={s.timeline} testId={testId}>
      {points.length === 0 ? (
        <p className="muted" data-testid={`${testId}-empty`}>
          {s.timelineEmpty}
        </p>
      ) : (
        <>
          <TimelineChart
            months={points.map((p) => p.month)}
            series={series}
            monthLabel={(m) => monthName(m, locale)}
            valueLabel={(v) => compactRub(v, locale)}
            title={s.timeline}
            testId={`${testId}-chart`}
          />
          <details className="insights__fold">
            <summary>{s.showTable}</summary>
            <table className="card__table" data-testid={`${testId}-table`}>
              <thead>
                <tr>
                  <th>{s.month}</th>
                  {hasTenders && <th className="num">{s.tendersCount}</th>}
                  {hasTenders && <th className="num">{s.tenderPrice}</th>}
                  <th className="num">{s.contractsCount}</th>
                  <th className="num">{s.contractPrice}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.month}>
                    <td>{monthName(p.month, locale)}</td>
                    {hasTenders && <td className="num">{formatInt(p.tenders, locale)}</td>}
                    {hasTenders && <td className="num">{formatRub(p.tender_price, locale)}</td>}
                    <td className="num">{formatInt(p.contracts, locale)}</td>
                    <td className="num">{formatRub(p.contract_price, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </Block>
  );
}
