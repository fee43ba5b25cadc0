/**
 * Balance and ledger: both balances and today's usage (the last known figures when offline, said so), the
 * audit verdict first and large ("0 repeat charges, 0 unexplained" or the problems), spend per day and per
 * saved search as SVG bars, and every ledger row with its audit status in the virtual table.
 */
import { useCallback, useMemo, useState } from 'react';
import type { LedgerRowInfo, MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Dialog } from '../../components/Dialog';
import { CsvExportButton } from '../../components/CsvExportDialog';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { formatDateTime, formatInt } from '../../format/format';
import { count, NOUNS, useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { DayBars, SearchBars } from './SpendCharts';
import { TwinCharges } from '../../components/TwinCharges';
import { fillDays, moscowDay } from './spendChart';
import { useLedgerData } from './useLedgerData';

const strings: Strings<{
  title: string;
  refresh: string;
  balance: string;
  tenders: string;
  contracts: string;
  usageToday: string;
  units: (n: string) => string;
  updated: (at: string) => string;
  cached: (at: string) => string;
  audit: string;
  verdict: (repeat: number, unexplained: number) => string;
  verdictOk: string;
  verdictBad: string;
  checked: (rows: string, matched: string, at: string) => string;
  repeatLine: (kind: string, id: string, version: string, times: number) => string;
  unexplainedLine: (ids: string) => string;
  notUnderstoodLine: (at: string, ids: string) => string;
  notUnderstoodDetail: string;
  missingRequestLine: (requestId: string, balance: string, said: string, inLedger: string) => string;
  missingBalanceLine: (balance: string, seen: string, inLedger: string) => string;
  overLedgerLine: (balance: string, figure: 'period_total' | 'usage_today', value: string, inLedger: string) => string;
  vacuous: string;
  notPulled: string;
  seenLine: (tenders: string, contracts: string) => string;
  byRequest: (n: string) => string;
  spend: string;
  perDay: string;
  perSearch: string;
  days: (n: number) => string;
  cards: string;
  noSpend: string;
  ledger: string;
  rows: (n: string) => string;
  id: string;
  date: string;
  type: string;
  amount: string;
  object: string;
  version: string;
  search: string;
  requestId: string;
  support: string;
  details: string;
  supportOf: (row: string) => string;
  entry: string;
  filterId: string;
  close: string;
  status: string;
  matched: string;
  repeat: string;
  unexplained: string;
  empty: string;
  hint: string;
  tender: string;
  contract: string;
}> = {
  ru: {
    title: 'Баланс и расходы',
    refresh: 'Обновить',
    balance: 'Баланс',
    tenders: 'Закупки',
    contracts: 'Контракты',
    usageToday: 'Списано сегодня',
    units: (n) => `${n} ед.`,
    updated: (at) => `на ${at}`,
    cached: (at) => `сохранённые данные на ${at} — нет связи`,
    audit: 'Проверка списаний',
    verdict: (r, u) => `${count(r, NOUNS.repeatCharge, 'ru')}, ${count(u, NOUNS.unexplained, 'ru')}`,
    verdictOk: 'Ни одна версия не оплачена дважды, каждое списание объяснено полученной версией, все списания из ответов сервера есть в журнале.',
    verdictBad: 'Есть списания, которые нужно разобрать:',
    checked: (rows, m, at) => `Строк журнала: ${rows}, сопоставлено: ${m}. Проверено ${at}.`,
    repeatLine: (k, id, v, t) => `${k} ${id}, версия ${v}: списано ${count(t, NOUNS.time, 'ru')}`,
    unexplainedLine: (ids) => `Строки журнала без полученной версии: ${ids}`,
    notUnderstoodLine: (at, ids) => `Получено и оплачено, но не разобрано (ответ сохранён и будет разобран после обновления): ${at}. Строки журнала: ${ids}`,
    notUnderstoodDetail: 'Для поддержки',
    missingRequestLine: (req, b, said, inLedger) => `Нет в журнале: ответ ${req} (${b}) сообщил о списании ${said} ед., строк журнала с этим запросом: ${inLedger}`,
    missingBalanceLine: (b, seen, inLedger) => `Нет в журнале: ${b} — по ответам сервера списано ${seen} ед., строк журнала: ${inLedger}`,
    overLedgerLine: (b, f, value, inLedger) =>
      `Нет в журнале: ${b} — ${f === 'period_total' ? 'списано за период по ответам сервера' : 'списано сегодня по данным баланса'} ${value} ед., а строк журнала всего: ${inLedger}`,
    vacuous: 'Журнал списаний пуст, хотя списания были: проверять нечего, поэтому проверка не пройдена.',
    notPulled: 'Нет связи с сервером: списания из ответов не сверены с журналом, сохранённая копия журнала могла устареть.',
    seenLine: (t, c) => `По ответам сервера списано: закупки — ${t} ед., контракты — ${c} ед.`,
    byRequest: (n) => `Сопоставлено по номеру запроса (карточки без версии): ${n}`,
    spend: 'Расходы',
    perDay: 'По дням (МСК)',
    perSearch: 'По поискам и наборам контрактов',
    days: (n) => count(n, NOUNS.day, 'ru'),
    cards: 'карточки и прочее',
    noSpend: 'За период списаний нет.',
    ledger: 'Журнал списаний',
    rows: (n) => `Строк: ${n}`,
    id: '№',
    date: 'Когда',
    type: 'Баланс',
    amount: 'Ед.',
    object: 'Объект',
    version: 'Версия',
    search: 'Поиск',
    requestId: 'Запрос',
    support: 'Для поддержки',
    details: 'Детали…',
    supportOf: (row) => `Для поддержки: запись ${row}`,
    entry: 'Запись журнала',
    filterId: 'Фильтр',
    close: 'Закрыть',
    status: 'Проверка',
    matched: 'сопоставлено',
    repeat: 'повтор',
    unexplained: 'не объяснено',
    empty: 'Списаний пока нет',
    hint: 'Двойной щелчок или Enter — карточка объекта.',
    tender: 'Закупка',
    contract: 'Контракт',
  },
  en: {
    title: 'Balance & ledger',
    refresh: 'Refresh',
    balance: 'Balance',
    tenders: 'Tenders',
    contracts: 'Contracts',
    usageToday: 'Charged today',
    units: (n) => `${n} units`,
    updated: (at) => `as of ${at}`,
    cached: (at) => `saved figures as of ${at} — offline`,
    audit: 'Charge audit',
    verdict: (r, u) => `${count(r, NOUNS.repeatCharge, 'en')}, ${count(u, NOUNS.unexplained, 'en')}`,
    verdictOk: 'No version was paid for twice; every charge is explained by a version received; every charge responses showed is in the ledger.',
    verdictBad: 'Some charges need a look:',
    checked: (rows, m, at) => `Ledger rows: ${rows}, matched: ${m}. Checked ${at}.`,
    repeatLine: (k, id, v, t) => `${k} ${id}, version ${v}: charged ${count(t, NOUNS.time, 'en')}`,
    unexplainedLine: (ids) => `Ledger rows with no version received: ${ids}`,
    notUnderstoodLine: (at, ids) => `Delivered and paid but not understood (kept, read again after an update): ${at}. Ledger rows: ${ids}`,
    notUnderstoodDetail: 'For support',
    missingRequestLine: (req, b, said, inLedger) => `Missing from the ledger: response ${req} (${b}) said ${said} units charged, ledger rows of that request: ${inLedger}`,
    missingBalanceLine: (b, seen, inLedger) => `Missing from the ledger: ${b} — responses charged ${seen} units, ledger rows: ${inLedger}`,
    overLedgerLine: (b, f, value, inLedger) =>
      `Missing from the ledger: ${b} — ${f === 'period_total' ? 'charged in the period as responses said' : 'charged today as the balance says'} ${value} units, ledger rows in all: ${inLedger}`,
    vacuous: 'The ledger is empty although charges were made: nothing could be checked, so the audit fails.',
    notPulled: 'Offline: charges seen in responses were not compared with the ledger; its saved copy may be old.',
    seenLine: (t, c) => `Charged as responses said: tenders ${t} units, contracts ${c} units`,
    byRequest: (n) => `Matched by request id (cards without a version): ${n}`,
    spend: 'Spend',
    perDay: 'Per day (MSK)',
    perSearch: 'Per search and contract set',
    days: (n) => count(n, NOUNS.day, 'en'),
    cards: 'cards and other',
    noSpend: 'Nothing charged in this period.',
    ledger: 'Charge ledger',
    rows: (n) => `Rows: ${n}`,
    id: 'No.',
    date: 'When',
    type: 'Balance',
    amount: 'Units',
    object: 'Object',
    version: 'Version',
    search: 'Search',
    requestId: 'Request',
    support: 'For support',
    details: 'Details…',
    supportOf: (row) => `For support: entry ${row}`,
    entry: 'Ledger entry',
    filterId: 'Filter',
    close: 'Close',
    status: 'Audit',
    matched: 'matched',
    repeat: 'repeat',
    unexplained: 'unexplained',
    empty: 'No charges yet',
    hint: 'Double-click or Enter opens the object card.',
    tender: 'Tender',
    contract: 'Contract',
  },
};

const PERIODS = [7, 30, 90] as const;

export function LedgerView() {
  const s = useStrings(strings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const [days, setDays] = useState<number>(30);
  const { balance, paged, audit, spend, refresh } = useLedgerData(days);

  const [supportRow, setSupportRow] = useState<LedgerRowInfo | null>(null);
  const kindName = useCallback((r: LedgerRowInfo) => (r.balanceType === 'tenders' ? s.tender : s.contract), [s]);
  const columns = useMemo<Column<LedgerRowInfo>[]>(
    () => [
      // The time and the object whole at 1366 px; the technical ids (the entry's number, the API's request id)
      // wait in the chooser and in «Для поддержки», where support asks for them.
      { key: 'id', title: s.id, width: 70, whole: true, align: 'right', hiddenByDefault: true, render: (r) => String(r.id) },
      { key: 'createdAt', title: s.date, width: 184, whole: true, render: (r) => formatDateTime(r.createdAt, locale) },
      { key: 'type', title: s.type, width: 92, render: (r) => (r.balanceType === 'tenders' ? s.tenders : s.contracts) },
      { key: 'amount', title: s.amount, width: 52, whole: true, align: 'right', render: (r) => formatInt(r.amount, locale) },
      { key: 'object', title: s.object, width: 'minmax(260px, 4fr)', render: (r) => <span title={r.objectTitle ?? undefined}>{r.objectTitle ? `${kindName(r)} ${r.objectTitle}` : `${kindName(r)} ${r.objectId}`}</span> },
      { key: 'version', title: s.version, width: 76, whole: true, align: 'right', render: (r) => String(r.version) },
      { key: 'search', title: s.search, width: 'minmax(120px, 2fr)', render: (r) => <span title={r.filterId ?? undefined} data-testid="ledger-search-name">{r.searchName ?? s.cards}</span> },
      { key: 'requestId', title: s.requestId, width: 'minmax(120px, 1fr)', hiddenByDefault: true, render: (r) => <code title={r.requestId ?? ''}>{r.requestId ?? '—'}</code> },
      {
        key: 'audit',
        title: s.status,
        width: 120,
        render: (r) => (
          <span className={`badge audit audit--${r.audit}`} data-testid="ledger-audit-badge" data-audit={r.audit}>
            {s[r.audit]}
          </span>
        ),
      },
      {
        key: 'support',
        title: s.support,
        width: 112,
        render: (r) => (
          <button type="button" className="btn--link" tabIndex={-1} onClick={() => setSupportRow(r)} data-testid="ledger-support" aria-label={`${s.details} ${s.supportOf(String(r.id))}`} title={s.supportOf(String(r.id))}>
            {s.details}
          </button>
        ),
      },
    ],
    [s, locale, kindName],
  );

  const b = balance.data;
  const v = audit.data;
  const filledDays = useMemo(() => fillDays(spend.data?.byDay ?? [], days, moscowDay(new Date())), [spend.data, days]);

  return (
    <section className="view ledger" data-testid="view-ledger">
      <div className="ledger__titleRow">
        <h1>{s.title}</h1>
        <button type="button" onClick={refresh} data-testid="ledger-refresh">
          {s.refresh}
        </button>
        <CsvExportButton
          what="ledger"
          testId="ledger-export"
          sourceKey="ledger"
          loadColumns={() => call('ledger.exportColumns', {})}
          runExport={(columns, delimiter, excel, format) => call('ledger.export', { columns, delimiter, excel, format })}
        />
      </div>

      <TwinCharges />
      <div className="ledger__cards">
        <div className="ledger__card" data-testid="ledger-balance" data-from-cache={b?.fromCache ?? undefined}>
          <h2>{s.balance}</h2>
          <ErrorNotice error={balance.error} testId="ledger-balance-error" />
          {b && (
            <>
              <div className="ledger__figures">
                <div>
                  <div className="ledger__figure" data-testid="ledger-balance-tenders" data-value={b.balance.tenders}>
                    {formatInt(b.balance.tenders, locale)}
                  </div>
                  <div className="muted">{s.tenders}</div>
                </div>
                <div>
                  <div className="ledger__figure" data-testid="ledger-balance-contracts" data-value={b.balance.contracts}>
                    {formatInt(b.balance.contracts, locale)}
                  </div>
                  <div className="muted">{s.contracts}</div>
                </div>
              </div>
              <div data-testid="ledger-usage-today">
                {s.usageToday}: {s.tenders.toLowerCase()} {s.units(formatInt(b.usageToday.tenders, locale))}, {s.contracts.toLowerCase()} {s.units(formatInt(b.usageToday.contracts, locale))}
              </div>
              <div className={b.fromCache ? 'badge badge--queued' : 'muted'} data-testid={b.fromCache ? 'ledger-balance-cached' : 'ledger-balance-fresh'}>
                {b.fromCache ? s.cached(formatDateTime(b.fetchedAt ?? b.lastUpdated, locale)) : s.updated(formatDateTime(b.lastUpdated ?? b.fetchedAt, locale))}
              </div>
            </>
          )}
        </div>

        <div className={`ledger__card ledger__verdict${v ? (v.ok ? ' ledger__verdict--ok' : ' ledger__verdict--bad') : ''}`} data-testid="ledger-audit" data-ok={v?.ok} data-repeat={v?.repeatCharges.length} data-unexplained={v?.unexplained.length}>
          <h2>{s.audit}</h2>
          <ErrorNotice error={audit.error} testId="ledger-audit-error" />
          {v && <AuditVerdict verdict={v} strings={s} />}
        </div>
      </div>

      <div className="ledger__card">
        <div className="ledger__titleRow">
          <h2>{s.spend}</h2>
          <label>
            <select value={days} onChange={(e) => setDays(Number(e.target.value))} aria-label={s.spend} data-testid="ledger-days">
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {s.days(p)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorNotice error={spend.error} testId="ledger-spend-error" />
        <h3>{s.perDay}</h3>
        <DayBars days={filledDays} title={s.perDay} names={{ tenders: s.tenders, contracts: s.contracts }} />
        <h3>{s.perSearch}</h3>
        {/* Each filter by the core's one name (a deleted saved search's and a contract set's too). */}
        <SearchBars bySearch={spend.data?.bySearch ?? []} title={s.perSearch} unnamed={s.cards} empty={s.noSpend} />
      </div>

      <h2>{s.ledger}</h2>
      <ErrorNotice error={paged.error} testId="ledger-error" />
      <div data-testid="ledger-count" data-count={paged.count}>
        {s.rows(formatInt(paged.count, locale))}
      </div>
      <VirtualTable<LedgerRowInfo>
        testId="ledger-table"
        columns={columns}
        rowCount={paged.count}
        rowAt={paged.rowAt}
        onRange={paged.onRange}
        rowKey={(r) => r.id}
        onOpen={(r) => navigate({ view: 'card', kind: r.balanceType === 'tenders' ? 'tender' : 'contract', id: r.objectId, back: { view: 'ledger' } })}
        emptyText={s.empty}
        height={360}
      />
      <div className="muted">{s.hint}</div>
      {supportRow && (
        <Dialog title={s.supportOf(String(supportRow.id))} onClose={() => setSupportRow(null)} testId="ledger-support-dialog">
          <dl className="settings__dl">
            <dt>{s.requestId}</dt>
            <dd>
              <code data-testid="ledger-support-request">{supportRow.requestId ?? '—'}</code>
            </dd>
            <dt>{s.entry}</dt>
            <dd>{supportRow.id}</dd>
            <dt>{s.object}</dt>
            <dd>
              {kindName(supportRow)} {supportRow.objectId}, {s.version.toLowerCase()} {supportRow.version}
            </dd>
            <dt>{s.filterId}</dt>
            <dd>
              <code>{supportRow.filterId ?? '—'}</code>
            </dd>
          </dl>
          <div className="dialog__actions">
            <button type="button" onClick={() => setSupportRow(null)}>
              {s.close}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function AuditVerdict({ verdict: v, strings: s }: { verdict: MethodResult<'ledger.audit'>; strings: (typeof strings)['ru'] }) {
  const locale = useLocale();
  const n = (x: number) => formatInt(x, locale);
  const balanceName = (b: 'tenders' | 'contracts') => (b === 'tenders' ? s.tenders : s.contracts);
  return (
    <>
      <p className="ledger__verdictLine" data-testid="ledger-audit-verdict">
        {s.verdict(v.repeatCharges.length, v.unexplained.length)}
      </p>
      <p data-testid="ledger-audit-summary" data-vacuous={v.vacuous}>
        {v.vacuous ? s.vacuous : v.ok ? s.verdictOk : s.verdictBad}
      </p>
      {!v.ok && (
        <ul className="ledger__problems" data-testid="ledger-audit-problems">
          {v.repeatCharges.map((r) => (
            <li key={`${r.kind}-${r.id}-${r.version}`}>{s.repeatLine(r.kind === 'tender' ? s.tender : s.contract, String(r.id), String(r.version), r.times)}</li>
          ))}
          {v.unexplained.length > 0 && <li>{s.unexplainedLine(v.unexplained.slice(0, 50).join(', '))}</li>}
          {v.notUnderstood.map((q) => (
            <li key={`q-${q.quarantineId}`} data-testid="ledger-audit-not-understood">
              {s.notUnderstoodLine(formatDateTime(q.receivedAt, locale), q.ledgerIds.slice(0, 50).join(', '))}
              {/* The route and the parser's reason are technical (English): for support, folded away, not a sentence. */}
              <details className="notice__detail">
                <summary>{s.notUnderstoodDetail}</summary>
                <code>
                  {q.route} — {q.reason}
                </code>
              </details>
            </li>
          ))}
          {v.missingByRequest.slice(0, 20).map((m) => (
            <li key={`r-${m.requestId}`} data-testid="ledger-audit-missing">
              {s.missingRequestLine(m.requestId, balanceName(m.balanceType), n(m.said), n(m.inLedger))}
            </li>
          ))}
          {v.missingByBalance.map((m) => (
            <li key={`b-${m.balanceType}`} data-testid="ledger-audit-missing">
              {s.missingBalanceLine(balanceName(m.balanceType), n(m.seen), n(m.inLedger))}
            </li>
          ))}
          {v.overLedger.map((o) => (
            <li key={`o-${o.balanceType}-${o.figure}`} data-testid="ledger-audit-missing">
              {s.overLedgerLine(balanceName(o.balanceType), o.figure, n(o.value), n(o.inLedger))}
            </li>
          ))}
        </ul>
      )}
      {!v.ledgerPulled && <p className="muted" data-testid="ledger-audit-not-pulled">{s.notPulled}</p>}
      <p className="muted">{s.seenLine(n(v.seen.tenders), n(v.seen.contracts))}</p>
      {v.matchedByRequest > 0 && <p className="muted">{s.byRequest(n(v.matchedByRequest))}</p>}
      <p className="muted">{s.checked(n(v.rows), n(v.matched), formatDateTime(v.checkedAt, locale))}</p>
    </>
  );
}
