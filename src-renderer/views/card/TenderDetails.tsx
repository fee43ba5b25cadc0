/** The body of a tender card: overview, lots, positions, documents, customer. */
import type { ReactNode } from 'react';
import { displayText } from '../../../src-main/domain/displayText';
import { formatDateTime, formatRub } from '../../format/format';
import { useStrings, useLocale } from '../../i18n/i18n';
import { cardStrings } from './cardStrings';
import { arr, named, num, obj, str, type Json } from './cardFields';
import { TenderDocuments } from '../../components/documents/TenderDocuments';
import { ExternalLink, Fields, NotLoaded, Organization, Positions, Section, type LoadCard } from './CardParts';

/** `notLoaded`: the card was never opened (its stored object is shown), with how to load it; its parts then say so. */
/**
 * `documentsOf`: the tender whose documents the section lists with their states, download and opening (
 * the current generation's cache); without it (an earlier-generation profile) the card's links are listed.
 */
export function TenderDetails({
  card,
  page,
  onPage,
  notLoaded,
  documentsOf,
}: {
  card: Json;
  page: number;
  onPage(page: number): void;
  notLoaded?: { positions: boolean; documents: boolean; load: LoadCard };
  documentsOf?: number;
}) {
  const s = useStrings(cardStrings);
  const locale = useLocale();
  const lots = arr(card, 'lots');
  const documents = arr(card, 'documents');
  const okpd2 = arr(card, 'okpd2');
  const overview: [string, ReactNode][] = [
    [s.published, formatDateTime(str(card, 'publish_date'), locale)],
    [s.biddingOpens, formatDateTime(str(card, 'start_date'), locale)],
    [s.region, named(card, 'region')],
    [s.platform, named(card, 'platform')],
    [s.placement, named(card, 'placement_type')],
    [s.advance, num(card, 'advance') === null ? '—' : `${num(card, 'advance')} %`],
    [
      s.okpd2,
      okpd2.length === 0
        ? '—'
        : okpd2.map((o) => (
            <div key={str(o, 'code') ?? ''}>
              <code>{str(o, 'code')}</code> {str(o, 'name')}
            </div>
          )),
    ],
  ];
  if (str(card, 'source_url')) overview.push([s.sourcePage, <ExternalLink url={str(card, 'source_url')} testId="card-source-url">{str(card, 'source_url')}</ExternalLink>]);
  return (
    <>
      {str(card, 'description') && (
        <Section title={s.description} testId="card-description">
          <p className="card__description">{str(card, 'description')}</p>
        </Section>
      )}
      <Section title={s.tender} testId="card-overview">
        <Fields items={overview} />
      </Section>
      {lots.length > 0 && (
        <Section title={s.lots} testId="card-lots">
          <table className="card__table">
            <thead>
              <tr>
                <th>{s.lotNo}</th>
                <th>{s.lotTitle}</th>
                <th className="num">{s.price}</th>
              </tr>
            </thead>
            <tbody>
              {lots.map((l, i) => (
                <tr key={str(l, 'ordinal') ?? i} data-testid="card-lot">
                  <td>{str(l, 'ordinal')}</td>
                  <td>{str(l, 'title')}</td>
                  <td className="num">{formatRub(num(l, 'price'), locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}
      <Positions card={card} page={page} onPage={onPage} {...(notLoaded?.positions ? { notLoaded: notLoaded.load } : {})} />
      {documentsOf !== undefined && !notLoaded?.documents ? (
        <TenderDocuments tenderId={documentsOf} />
      ) : (
      <Section title={notLoaded?.documents ? `${s.documents} — ${s.notLoaded}` : s.documents} testId="card-documents">
        {notLoaded?.documents ? (
          <NotLoaded text={s.documentsNotLoaded} load={notLoaded.load} testId="card-documents-not-loaded" />
        ) : documents.length === 0 ? (
          <p>{s.noDocuments}</p>
        ) : (
          <ul className="card__docs">
            {documents.map((d, i) => (
              <li key={str(d, 'id') ?? i} data-testid="card-document">
                {/* A document's name is a file name from the server: no bidi override may turn «…gnp.exe» into «…exe.png». */}
                <ExternalLink url={str(d, 'url')}>{displayText(str(d, 'name') ?? str(d, 'url') ?? '')}</ExternalLink>
                {str(d, 'extension') && <span className="card__ext">{displayText(str(d, 'extension')!)}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>
      )}
      <Section title={s.organization} testId="card-organization">
        <Organization org={obj(card, 'organization')} role="customer" />
      </Section>
    </>
  );
}
