/** Building blocks shared by the tender and the contract card: fields, organisations, positions, links. */
import { useState, type ReactNode } from 'react';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InnLink } from '../../components/InnLink';
import { formatInt, formatRub } from '../../format/format';
import { useStrings, useLocale } from '../../i18n/i18n';
import { cardStrings } from './cardStrings';
import { arr, isHttps, num, obj, str, type Json } from './cardFields';

export function Fields({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="card__fields" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="card__field">
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card__section" data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Opens an https link in the user's browser through the core (which refuses anything else). */
export function ExternalLink({ url, children, testId }: { url: string | null; children: ReactNode; testId?: string }) {
  const [error, setError] = useState<unknown>(null);
  if (!isHttps(url)) return <span>{children}</span>;
  return (
    <>
      <a
        href={url}
        data-testid={testId}
        onClick={(e) => {
          e.preventDefault();
          setError(null);
          call('app.openExternal', { url }).catch(setError);
        }}
      >
        {children}
      </a>
      <ErrorNotice error={error} testId={testId ? `${testId}-error` : undefined} />
    </>
  );
}

/** Name, INN (a link to the dossier when the organisation's role is known), KPP, OGRN, address and the contact person of an organisation. */
export function Organization({ org, testId, role }: { org: Json | null; testId?: string; role?: 'customer' | 'supplier' }) {
  const s = useStrings(cardStrings);
  if (org === null) return <p>—</p>;
  const admin = obj(org, 'administrator');
  const items: [string, ReactNode][] = [
    [s.inn, role ? <InnLink inn={str(org, 'inn')} kind={role} testId={`card-inn-${role}`} /> : str(org, 'inn')],
    [s.kpp, str(org, 'kpp')],
    [s.ogrn, str(org, 'ogrn')],
  ];
  if (str(org, 'address')) items.push([s.address, str(org, 'address')]);
  if (admin) {
    items.push([s.contact, str(admin, 'name')]);
    const phone = str(admin, 'phone');
    const email = str(admin, 'email');
    if (phone) items.push([s.phone, phone]);
    if (email) items.push([s.email, email]);
  }
  return (
    <div className="card__org" data-testid={testId}>
      <div className="card__orgName">{str(org, 'name') ?? '—'}</div>
      <Fields items={items} />
    </div>
  );
}

/**
 * What a card never opened lacks, said plainly («Позиции (188)» over an empty table read as «none»):
 * the part is not loaded, and how to load it — online a button that opens the card (free for this version),
 * offline when to do so.
 */
export function NotLoaded({ text, load, testId }: { text: string; load: LoadCard; testId: string }) {
  const s = useStrings(cardStrings);
  return (
    <div className="card__notLoaded" data-testid={testId} data-online={load.online}>
      <p>{text}</p>
      <p className="card__muted">
        {load.online ? s.loadOnline : s.loadOffline}{' '}
        {load.online && (
          <button type="button" onClick={load.reload} data-testid={`${testId}-load`}>
            {s.loadCard}
          </button>
        )}
      </p>
    </div>
  );
}

/** How a card never opened can be loaded: whether the server can be reached, and opening it again. */
export type LoadCard = { online: boolean; reload(): void };

/** One page of positions (the card is delivered a page at a time) and the pager that asks for another. */
export function Positions({ card, page, onPage, notLoaded }: { card: Json; page: number; onPage(page: number): void; notLoaded?: LoadCard }) {
  const s = useStrings(cardStrings);
  const locale = useLocale();
  const positions = arr(card, 'positions');
  const total = num(card, 'positions_total') ?? positions.length;
  const pages = Math.max(1, num(card, 'positions_pages') ?? 1);
  if (notLoaded) {
    const count = num(card, 'positions_total');
    return (
      <Section title={count === null ? `${s.positions('—')} — ${s.notLoaded}` : `${s.positions(formatInt(count, locale))} — ${s.notLoaded}`} testId="card-positions">
        <NotLoaded text={s.positionsNotLoaded} load={notLoaded} testId="card-positions-not-loaded" />
      </Section>
    );
  }
  return (
    <Section title={s.positions(formatInt(total, locale))} testId="card-positions">
      <table className="card__table">
        <thead>
          <tr>
            <th>{s.pos}</th>
            <th>{s.posName}</th>
            <th>{s.code}</th>
            <th className="num">{s.qty}</th>
            <th>{s.unit}</th>
            <th className="num">{s.unitPrice}</th>
            <th className="num">{s.amount}</th>
          </tr>
        </thead>
        <tbody>
          {positions.map((p, i) => (
            <tr key={`${str(p, 'lot_ordinal') ?? ''}-${str(p, 'position_ordinal') ?? i}`} data-testid="card-position">
              <td>{str(p, 'position_ordinal') ?? i + 1}</td>
              <td>
                <div>{str(p, 'title') ?? '—'}</div>
                {str(p, 'characteristics') && <div className="card__muted">{str(p, 'characteristics')}</div>}
              </td>
              <td>
                <div title={str(p, 'okpd2_name') ?? undefined}>{str(p, 'okpd2_code') ?? '—'}</div>
                {str(p, 'ktru_code') && (
                  <div className="card__muted" title={str(p, 'ktru_name') ?? undefined}>
                    {str(p, 'ktru_code')}
                  </div>
                )}
              </td>
              <td className="num">{num(p, 'quantity') === null ? '—' : new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB').format(num(p, 'quantity')!)}</td>
              <td>{str(p, 'unit') ?? '—'}</td>
              <td className="num">{formatRub(num(p, 'price'), locale)}</td>
              <td className="num">{formatRub(num(p, 'amount'), locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <div className="card__pager" data-testid="card-positions-pager">
          <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="card-positions-prev">
            {s.prev}
          </button>
          <span>{s.page(formatInt(page, locale), formatInt(pages, locale))}</span>
          <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="card-positions-next">
            {s.next}
          </button>
        </div>
      )}
    </Section>
  );
}
