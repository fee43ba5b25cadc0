/**
 * «Разбор»: the undecided tenders of the saved searches (or of the whole cache), best first once
 * the model has enough labels, newest first until then. Keyboard-only triage: ↑ ↓ (J, K) move between rows,
 * one key marks the focused row interesting (Y, +) or not (N, −) as the explicit label (`marks.apply` with
 * `interest`), the row leaves and focus goes to the one that took its place; ? opens the reasons, Enter (O) the
 * card. Those keys are the command registry's (state/commands/registry.ts): this view provides its actions, so
 * the palette offers them too and a key and the palette run the same thing, on the focused row. A relevance
 * column, a reasons popover, the model's quality on held-out labels, and the filters (deadline not passed, law,
 * region). A followed search's delivery (`feed.updated`) re-ranks by itself
 * (feedRefresh.ts). Rules in triageLogic.ts, words in triageStrings.ts.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { modelSummaryText, relevanceText } from '../../../src-main/i18n/triageText';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDate, formatDateTime, formatInt } from '../../format/format';
import { lawName, useLocale, useStrings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { useProvideAction } from '../../state/commands/actions';
import { keysOf, titleWithKeys } from '../../state/commands/registry';
import { filterChoices, filteredRows, nextFocus, orderedRows, type TriageFilter, type TriageOrder, type TriageRow } from './triageLogic';
import { triageStrings } from './triageStrings';
import { useTriageRank } from './useTriageRank';
import './triage.css';

/** Rows asked for at once: every tender is ranked in the core; the view shows the best this many. */
const SHOWN = 500;

