/**
 * A customer's or a supplier's dossier: the key figures, breakdowns, ranked counterparties (each a
 * link to its own dossier), stages, the monthly timeline, and how complete the cache's picture is, with the
 * paid backfill offered behind its cost preview.
 */
import type { Locale } from '../../../src-main/contract/ipc';
import type { CustomerDossier, SupplierDossier } from '../../../src-main/domain/insights';
import { DossierExportButton } from '../../components/DossierExportButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatInt, formatRub } from '../../format/format';
import { useLocale, useStrings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { BackfillButton } from './PaidFetch';
import { CompletenessNote, CountTable, Figure, PartyTable, StagesTable, Timeline } from './InsightParts';
import { hhiLevel, percent } from './insightsLabels';
import { insightsStrings } from './insightsStrings';
import { useDossier } from './useInsights';

export function DossierPage({ kind, inn }: { kind: 'customer' | 'supplier'; inn: string }) {
  const s = useStrings(insightsStrings);
  const { customer, supplier } = useDossier(kind, inn);
  const loaded = kind === 'customer' ? customer : supplier;
  const reload = () => loaded.reload();
  return (
    <div data-testid="insights-dossier" data-kind={kind} data-inn={inn}>
      {loaded.loading && loaded.data === null && <p data-testid="insights-loading">{s.loading}</p>}
      <ErrorNotice error={loaded.error} testId="insights-dossier-error" />
      {loaded.data?.inn === inn && loaded.data.cached !== false && <DossierExportButton party={kind} inn={inn} />}
      {kind === 'customer' && customer.data && customer.data.inn === inn && <CustomerBody d={customer.data} onFetched={reload} />}
      {kind === 'supplier' && supplier.data && supplier.data.inn === inn && <SupplierBody d={supplier.data} onFetched={reload} />}
    </div>
  );
}

/** No contract states a price (a strict server sends none): the sum is unknown, not 0 ₽. */
const noPrice = (d: CustomerDossier | SupplierDossier): boolean => d.contracts > 0 && d.completeness.contracts_without_price >= d.contracts;
const totalPrice = (d: CustomerDossier | SupplierDossier, locale: Locale): string => (noPrice(d) ? '—' : formatRub(d.total_price, locale));

/** Figures over fewer objects than this carry a caveat (a share or HHI of one contract says nothing). */
const SMALL_SAMPLE = 5;

/** The cache holds nothing on the INN (the core's `cached: false`): say so and what to do, not a page of zeros that read as facts. */
function NothingCached({ kind, inn, onFetched }: { kind: 'customer' | 'supplier'; inn: string; onFetched(): void }) {
  const s = useStrings(insightsStrings);
  return (
    <section className="insights__completeness insights__completeness--partial" data-testid="insights-nothing-cached">
      <strong>{s.nothingCached}</strong> <span>{s.nothingCachedAdvice}</span> <BackfillButton kind={kind} inn={inn} onFetched={onFetched} />
    </section>
  );
}

function Header({ kind, name, inn }: { kind: 'customer' | 'supplier'; name: string | null; inn: string }) {
  const s = useStrings(insightsStrings);
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  return (
    <header className="insights__header">
      <div className="card__kind">
        {kind === 'customer' ? s.customerDossier : s.supplierDossier} · {s.innOf(inn)}
      </div>
      <h1 data-testid="insights-dossier-name">{name ?? s.unnamed}</h1>
      <button
        type="button"
        className="linkish"
        data-testid="insights-dossier-flags"
        onClick={() => navigate({ view: 'insights', at: { page: 'flags', scope: { kind, inn } }, back: route })}
      >
        {kind === 'customer' ? s.flagsOfCustomer : s.flagsOfSupplier}
      </button>
    </header>
  );
}

function CustomerBody({ d, onFetched }: { d: CustomerDossier; onFetched(): void }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const level = hhiLevel(d.hhi);
  if (d.cached === false)
    return (
      <>
        <Header kind="customer" name={d.name} inn={d.inn} />
        <NothingCached kind="customer" inn={d.inn} onFetched={onFetched} />
      </>
    );
  const small = d.contracts < SMALL_SAMPLE ? s.smallSample(d.contracts) : null;
  return (
    <>
      <Header kind="customer" name={d.name} inn={d.inn} />
      <CompletenessNote c={d.completeness} customer action={<BackfillButton kind="customer" inn={d.inn} onFetched={onFetched} />} />
      <div className="insights__figures" data-testid="insights-figures">
        <Figure label={s.tenders} value={formatInt(d.tenders, locale)} testId="fig-tenders" />
        <Figure label={s.totalInitial} value={formatRub(d.total_initial_price, locale)} testId="fig-total-initial" />
        <Figure label={s.contracts} value={formatInt(d.contracts, locale)} testId="fig-contracts" />
        <Figure label={s.totalPrice} value={totalPrice(d, locale)} hint={noPrice(d) ? s.noPriceSent : undefined} testId="fig-total-price" />
        <Figure label={s.suppliers} value={formatInt(d.suppliers, locale)} testId="fig-suppliers" />
        <Figure label={s.medianReduction} value={percent(d.median_reduction_pct, locale)} hint={<span title={s.reductionHint}>{s.reductionSample(d.reduction_sample)}</span>} testId="fig-reduction" />
        <Figure label={s.singleShare} value={percent(d.single_supplier_share === null ? null : d.single_supplier_share * 100, locale)} hint={d.tenders - d.completeness.tenders_without_placement < SMALL_SAMPLE * 2 && d.single_supplier_share !== null ? `${s.singleShareHint} ${s.smallSampleTenders(d.tenders - d.completeness.tenders_without_placement)}` : s.singleShareHint} testId="fig-single" />
        <Figure label={s.hhi} value={d.hhi === null ? '—' : formatInt(d.hhi, locale)} hint={<span title={s.hhiHint}>{level === null ? '' : level === 'high' ? s.hhiHigh : level === 'moderate' ? s.hhiModerate : s.hhiLow}{level !== null && small !== null ? ` · ${small}` : ''}</span>} testId="fig-hhi" />
        <Figure label={s.paidShare} value={percent(d.paid_share === null ? null : d.paid_share * 100, locale)} hint={d.paid_share === null ? s.noPaidData : s.paidShareHint} testId="fig-paid" />
      </div>
      <Timeline points={d.timeline} testId="insights-timeline" />
      <PartyTable parties={d.top_suppliers} kind="supplier" title={s.topSuppliers} testId="insights-top-suppliers" />
      <div className="insights__columns">
        <CountTable rows={d.tenders_by_status} dimension="status" title={s.byStatus} testId="insights-by-status" />
        <CountTable rows={d.tenders_by_law} dimension="law" title={s.byLaw} testId="insights-by-law" />
        <CountTable rows={d.tenders_by_placement} dimension="placement" title={s.byPlacement} testId="insights-by-placement" />
        <StagesTable stages={d.stages} testId="insights-stages" />
      </div>
    </>
  );
}

function SupplierBody({ d, onFetched }: { d: SupplierDossier; onFetched(): void }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  if (d.cached === false)
    return (
      <>
        <Header kind="supplier" name={d.name} inn={d.inn} />
        <NothingCached kind="supplier" inn={d.inn} onFetched={onFetched} />
      </>
    );
  return (
    <>
      <Header kind="supplier" name={d.name} inn={d.inn} />
      <CompletenessNote c={d.completeness} customer={false} action={<BackfillButton kind="supplier" inn={d.inn} onFetched={onFetched} />} />
      <div className="insights__figures" data-testid="insights-figures">
        <Figure label={s.contracts} value={formatInt(d.contracts, locale)} testId="fig-contracts" />
        <Figure label={s.totalPrice} value={totalPrice(d, locale)} hint={noPrice(d) ? s.noPriceSent : undefined} testId="fig-total-price" />
        {/* No contract named its customer (a strict server): the count is unknown, not 0. */}
        <Figure
          label={s.customers}
          value={d.customers === 0 && (d.completeness.contracts_without_customer ?? 0) > 0 ? '—' : formatInt(d.customers, locale)}
          hint={d.customers === 0 && (d.completeness.contracts_without_customer ?? 0) > 0 ? s.noCustomerSent : undefined}
          testId="fig-customers"
        />
        <Figure label={s.medianReduction} value={percent(d.median_reduction_pct, locale)} hint={<span title={s.reductionHint}>{s.reductionSample(d.reduction_sample)}</span>} testId="fig-reduction" />
        <Figure label={s.terminations} value={formatInt(d.terminations, locale)} testId="fig-terminations" />
      </div>
      <Timeline points={d.timeline} testId="insights-timeline" />
      <PartyTable parties={d.top_customers} kind="customer" title={s.topCustomers} testId="insights-top-customers" />
      <div className="insights__columns">
        <CountTable rows={d.regions} dimension="region" title={s.regions} testId="insights-regions" />
        <CountTable rows={d.okpd2_classes} dimension="okpd2" title={s.okpd2Classes} testId="insights-okpd2" />
        <StagesTable stages={d.stages} testId="insights-stages" />
      </div>
    </>
  );
}
