/**
 * The preview pane under a tender table: the key facts of the active row (the one last clicked or moved to
 * with the arrows), whole and with human labels, so an analyst can read a row the columns cut without opening
 * its card: name, customer, initial price, bidding deadline, status, law, region and notice number.
 */
import type { ReactNode } from 'react';
import type { TenderRow } from '../../src-main/contract/ipc';
import { formatDateTime, formatRub } from '../format/format';
import { useStrings, type Strings, useLocale } from '../i18n/i18n';
import { rowLawName, rowStage } from './tenderLabels';

const strings: Strings<{
  title: string;
  none: string;
  customer: string;
  price: string;
  deadline: string;
  status: string;
  law: string;
  region: string;
  number: string;
  inn: (inn: string) => string;
  open: string;
}> = {
  ru: {
    title: 'Выбранная закупка',
    none: 'Выберите строку щелчком или стрелками, чтобы увидеть главное о закупке.',
    customer: 'Заказчик',
    price: 'Начальная цена',
    deadline: 'Окончание подачи заявок',
    status: 'Статус',
    law: 'Закон',
    region: 'Регион',
    number: '№ извещения',
    inn: (inn) => `ИНН ${inn}`,
    open: 'Открыть карточку',
  },
  en: {
    title: 'Selected tender',
    none: 'Pick a row with a click or the arrows to see the tender’s key facts.',
    customer: 'Customer',
    price: 'Initial price',
    deadline: 'Bids until',
    status: 'Status',
    law: 'Law',
    region: 'Region',
    number: 'Notice no.',
    inn: (inn) => `INN ${inn}`,
    open: 'Open the card',
  },
};

export function TenderPreview({ row, onOpen, testId, extra }: { row: TenderRow | undefined; onOpen(row: TenderRow): void; testId: string; extra?: ReactNode }) {
  const s = useStrings(strings);
  const locale = useLocale();
  if (!row) {
    return (
      <section className="tp tp--empty muted" aria-label={s.title} data-testid={testId}>
        {s.none}
      </section>
    );
  }
  const stage = rowStage(row, locale);
  const fact = (key: string, label: string, value: ReactNode) => (
    <div className="tp__fact" data-fact={key}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    // The status code and raw deadline as data: a test names the stage from them with the clock it set.
    <section className="tp" aria-label={s.title} data-testid={testId} data-id={row.id} data-status={row.status ?? ''} data-end-date={row.endDate ?? ''} data-stage={stage.stage ?? ''}>
      <div className="tp__head">
        <h3 className="tp__name" data-testid={`${testId}-name`}>
          {row.name}
        </h3>
        <button type="button" className="btn--link" onClick={() => onOpen(row)}>
          {s.open}
        </button>
      </div>
      <dl className="tp__facts">
        {fact(
          'customer',
          s.customer,
          <>
            {row.customerName ?? '—'}
            {row.customerInn ? <span className="muted"> · {s.inn(row.customerInn)}</span> : null}
          </>,
        )}
        {fact('price', s.price, formatRub(row.price, locale))}
        {fact('deadline', s.deadline, formatDateTime(row.endDate, locale))}
        {fact('status', s.status, stage.name)}
        {fact('law', s.law, rowLawName(row, locale))}
        {fact('region', s.region, row.region ?? '—')}
        {fact('number', s.number, row.etpId ?? '—')}
      </dl>
      {extra}
    </section>
  );
}
