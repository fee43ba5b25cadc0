/**
 * Balance of an earlier-generation profile: the three balances, the three daily limits as gauges (new
 * tenders, contracts and protocols received today against 1000/100/50), when they reset (00:00 Moscow
 * time), the license, and the balance history (debits per tender received, credits from the account
 * manager), page by page. When offline, the last known figures are shown and said to be so.
 */
import { useMemo } from 'react';
import type { EarlierBalance } from '../../../src-main/contract/ipc';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TwinCharges } from '../../components/TwinCharges';
import { useLimitsData } from './useEarlierData';
import { formatDateTime, formatInt } from '../../format/format';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { Pager, usePaging } from './EarlierTenderTable';

type LimitKind = keyof EarlierBalance['limits'];

const strings: Strings<{
  title: string;
  refresh: string;
  balance: string;
  tenders: string;
  contracts: string;
  protocols: string;
  limits: string;
  gauge: (current: string, limit: string, remaining: string) => string;
  resetAt: (at: string) => string;
  blocked: (at: string) => string;
  license: string;
  licenseActive: (end: string) => string;
  licenseExpired: (end: string) => string;
  fromCache: (at: string) => string;
  updated: (at: string) => string;
  history: string;
  date: string;
  type: string;
  amount: string;
  balanceType: string;
  description: string;
  entity: string;
  filter: string;
  /** A history row's filter that the filter list (cached or fresh) does not hold. */
  unknownFilter: string;
  debit: string;
  credit: string;
  noHistory: string;
  tender: string;
  contract: string;
  protocol: string;
}> = {
  ru: {
    title: 'Баланс и лимиты',
    refresh: 'Обновить',
    balance: 'Баланс, ед.',
    tenders: 'Закупки',
    contracts: 'Контракты',
    protocols: 'Протоколы',
    limits: 'Дневные лимиты новых объектов',
    gauge: (c, l, r) => `${c} из ${l}, осталось ${r}`,
    resetAt: (at) => `Лимиты обнуляются каждый день в 00:00 по Москве; следующий сброс — ${at}.`,
    blocked: (at) => `Дневной лимит закупок исчерпан: новые закупки можно будет получить после ${at}. Уже полученные доступны.`,
    license: 'Лицензия',
    licenseActive: (end) => `действует до ${end}`,
    licenseExpired: (end) => `не действует (закончилась ${end}): продлите её через менеджера; баланс и история доступны`,
    fromCache: (at) => `Нет связи: показаны данные на ${at}.`,
    updated: (at) => `на ${at}`,
    history: 'История операций',
    date: 'Дата',
    type: 'Операция',
    amount: 'Сумма',
    balanceType: 'Баланс',
    description: 'Описание',
    entity: 'Объект',
    filter: 'Фильтр',
    unknownFilter: 'нет в списке фильтров',
    debit: 'списание',
    credit: 'пополнение',
    noHistory: 'Операций пока нет.',
    tender: 'закупка',
    contract: 'контракт',
    protocol: 'протокол',
  },
  en: {
    title: 'Balance & limits',
    refresh: 'Refresh',
    balance: 'Balance, units',
    tenders: 'Tenders',
    contracts: 'Contracts',
    protocols: 'Protocols',
    limits: 'Daily limits of new objects',
    gauge: (c, l, r) => `${c} of ${l}, ${r} left`,
    resetAt: (at) => `Limits reset every day at 00:00 Moscow time; next reset ${at}.`,
    blocked: (at) => `The daily limit of tenders is used up: new tenders can be received after ${at}. Those received stay available.`,
    license: 'License',
    licenseActive: (end) => `active until ${end}`,
    licenseExpired: (end) => `not active (ended ${end}): renew it through your account manager; balance and history stay available`,
    fromCache: (at) => `Offline: showing the figures of ${at}.`,
    updated: (at) => `as of ${at}`,
    history: 'Transactions',
    date: 'Date',
    type: 'Type',
    amount: 'Amount',
    balanceType: 'Balance',
    description: 'Description',
    entity: 'Object',
    filter: 'Filter',
    unknownFilter: 'not among the filters',
    debit: 'debit',
    credit: 'credit',
    noHistory: 'No transactions yet.',
    tender: 'tender',
    contract: 'contract',
    protocol: 'protocol',
  },
};

const KINDS: LimitKind[] = ['tenders', 'contracts', 'protocols'];