export function TriageView() {
  const s = useStrings(triageStrings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const [scope, setScope] = useState<'searches' | 'all'>('searches');
  const answer = useTriageRank(scope, SHOWN);
  const [filter, setFilter] = useState<TriageFilter>({ open: true, law: null, region: null });
  const [order, setOrder] = useState<TriageOrder | null>(null);
  const [focus, setFocus] = useState(0);
  const [why, setWhy] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  /** The focused row by its id: a re-rank arriving between the focus and a key must not hand the key to another row. */
  const focusedId = useRef<number | null>(null);
  const table = useRef<HTMLTableElement>(null);

  const model = answer.data?.model ?? null;
  const effectiveOrder: TriageOrder = order ?? (model?.ready ? 'relevance' : 'newest');
  const all = useMemo(() => (answer.data?.tenders ?? []).filter((t) => !gone.has(t.id)), [answer.data, gone]);
  const rows = useMemo(() => orderedRows(filteredRows(all, filter, Date.now()), effectiveOrder), [all, filter, effectiveOrder]);
  const choices = useMemo(() => filterChoices(all), [all]);

  useEffect(() => {
    if (focus >= rows.length && rows.length > 0) setFocus(rows.length - 1);
  }, [rows.length, focus]);

  const focusRow = (index: number): void => {
    setFocus(index);
    rowRefs.current[index]?.focus();
  };
  const openCard = (row: TriageRow): void => navigate({ view: 'card', kind: 'tender', id: row.id, back: { view: 'triage' } });

  async function decide(row: TriageRow, index: number, interesting: boolean): Promise<void> {
    setError(null);
    // The row leaves at once (the mark is local and free) and stays gone whatever answer of an earlier
    // ranking arrives after it; it comes back with the error if the mark is refused.
    setGone((g) => new Set(g).add(row.id));
    const next = nextFocus(index, rows.length);
    setWhy(null);
    if (next >= 0) requestAnimationFrame(() => focusRow(next));
    try {
      await call('marks.apply', { tender_ids: [row.id], interest: interesting });
    } catch (e) {
      setGone((g) => {
        const back = new Set(g);
        back.delete(row.id);
        return back;
      });
      setError(e);
    }
  }

  /** The row the registry's actions act on: the focused one (the last focused while the palette is open). */
  const current = (): { row: TriageRow; index: number } | null => {
    const byId = rows.findIndex((r) => r.id === focusedId.current);
    const index = byId >= 0 ? byId : Math.min(focus, rows.length - 1);
    const row = rows[index];
    return row === undefined ? null : { row, index };
  };
  const withCurrent = (act: (row: TriageRow, index: number) => void) => () => {
    const c = current();
    if (c) act(c.row, c.index);
  };
  const some = rows.length > 0;
  useProvideAction('triage.interesting', withCurrent((row, index) => void decide(row, index, true)), some);
  useProvideAction('triage.notInteresting', withCurrent((row, index) => void decide(row, index, false)), some);
  useProvideAction('triage.why', withCurrent((row) => setWhy((w) => (w === row.id ? null : row.id))), some);
  useProvideAction('row.open', withCurrent(openCard), some);
  // J/K as in every table: from outside the rows, first to the focused row.
  const inRows = (): boolean => table.current?.contains(document.activeElement) === true;
  useProvideAction('row.next', withCurrent((_, index) => focusRow(Math.min(rows.length - 1, inRows() ? index + 1 : index))), some);
  useProvideAction('row.previous', withCurrent((_, index) => focusRow(Math.max(0, inRows() ? index - 1 : index))), some);

  // The rows' own keys (the grid's arrows, Enter, Escape); the rest are the registry's, answered on the document.
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, row: TriageRow, index: number): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowDown' && index + 1 < rows.length) {
      event.preventDefault();
      focusRow(index + 1);
    } else if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      focusRow(index - 1);
    } else if (event.key === 'Enter') {
      openCard(row);
    } else if (event.key === 'Escape') {
      setWhy(null);
    }
  };

  const deadline = (end: string | null): string => (end === null ? '—' : end.length > 10 ? formatDateTime(end, locale) : formatDate(end, locale));

  return (
    <section className="view triage-view" data-testid="view-triage">
      <h1>{s.title}</h1>
      <p className="muted">{s.intro}</p>
      {model && (
        <p className="triage__model" data-testid="triage-model" data-ready={model.ready}>
          {modelSummaryText(model, locale)}
        </p>
      )}
      <div className="triage__toolbar">
        <label>
          {s.scope}{' '}
          <select value={scope} onChange={(e) => setScope(e.target.value as 'searches' | 'all')} data-testid="triage-scope">
            <option value="searches">{s.searches}</option>
            <option value="all">{s.all}</option>
          </select>
        </label>
        <label>
          {s.order}{' '}
          <select value={effectiveOrder} onChange={(e) => setOrder(e.target.value as TriageOrder)} data-testid="triage-order">
            <option value="relevance">{s.byRelevance}</option>
            <option value="newest">{s.newest}</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={filter.open} onChange={(e) => setFilter({ ...filter, open: e.target.checked })} data-testid="triage-open" /> {s.open}
        </label>
        <label>
          {s.law}{' '}
          <select value={filter.law ?? ''} onChange={(e) => setFilter({ ...filter, law: e.target.value === '' ? null : e.target.value })} data-testid="triage-law">
            <option value="">{s.any}</option>
            {choices.laws.map((l) => (
              <option key={l} value={l}>
                {lawName(l, locale)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {s.region}{' '}
          <select value={filter.region ?? ''} onChange={(e) => setFilter({ ...filter, region: e.target.value === '' ? null : Number(e.target.value) })} data-testid="triage-region">
            <option value="">{s.any}</option>
            {choices.regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        {answer.data && (
          <span className="muted" data-testid="triage-count" data-total={answer.data.total}>
            {s.shown(formatInt(rows.length, locale), formatInt(Math.max(rows.length, answer.data.total - (answer.data.tenders.length - all.length)), locale))}
          </span>
        )}
      </div>
      <p className="muted triage__keys">{s.keys(keysOf('triage.interesting'), keysOf('triage.notInteresting'), keysOf('triage.why'))}</p>
      <ErrorNotice error={error ?? answer.error} />
      {answer.data && rows.length === 0 && <p data-testid="triage-empty">{s.empty}</p>}
      {rows.length > 0 && (
        <table className="card__table triage__table" ref={table} data-testid="triage-table">
          <thead>
            <tr>
              <th scope="col">{s.relevance}</th>
              <th scope="col">{s.name}</th>
              <th scope="col">{s.region}</th>
              <th scope="col">{s.law}</th>
              <th scope="col">{s.deadline}</th>
              <th scope="col">
                <span className="visually-hidden">{s.interesting}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr
                key={row.id}
                ref={(el) => {
                  rowRefs.current[index] = el;
                }}
                tabIndex={index === focus ? 0 : -1}
                onFocus={() => {
                  setFocus(index);
                  focusedId.current = row.id;
                }}
                onKeyDown={(e) => onKey(e, row, index)}
                className={`triage__row${row.likely ? ' triage__row--likely' : ''}`}
                data-testid="triage-row"
                data-id={row.id}
                data-score={row.score}
              >
                <td className="triage__score">
                  {relevanceText(model?.ready ? row.score : null, locale)}
                  {row.likely && <span className="triage__likely">{s.likely}</span>}
                </td>
                <td>
                  <button type="button" className="linkish" tabIndex={-1} onClick={() => openCard(row)} data-testid="triage-open-card">
                    {row.name ?? `№ ${row.id}`}
                  </button>
                  {why === row.id && (
                    <div className="triage__why" role="dialog" aria-label={s.reasonsOf(row.name ?? String(row.id))} data-testid="triage-reasons">
                      {row.reasons.length === 0 ? (
                        <p>{s.noReasons}</p>
                      ) : (
                        <ul>
                          {row.reasons.map((r) => (
                            <li key={r}>{r}</li>
                          ))}
                        </ul>
                      )}
                    </div>
                  )}
                </td>
                <td>{row.region?.name ?? '—'}</td>
                <td>{row.law === null ? '—' : lawName(row.law, locale)}</td>
                <td>{deadline(row.end_date)}</td>
                <td className="triage__actions">
                  <button type="button" tabIndex={-1} aria-expanded={why === row.id} onClick={() => setWhy(why === row.id ? null : row.id)} title={titleWithKeys(s.reasonsOf(row.name ?? String(row.id)), 'triage.why')} data-testid="triage-why">
                    {s.why}
                  </button>
                  <button type="button" tabIndex={-1} onClick={() => void decide(row, index, true)} title={titleWithKeys(s.interesting, 'triage.interesting')} data-testid="triage-yes">
                    {s.interesting}
                  </button>
                  <button type="button" tabIndex={-1} onClick={() => void decide(row, index, false)} title={titleWithKeys(s.notInteresting, 'triage.notInteresting')} data-testid="triage-no">
                    {s.notInteresting}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
