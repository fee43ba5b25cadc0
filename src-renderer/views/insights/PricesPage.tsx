/**
 * The price benchmark (NMCK justification): for an OKPD2 or KTRU code (a prefix is allowed), a
 * region, a period and a unit, the unit prices of the cached positions of contracts and tenders: n, min,
 * median, max, mean, the coefficient of variation with the 33 % homogeneity verdict and the stated outlier
 * rule, the table of positions with their sources, and the table as Excel-ready CSV. Positions come only with
 * cards: the enrichment job fetches the missing ones (cost preview first).
 */
import { useEffect, useState } from 'react';
import type { PriceBenchmark, PriceQuery, PriceRow } from '../../../src-main/domain/insights';
import { call } from '../../bridge/client';
import { download, type ExportResult } from '../../components/useFileExport';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { InnLink } from '../../components/InnLink';
import { formatDate, formatInt, formatRub } from '../../format/format';
import { useLocale, useStrings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { REGIONS, regionName } from '../../../src-main/i18n/dictionaries';
import { Block, Figure } from './InsightParts';
import { percent } from './insightsLabels';
import { insightsStrings } from './insightsStrings';
import { EnrichButton } from './PaidFetch';
import { priceCaveats } from './priceCaveats';
import { buildPriceQuery, formOfQuery, type PriceForm, type PriceFormField } from './priceForm';
import { usePriceBenchmark } from './useInsights';
import { useAction } from './useAction';
import { ProvenanceLink } from '../../components/ProvenanceLink';

/** Rows drawn at once: the export carries all of them. */
const SHOWN_ROWS = 500;

export function PricesPage({ query }: { query: PriceQuery | undefined }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const back = useAppStore((st) => (st.route.view === 'insights' ? st.route.back : undefined));
  const [form, setForm] = useState<PriceForm>(formOfQuery(query));
  const [problems, setProblems] = useState<Partial<Record<PriceFormField, string>>>({});
  const answer = usePriceBenchmark(query);
  useEffect(() => setForm(formOfQuery(query)), [JSON.stringify(query ?? null)]);
  const set = (patch: Partial<PriceForm>) => setForm((f) => ({ ...f, ...patch }));

  function submit() {
    const built = buildPriceQuery(form, locale);
    if (!built.ok) {
      setProblems(built.problems);
      return;
    }
    setProblems({});
    if (JSON.stringify(built.query) === JSON.stringify(query ?? null)) answer.reload();
    else navigate({ view: 'insights', at: { page: 'prices', query: built.query }, ...(back ? { back } : {}) });
  }

  const b = answer.data;
  return (
    <div data-testid="insights-prices">
      <h1>{s.pricesTitle}</h1>
      <form
        className="insights__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field id="prices-code" label={s.code} hint={s.codeHint} error={problems.code}>
          <input id="prices-code" data-testid="prices-code" value={form.code} onChange={(e) => set({ code: e.target.value })} aria-invalid={problems.code !== undefined} />
        </Field>
        <Field id="prices-region" label={s.region} error={problems.region}>
          <select id="prices-region" data-testid="prices-region" value={form.region} onChange={(e) => set({ region: e.target.value })}>
            <option value="">{s.anyRegion}</option>
            {REGIONS.map(([code, name]) => (
              <option key={code} value={String(code)}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="prices-from" label={s.from} error={problems.from}>
          <input id="prices-from" data-testid="prices-from" placeholder={s.datePlaceholder} value={form.from} onChange={(e) => set({ from: e.target.value })} aria-invalid={problems.from !== undefined} />
        </Field>
        <Field id="prices-to" label={s.to} error={problems.to}>
          <input id="prices-to" data-testid="prices-to" placeholder={s.datePlaceholder} value={form.to} onChange={(e) => set({ to: e.target.value })} aria-invalid={problems.to !== undefined} />
        </Field>
        <Field id="prices-unit" label={s.unit} error={problems.unit}>
          <input id="prices-unit" data-testid="prices-unit" list="prices-units" placeholder={s.anyUnit} value={form.unit} onChange={(e) => set({ unit: e.target.value })} />
          <datalist id="prices-units">
            {(b?.units ?? []).map((u) => (
              <option key={u.key} value={u.key} />
            ))}
          </datalist>
        </Field>
        <div className="insights__formActions">
          <button type="submit" className="btn--primary" data-testid="prices-find">
            {s.find}
          </button>
          <EnrichButton onFetched={() => answer.reload()} />
        </div>
      </form>
      {answer.loading && b === null && <p>{s.loading}</p>}
      <ErrorNotice error={answer.error} testId="prices-error" />
      {/* A rejected input hides the previous code's result: it would read as the answer to what was just typed. */}
      {b && query && Object.keys(problems).length === 0 && <Benchmark b={b} query={query} />}
    </div>
  );
}

function Benchmark({ b, query }: { b: PriceBenchmark; query: PriceQuery }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const verdict = b.homogeneous === null ? s.homogeneityUnknown : b.homogeneous ? s.homogeneous : s.notHomogeneous;
  const otherUnits = b.units.filter((u) => u.key !== (b.unit ?? null));
  // Nothing found: the advice first, not under a block of «—».
  if (b.rows.length === 0) return <p className="insights__gap" data-testid="prices-empty">{s.noPositions}</p>;
  const src = b.sources;
  const c = priceCaveats(b);
  return (
    <>
      {src && (
        <div data-testid="prices-sources" data-objects={src.objects} data-customers={src.customers}>
          <p>{s.sourcesLine(src.objects, src.contracts, src.notices, src.customers)}</p>
          {c.fewSources && <p className="insights__gap" data-testid="prices-warn-few">{s.warnFewSources}</p>}
          {c.oneCustomer && <p className="insights__gap" data-testid="prices-warn-one-customer">{s.warnOneCustomer}</p>}
          {c.noticesOnly && <p className="muted" data-testid="prices-only-notices">{s.noteOnlyNotices}</p>}
          {c.ktruPooled && <p className="muted" data-testid="prices-pooled-ktru">{s.notePooledKtru(src.ktru_codes)}</p>}
        </div>
      )}
      {b.unit && <p data-testid="prices-unit-used">{s.statsUnit(b.unit)}</p>}
      <div className="insights__figures" data-testid="prices-stats" data-n={b.n} data-homogeneous={String(b.homogeneous)}>
        <Figure label={s.statN} value={formatInt(b.n, locale)} testId="prices-n" />
        <Figure label={s.statFound} value={formatInt(b.n_found, locale)} testId="prices-found" />
        <Figure label={s.statMin} value={formatRub(b.min, locale)} testId="prices-min" />
        <Figure label={s.statMedian} value={formatRub(b.median, locale)} testId="prices-median" />
        <Figure label={s.statMax} value={formatRub(b.max, locale)} testId="prices-max" />
        <Figure label={s.statMean} value={formatRub(b.mean, locale)} testId="prices-mean" />
        <Figure label={s.statCv} value={percent(b.cv, locale)} testId="prices-cv" />
      </div>
      {/* Homogeneous prices of too few sources are no green light: the verdict stays neutral beside the warning. */}
      <p className={`insights__verdict insights__verdict--${b.homogeneous === null || (b.homogeneous && c.weak) ? 'unknown' : b.homogeneous ? 'ok' : 'bad'}`} data-testid="prices-verdict">
        {verdict}
      </p>
      <p className="muted">
        {s.homogeneityRule} {b.outlier_rule[locale]}
      </p>
      {otherUnits.length > 0 && (
        <p className="muted" data-testid="prices-other-units">
          {s.otherUnits} {otherUnits.map((u) => `${u.key} (${formatInt(u.count, locale)})`).join(', ')}
        </p>
      )}
      <ExportButton query={query} disabled={false} />
      <PositionsTable rows={b.rows} />
    </>
  );
}

function ExportButton({ query, disabled }: { query: PriceQuery; disabled: boolean }) {
  const s = useStrings(insightsStrings);
  const { busy, error, run } = useAction();
  const [result, setResult] = useState<ExportResult | null>(null);
  const exportCsv = () =>
    run(async () => {
      setResult(null);
      const answer = await call('insights.pricesExport', { query, delimiter: ';', excel: true });
      setResult(answer);
      if (answer.downloadUrl) download(answer.downloadUrl, answer.fileName);
    });
  return (
    <div className="insights__export">
      <button type="button" onClick={() => void exportCsv()} disabled={busy || disabled} data-testid="prices-export">
        {s.exportCsv}
      </button>
      {result && (
        <span data-testid="prices-exported" data-rows={result.rows}>
          {result.downloadUrl ? s.exportedDownload(result.rows, result.fileName) : result.saved ? s.exported(result.rows, result.path ?? result.fileName) : ''}
          <ProvenanceLink result={result} testId="prices-exported-provenance" />
        </span>
      )}
      <ErrorNotice error={error} testId="prices-export-error" />
    </div>
  );
}

function PositionsTable({ rows }: { rows: PriceRow[] }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const qty = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 3 });
  return (
    <Block title={s.positions(rows.length)} testId="prices-positions">
      <table className="card__table insights__positions">
        <thead>
          <tr>
            <th>{s.source}</th>
            <th>{s.date}</th>
            <th>{s.customer}</th>
            <th>{s.region}</th>
            <th>{s.code}</th>
            <th>{s.posTitle}</th>
            <th>{s.unit}</th>
            <th className="num">{s.quantity}</th>
            <th className="num">{s.unitPrice}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ROWS).map((r) => {
            const mark = r.outlier ? s.outlier : r.excluded === 'no_price' ? s.excludedNoPrice : r.excluded === 'other_unit' ? s.excludedOtherUnit : '';
            return (
              <tr key={`${r.kind}-${r.object_id}-${r.ordinal}`} data-testid="prices-row" className={mark ? 'insights__row--out' : undefined} data-outlier={r.outlier}>
                <td>
                  <button type="button" className="linkish" data-testid="prices-source" onClick={() => navigate({ view: 'card', kind: r.kind, id: r.object_id, back: route })}>
                    {r.kind === 'tender' ? s.kindTender : s.kindContract} № {r.number ?? r.object_id}
                  </button>
                </td>
                <td>{r.date_at === null ? '—' : formatDate(new Date(r.date_at * 1000).toISOString(), locale)}</td>
                <td>
                  <InnLink inn={r.customer_inn} kind="customer" testId="prices-customer">
                    {r.customer_name ?? r.customer_inn ?? '—'}
                  </InnLink>
                </td>
                <td>{r.region === null ? '—' : regionName(r.region)}</td>
                <td>
                  <div>{r.okpd2 ?? '—'}</div>
                  {r.ktru && <div className="card__muted">{r.ktru}</div>}
                </td>
                <td>{r.title ?? '—'}</td>
                <td>{r.unit ?? '—'}</td>
                <td className="num">{r.quantity === null ? '—' : qty.format(r.quantity)}</td>
                <td className="num">{formatRub(r.unit_price, locale)}</td>
                <td className="insights__mark">{mark}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length > SHOWN_ROWS && <p className="muted" data-testid="prices-rows-cut">{s.rowsCut(SHOWN_ROWS)}</p>}
    </Block>
  );
}