export function LimitsView() {
  const s = useStrings(strings);
  const locale = useLocale();
  const { page, pageSize, setPage, setPageSize } = usePaging();
  const { balance, history, filters, refresh } = useLimitsData(page, pageSize);
  const filterName = useMemo(() => new Map((filters.data?.filters ?? []).map((f) => [f.id, f.name])), [filters.data]);
  const b = balance.data;

  return (
    <section className="view ledger" data-testid="view-limits">
      <div className="ledger__titleRow">
        <h1>{s.title}</h1>
        <button type="button" onClick={refresh} data-testid="limits-refresh">
          {s.refresh}
        </button>
      </div>
      <ErrorNotice error={balance.error} testId="limits-error" />
      <TwinCharges />
      {b?.fromCache && (
        <p className="banner banner--offline" role="status" data-testid="limits-from-cache">
          {s.fromCache(formatDateTime(b.fetchedAt, locale))}
        </p>
      )}
      {b && (
        <div className="ledger__cards">
          <div className="ledger__card" data-testid="limits-balance">
            <h2>{s.balance}</h2>
            <div className="ledger__figures">
              {KINDS.map((k) => (
                <div key={k}>
                  <div className="ledger__figure" data-testid={`limits-balance-${k}`} data-value={b.balance[k]}>
                    {formatInt(b.balance[k], locale)}
                  </div>
                  <div className="muted">{s[k]}</div>
                </div>
              ))}
            </div>
            <div className="muted">{s.updated(formatDateTime(b.lastUpdated ?? b.fetchedAt, locale))}</div>
            <h3>{s.license}</h3>
            <p data-testid="limits-license" data-active={b.license.active}>
              <span className={`badge ${b.license.active ? 'badge--live' : 'badge--updated'}`}>{b.license.active ? '✓' : '!'}</span>{' '}
              {b.license.active ? s.licenseActive(formatDateTime(b.license.endDate, locale)) : s.licenseExpired(formatDateTime(b.license.endDate, locale))}
            </p>
          </div>
          <div className="ledger__card" data-testid="limits-daily">
            <h2>{s.limits}</h2>
            {KINDS.map((k) => {
              const l = b.limits[k];
              return (
                <div key={k} className="limits__gauge" data-testid={`limits-gauge-${k}`} data-current={l.current} data-limit={l.limit} data-remaining={l.remaining}>
                  <div>
                    <strong>{s[k]}</strong> <span className="muted">{s.gauge(formatInt(l.current, locale), formatInt(l.limit, locale), formatInt(l.remaining, locale))}</span>
                  </div>
                  <meter min={0} max={Math.max(1, l.limit)} low={l.limit * 0.7} high={l.limit * 0.9} optimum={0} value={l.current} aria-label={s[k]} />
                </div>
              );
            })}
            <p className="muted" data-testid="limits-reset" data-reset-at={b.nextResetAt}>
              {s.resetAt(formatDateTime(b.nextResetAt, locale))}
            </p>
            {b.blockedUntil && (
              <p className="banner banner--offline" role="alert" data-testid="limits-blocked">
                {s.blocked(formatDateTime(b.blockedUntil, locale))}
              </p>
            )}
          </div>
        </div>
      )}
      <div className="ledger__card" data-testid="limits-history">
        <h2>{s.history}</h2>
        <ErrorNotice error={history.error} testId="limits-history-error" />
        {history.data && history.data.rows.length === 0 && <p>{s.noHistory}</p>}
        {history.data && history.data.rows.length > 0 && (
          <>
            <table className="card__table" data-testid="limits-history-table">
              <thead>
                <tr>
                  <th>{s.date}</th>
                  <th>{s.type}</th>
                  <th className="num">{s.amount}</th>
                  <th>{s.balanceType}</th>
                  <th>{s.description}</th>
                  <th>{s.entity}</th>
                  <th>{s.filter}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.rows.map((t) => (
                  <tr key={t.id} data-testid="limits-history-row" data-type={t.type} data-amount={t.amount}>
                    <td>{formatDateTime(t.createdAt, locale)}</td>
                    <td>{t.type === 'debit' ? s.debit : s.credit}</td>
                    <td className="num">{t.amount > 0 ? `+${formatInt(t.amount, locale)}` : formatInt(t.amount, locale)}</td>
                    <td>{t.balanceType === 'tenders' ? s.tenders : t.balanceType === 'contracts' ? s.contracts : t.balanceType === 'protocols' ? s.protocols : t.balanceType}</td>
                    <td>{t.description}</td>
                    <td>{t.entityId === null ? '—' : `${t.entityType === 'tender' ? s.tender : t.entityType === 'contract' ? s.contract : t.entityType === 'protocol' ? s.protocol : (t.entityType ?? '')} ${t.entityId}`}</td>
                    <td data-testid="limits-history-filter">{t.filterId === null ? '—' : (filterName.get(t.filterId) ?? (filters.data ? s.unknownFilter : ''))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={history.data.page}
              pages={history.data.pages}
              pageSize={pageSize}
              onPage={setPage}
              onPageSize={setPageSize}
              testId="limits-history-pager"
            />
          </>
        )}
      </div>
    </section>
  );
}
