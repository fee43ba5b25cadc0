/**
 * Contracts of a tender: the cached ones at once (free), and a refresh that asks the contract feed of the tender
 * as a job (progress and cancel like any sync), after which the rows are read again from the cache.
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PartyChips } from '../../components/InnLink';
import { JobProgress, isJobActive } from '../../components/JobProgress';
import { useRelatedContracts } from './useCardData';
import { formatDate, formatRub } from '../../format/format';
import { useStrings, useLocale } from '../../i18n/i18n';
import { cardStrings } from './cardStrings';
import { Section } from './CardParts';

export function RelatedContracts({ tenderId }: { tenderId: number }) {
  const s = useStrings(cardStrings);
  const locale = useLocale();
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const [jobId, setJobId] = useState<string | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const job = useAppStore((st) => (jobId ? st.jobs[jobId] : undefined));
  const rows = useRelatedContracts(tenderId);
  const jobDone = jobId !== null && job !== undefined && !isJobActive(job);

  useEffect(() => {
    if (jobDone) rows.reload();
  }, [jobDone, job?.items]);

  async function refresh() {
    setStartError(null);
    try {
      const answer = await call('card.relatedContracts', { tenderId, refresh: true });
      rows.set(answer);
      setJobId(answer.jobId);
    } catch (e) {
      setStartError(e);
    }
  }

  const list = rows.data?.rows ?? [];
  return (
    <Section title={s.related} testId="card-related">
      <div className="card__toolbar">
        <button type="button" onClick={() => void refresh()} disabled={jobId !== null && isJobActive(job)} data-testid="card-related-refresh">
          {s.relatedRefresh}
        </button>
        {jobId && <JobProgress jobId={jobId} testId="card-related-job" />}
      </div>
      <ErrorNotice error={startError ?? rows.error} testId="card-related-error" />
      {list.length === 0 && !rows.loading ? (
        <p className="card__muted">{s.relatedNone}</p>
      ) : (
        <table className="card__table">
          <thead>
            <tr>
              <th>{s.reestr}</th>
              <th>{s.supplier}</th>
              <th className="num">{s.contractPrice}</th>
              <th>{s.signDate}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr
                key={c.id}
                className="clickable"
                tabIndex={0}
                data-testid="card-related-row"
                onDoubleClick={() => navigate({ view: 'card', kind: 'contract', id: c.id, back: route })}
                onKeyDown={(e) => e.key === 'Enter' && navigate({ view: 'card', kind: 'contract', id: c.id, back: route })}
              >
                <td title={`ID ${c.id}`}>{c.reestrNumber ?? '—'}</td>
                <td>
                  <PartyChips parties={c.suppliers} kind="supplier" testId="card-related-supplier" />
                  {/* The INN beside the name: the analyst compares suppliers by it. */}
                  {c.suppliers.some((x) => x.inn) && (
                    <div className="muted" data-testid="card-related-supplier-inn">
                      {c.suppliers.flatMap((x) => (x.inn ? [`${s.inn} ${x.inn}`] : [])).join(', ')}
                    </div>
                  )}
                </td>
                <td className="num">{formatRub(c.price, locale)}</td>
                <td>{formatDate(c.signDate, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
