/** The suppliers that win the tenders of a saved search or a list, ranked, each with its median reduction. */
import { ErrorNotice } from '../../components/ErrorNotice';
import { useStrings } from '../../i18n/i18n';
import { useAppStore, type InsightsScope } from '../../state/store';
import { CompletenessNote, PartyTable } from './InsightParts';
import { insightsStrings } from './insightsStrings';
import { ScopePicker } from './ScopePicker';
import { useCompetitors } from './useInsights';

export function CompetitorsPage({ scope }: { scope: InsightsScope | undefined }) {
  const s = useStrings(insightsStrings);
  const navigate = useAppStore((st) => st.navigate);
  const back = useAppStore((st) => (st.route.view === 'insights' ? st.route.back : undefined));
  const answer = useCompetitors(scope);
  const a = answer.data;
  return (
    <div data-testid="insights-competitors">
      <ScopePicker
        value={scope}
        testId="insights-competitors-scope"
        onChange={(picked) => picked.kind !== 'all' && navigate({ view: 'insights', at: { page: 'competitors', scope: picked }, ...(back ? { back } : {}) })}
      />
      {answer.loading && a === null && <p>{s.loading}</p>}
      <ErrorNotice error={answer.error} testId="insights-competitors-error" />
      {a && scope && (
        <>
          <h1 data-testid="insights-competitors-title">{s.competitorsOf(a.scope.name)}</h1>
          <p data-testid="insights-competitors-summary">{s.competitorsSummary(a.tenders, a.contracts, a.supplier_count ?? a.suppliers.length)}</p>
          <CompletenessNote c={a.completeness} customer />
          {a.suppliers.length === 0 ? (
            <p className="muted">{s.competitorsNone}</p>
          ) : (
            <PartyTable parties={a.suppliers} kind="supplier" title={s.tabCompetitors} testId="insights-competitors-table" />
          )}
        </>
      )}
    </div>
  );
}
