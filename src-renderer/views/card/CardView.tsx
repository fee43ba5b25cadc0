/**
 * The card reader: a tender or a contract card, opened from the cache when a version is held (free, offline)
 * or fetched (charged once per version, never twice), with where it came from said plainly; positions a page
 * at a time; the version history with a diff; related contracts; the lists that hold it and "Add to list"; the
 * analyst's marks.
 */
import { useEffect, useState } from 'react';
import { useAppStore, type Route } from '../../state/store';
import { useBackAction } from '../../state/commands/useBackAction';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { AddToList } from '../../components/AddToList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime, formatRub } from '../../format/format';
import { cardLawName, cardStage, contractLawName } from '../../components/tenderLabels';
import { useStrings, useLocale } from '../../i18n/i18n';
import { cardStrings } from './cardStrings';
import { num, partsNotLoaded, statedVersion, str } from './cardFields';
import { ContractDetails } from './ContractDetails';
import { RelatedContracts } from './RelatedContracts';
import { TenderDetails } from './TenderDetails';
import { VersionHistory } from './VersionHistory';
import { FavoriteButton } from './FavoriteButton';
import { useCard } from './useCardData';
import { MarksPanel } from './MarksPanel';

export function CardView({ kind, id }: { kind: 'tender' | 'contract'; id: number }) {
  const s = useStrings(cardStrings);
  const locale = useLocale();
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  // The earlier API generation has favorites instead of lists and no contracts; its versions are update dates.
  const earlier = useAppStore((st) => st.activeProfile?.generation === 'earlier');
  const back: Route | undefined = route.view === 'card' ? route.back : undefined;
  // L adds the card's tender to a list, as on a table's row (the key its button's tooltip names).
  const [addRequest, setAddRequest] = useState(0);
  useProvideAction('row.addToList', () => setAddRequest((n) => n + 1), kind === 'tender' && !earlier);
  const goBack = useBackAction(back ?? (earlier ? { view: 'filters' } : { view: kind === 'tender' ? 'search' : 'contracts' }));
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [kind, id]);
  const [diffFocus, setDiffFocus] = useState<{ from: number; to: number; nonce: number } | undefined>(undefined);
  const { card, lists, added } = useCard(kind, id, page, earlier);
  const data = card.data && card.data.kind === kind && num(card.data.card, 'id') === id ? card.data : null;

  const c = data?.card ?? {};
  // A contract is named by its subject, else its registry number, never by the internal id.
  const number = kind === 'tender' ? str(c, 'etp_id') : str(c, 'reestr_number');
  const title = str(c, 'name') ?? str(c, 'subject') ?? `${kind === 'tender' ? s.tender : s.contract} ${number !== null ? `№ ${number}` : id}`;
  // Not charged, yet no version we held: the card did not say whether it was billed (the reference's tender
  // detail has no `billed`), so "free, delivered before" would be a guess.
  // What this visit cost: the opening's, when the «Открыть» box fetched the card (this view then reads it from the
  // cache for free; «Из кэша — бесплатно» beside the box's «списана 1 ед.»), unless a read since was
  // itself charged. A return to the card is a new visit (store.ts returnable).
  const opened = route.view === 'card' && route.kind === kind && route.id === id ? route.opened : undefined;
  const fact = data === null ? null : data.charged || opened === undefined ? { source: data.source, charged: data.charged } : opened;
  const unstated = data !== null && fact !== null && fact.source === 'server' && !fact.charged && statedVersion(data.version) === null;
  const sourceText = fact === null ? '' : fact.source === 'cache' ? s.sourceCache : fact.charged ? s.sourceCharged : unstated ? s.sourceUnstated : s.sourceFree;
  const holding = (lists.data ?? []).filter((l) => data?.listIds.includes(l.listId));
  // A card never opened, shown from its stored object: its parts say «не загружены», and how to load them.
  const online = useAppStore((st) => st.online);
  const missing = partsNotLoaded(c, data?.storedObject);
  const load = { online, reload: () => card.reload() };
  // The stage from the status code, the deadline and the clock, never the name the server sent (D-STATUS-1).
  const stage = cardStage(c, locale);

  return (
    <section className="view card" data-testid="view-card" data-kind={kind} data-id={id}>
      <div className="card__top">
        <button type="button" onClick={goBack} title={titleWithKeys(s.backHint, 'view.back')} data-testid="card-back">
          {s.back}
        </button>
        {fact && (
          <span className={`badge card__source card__source--${fact.source}${fact.charged ? ' card__source--charged' : ''}`} title={s.sourceHint} data-testid="card-source" data-source={fact.source} data-charged={fact.charged}>
            {sourceText}
          </span>
        )}
        <span className="card__spacer" />
        {data && kind === 'tender' && earlier && <FavoriteButton etpId={str(c, 'etp_id')} />}
        {data && kind === 'tender' && !earlier && (
          <AddToList
            ids={[id]}
            testId="card-add-to-list"
            openRequest={addRequest}
            onAdded={added}
          />
        )}
      </div>
      {card.loading && data === null && <p data-testid="card-loading">{s.loading}</p>}
      <ErrorNotice error={card.error} testId="card-error" />
      {data && (
        <>
          <header className="card__header" data-testid="card-header">
            <div className="card__kind">
              {kind === 'tender' ? s.tender : s.contract} · {kind === 'tender' ? `${s.notice} ${str(c, 'etp_id') ?? '—'}` : `${s.reestr} ${str(c, 'reestr_number') ?? '—'}`} · ID {id}
            </div>
            <h1 data-testid="card-title">{title}</h1>
            <div className="card__facts">
              {kind === 'tender' && (
                <span className={`badge status status--${stage.stage ?? 'unknown'}`} data-testid="card-status" data-stage={stage.stage ?? ''}>
                  {stage.name}
                </span>
              )}
              <span data-testid="card-law">
                {s.law}: {kind === 'tender' ? cardLawName(c, locale) : contractLawName(c, locale)}
              </span>
              <span className="card__price" data-testid="card-price">
                {kind === 'tender' ? s.price : s.amount}: {formatRub(num(c, 'price'), locale)}
              </span>
              {kind === 'tender' && (
                <span data-testid="card-deadline">
                  {s.deadline}: <strong>{formatDateTime(str(c, 'end_date'), locale)}</strong>
                </span>
              )}
              <span>
                {earlier ? `${s.updatedAt} ${formatDateTime(str(c, 'update_date'), locale)}` : `${s.version} ${statedVersion(data.version) ?? s.versionUnstated}`}
              </span>
            </div>
            {!earlier && (
              <div className="card__lists" data-testid="card-lists">
                {holding.length === 0 ? (
                  <span className="card__muted">{s.inNoList}</span>
                ) : (
                  <>
                    {s.inLists}{' '}
                    {holding.map((l) => (
                      <button key={l.listId} type="button" className="linkish chip" onClick={() => navigate({ view: 'lists', listId: l.listId })} data-testid="card-list-chip">
                        {l.name}
                      </button>
                    ))}
                  </>
                )}
              </div>
            )}
          </header>
          {kind === 'tender' && !earlier && <MarksPanel tenderId={id} onShowDiff={(from, to) => setDiffFocus((f) => ({ from, to, nonce: (f?.nonce ?? 0) + 1 }))} />}
          {kind === 'tender' ? (
            <TenderDetails card={c} page={page} onPage={setPage} {...(earlier ? {} : { documentsOf: id })} {...(missing.positions || missing.documents ? { notLoaded: { ...missing, load } } : {})} />
          ) : (
            <ContractDetails card={c} page={page} onPage={setPage} {...(missing.positions ? { notLoaded: load } : {})} />
          )}
          <VersionHistory kind={kind} id={id} versions={data.versions} focus={diffFocus} documentsDiff={kind === 'tender' && !earlier} {...(earlier ? { versionLabel: (v: number) => formatDateTime(new Date(v * 1000).toISOString(), locale) } : {})} />
          {kind === 'tender' && !earlier && <RelatedContracts tenderId={id} />}
        </>
      )}
    </section>
  );
}
