/**
 * Insights from the cache: customer and supplier dossiers, the competitors of a saved search or
 * list, the price benchmark and the red flags, as pages of one view with tabs. Every figure is computed by
 * the core from what the cache holds, so the view works offline and costs nothing; only the backfill and the
 * enrichment fetch (behind their cost preview). A page opened from elsewhere (an INN on a card) has «Назад»,
 * kept across the tabs; each tab comes back with the query or scope it was left with. Pure helpers beside the
 * pages: flagStates (a flag's state and a gap's remedy), priceCaveats, priceForm, insightsLabels, flagEvidence.
 */
import { useBackAction } from '../../state/commands/useBackAction';
import { titleWithKeys } from '../../state/commands/registry';
import { useState } from 'react';
import { isValidInn } from '../../../src-main/domain/identifiers';
import { innProblemText } from '../../../src-main/domain/identifierProblems';
import { Field } from '../../components/Field';
import { useLocale, useStrings } from '../../i18n/i18n';
import { useAppStore, type InsightsPage, type Route } from '../../state/store';
import { CompetitorsPage } from './CompetitorsPage';
import { DossierPage } from './DossierPage';
import { FlagsPage } from './FlagsPage';
import { insightsStrings } from './insightsStrings';
import { PricesPage } from './PricesPage';

const TABS = ['dossier', 'competitors', 'prices', 'flags'] as const;

/**
 * The last page of each tab this session: back on a tab, the analyst finds the price query or the scope they
 * left (the dossier tab opens the INN form: the way back from a dossier to it).
 */
const lastOfTab = new Map<InsightsPage['page'], InsightsPage>();

export function InsightsView({ at, back }: { at: InsightsPage | undefined; back: Route | undefined }) {
  const s = useStrings(insightsStrings);
  const navigate = useAppStore((st) => st.navigate);
  const page: InsightsPage = at ?? { page: 'dossier' };
  const goBack = useBackAction(back);
  if (page.page !== 'dossier') lastOfTab.set(page.page, page);
  const tabName = { dossier: s.tabDossier, competitors: s.tabCompetitors, prices: s.tabPrices, flags: s.tabFlags };
  return (
    <section className="view insights" data-testid="view-insights" data-page={page.page}>
      <div className="insights__top">
        {back && (
          <button type="button" onClick={goBack} title={titleWithKeys(s.back, 'view.back')} data-testid="insights-back">
            {s.back}
          </button>
        )}
        <nav className="insights__tabs" aria-label={s.title}>
          {TABS.map((t) => (
            <button
              key={t}
              type="button"
              className={`insights__tab${page.page === t ? ' insights__tab--active' : ''}`}
              aria-current={page.page === t ? 'page' : undefined}
              data-testid={`insights-tab-${t}`}
              onClick={() => navigate({ view: 'insights', at: (t !== page.page ? lastOfTab.get(t) : undefined) ?? { page: t }, ...(back ? { back } : {}) })}
            >
              {tabName[t]}
            </button>
          ))}
        </nav>
        <span className="muted insights__offline">{s.offlineNote}</span>
      </div>
      {page.page === 'dossier' && (page.inn && page.kind ? <DossierPage key={`${page.kind}-${page.inn}`} kind={page.kind} inn={page.inn} /> : <DossierForm />)}
      {page.page === 'competitors' && <CompetitorsPage scope={page.scope} />}
      {page.page === 'prices' && <PricesPage query={page.query} />}
      {page.page === 'flags' && <FlagsPage scope={page.scope} />}
    </section>
  );
}

/** Opens a dossier by a typed INN, checked by the domain's checksum rule before anything is read. */
function DossierForm() {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const route = useAppStore((st) => st.route);
  const [kind, setKind] = useState<'customer' | 'supplier'>('customer');
  const [inn, setInn] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  function open() {
    const value = inn.trim();
    if (value === '') return setProblem(s.innRequired);
    if (!isValidInn(value)) return setProblem(innProblemText(value)?.[locale] ?? s.innRequired);
    setProblem(undefined);
    // «Назад» from the dossier returns to this form.
    navigate({ view: 'insights', at: { page: 'dossier', kind, inn: value }, back: route });
  }
  return (
    <form
      className="insights__form"
      noValidate
      data-testid="insights-dossier-form"
      onSubmit={(e) => {
        e.preventDefault();
        open();
      }}
    >
      <h1>{s.dossierFormTitle}</h1>
      <fieldset className="insights__kind">
        {(['customer', 'supplier'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="insights-kind" value={k} checked={kind === k} onChange={() => setKind(k)} data-testid={`insights-kind-${k}`} /> {k === 'customer' ? s.customer : s.supplier}
          </label>
        ))}
      </fieldset>
      <Field id="insights-inn" label={s.inn} error={problem}>
        <input id="insights-inn" data-testid="insights-inn" inputMode="numeric" value={inn} onChange={(e) => setInn(e.target.value)} aria-invalid={problem !== undefined} />
      </Field>
      <div className="insights__formActions">
        <button type="submit" className="btn--primary" data-testid="insights-open">
          {s.open}
        </button>
      </div>
    </form>
  );
}
