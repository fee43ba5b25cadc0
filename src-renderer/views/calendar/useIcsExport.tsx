/**
 * The calendar's ICS export with the links to the notices. A VEVENT links to its notice only when
 * its tender's card is held (the card alone carries the address; none is built from a notice number), so the
 * export first asks the core which events lack one (`calendar.linkEstimate`, free). When some do, a dialog
 * offers to open those cards first, with the enrichment's cost preview (free for versions already paid for,
 * one unit per card at worst), or to export without the links; only «Открыть и выгрузить» sends the consent
 * (`openCards.confirmCost`, planned again by the core).
 */
import { useRef, useState } from 'react';
import type { CalendarScope } from '../../../src-main/domain/calendar';
import type { MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { Dialog } from '../../components/Dialog';
import { useFileExport } from '../../components/useFileExport';
import { formatInt } from '../../format/format';
import { count, NOUNS, useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { CALENDAR_EVENT_GENITIVE } from '../../../src-main/i18n/calendarText';
import { useAppStore } from '../../state/store';

type LinkEstimate = MethodResult<'calendar.linkEstimate'>;

const strings: Strings<{
  title: string;
  question: (events: string, cost: string, one: boolean) => string;
  cost: (units: string, time: string) => string;
  minutes: (n: string) => string;
  underMinute: string;
  open: string;
  skip: string;
  cancel: string;
  offline: string;
}> = {
  ru: {
    title: 'Ссылки на извещения',
    question: (events, cost) => `У ${events} нет ссылки на извещение: открыть карточки (бесплатно для уже оплаченных версий, стоимость ${cost})?`,
    cost: (units, time) => `не больше ${units}, если на сервере окажутся более новые версии; ${time}`,
    minutes: (n) => `около ${n} мин`,
    underMinute: 'меньше минуты',
    open: 'Открыть и выгрузить',
    skip: 'Выгрузить без ссылок',
    cancel: 'Отмена',
    offline: 'Нет связи с сервером: карточки сейчас не открыть, выгрузить можно без ссылок.',
  },
  en: {
    title: 'Links to the notices',
    // «1 event has», «2 events have».
    question: (events, cost, one) => `${events} ${one ? 'has' : 'have'} no link to the notice: open the cards (free for versions already paid for, cost ${cost})?`,
    cost: (units, time) => `at most ${units} if the server has newer versions; ${time}`,
    minutes: (n) => `about ${n} min`,
    underMinute: 'under a minute',
    open: 'Open and export',
    skip: 'Export without links',
    cancel: 'Cancel',
    offline: 'The server cannot be reached: the cards cannot be opened now; you can export without the links.',
  },
};

export function useIcsExport(scope: CalendarScope) {
  const s = useStrings(strings);
  const locale = useLocale();
  const online = useAppStore((st) => st.online);
  // Read by the export when it runs: set just before, so no render has to pass in between.
  const consent = useRef<{ confirmCost?: number } | undefined>(undefined);
  const ics = useFileExport(() => call('calendar.exportIcs', { scope, ...(consent.current ? { openCards: consent.current } : {}) }));
  const [links, setLinks] = useState<LinkEstimate | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const exportWith = (openCards: { confirmCost?: number } | undefined): void => {
    consent.current = openCards;
    setLinks(null);
    void ics.run();
  };
  const start = async (): Promise<void> => {
    ics.clear();
    setError(null);
    setAsking(true);
    try {
      const estimate = await call('calendar.linkEstimate', { scope });
      if (estimate.events === 0) exportWith(undefined);
      else setLinks(estimate);
    } catch (e) {
      setError(e);
    } finally {
      setAsking(false);
    }
  };

  const dialog = links && (
    <Dialog title={s.title} onClose={() => setLinks(null)} testId="calendar-links-dialog">
      <p data-testid="calendar-links-question" data-events={links.events} data-bound={links.estimate.spend.bound ?? ''}>
        {s.question(
          count(links.events, CALENDAR_EVENT_GENITIVE, locale),
          // A few cards take seconds: «меньше минуты» rather than a rounded-up «около 1 мин».
          s.cost(count(links.estimate.worstCase, NOUNS.unit, locale), links.estimate.minutes < 1 ? s.underMinute : s.minutes(formatInt(Math.round(links.estimate.minutes), locale))),
          links.events === 1,
        )}
      </p>
      {!online && <p className="muted">{s.offline}</p>}
      <div className="dialog__actions">
        <button type="button" onClick={() => setLinks(null)}>
          {s.cancel}
        </button>
        <button type="button" onClick={() => exportWith(undefined)} data-testid="calendar-links-skip">
          {s.skip}
        </button>
        <button
          type="button"
          className="btn--primary"
          disabled={!online}
          onClick={() => exportWith(links.estimate.spend.bound !== null ? { confirmCost: links.estimate.spend.bound } : {})}
          data-testid="calendar-links-open"
        >
          {s.open}
        </button>
      </div>
    </Dialog>
  );
  return { start, busy: asking || ics.busy, result: ics.result, error: error ?? ics.error, dialog };
}
