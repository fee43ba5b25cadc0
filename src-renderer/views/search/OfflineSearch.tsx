/**
 * Searching the cache: full-text over every tender held, with a few filters — no network, no charge, works
 * offline. The order is "newest" or "relevance" (the cache's index decides; columns are not re-sorted).
 */
import { useCallback, useMemo, useState } from 'react';
import type { Locale, MethodArgs } from '../../../src-main/contract/ipc';
import type { MarkFilter } from '../../../src-main/domain/marks';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { FilterSelect } from '../../components/MultiSelect';
import { useSearchShortcut } from '../../components/searchShortcut';
import { Field } from '../../components/Field';
import { TenderTable } from '../../components/TenderTable';
import { TokenInput } from '../../components/TokenInput';
import { formatInt } from '../../format/format';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { criteriaStrings, DateRangeFields, PriceFields, regionOptions, StatusChecks } from './CriteriaForm';
import { dateProblem, normalizeOkpd2, parseAmount, parseDate, type FieldErrors } from './queryBuilder';
import { type OfflineForm, useSearchStore, emptyOfflineForm } from './searchStore';

const strings: Strings<{
  text: string;
  textHint: string;
  order: string;
  newest: string;
  relevance: string;
  search: string;
  clear: string;
  free: string;
  count: (n: string) => string;
  estimate: (n: string) => string;
  intro: string;
  empty: string;
  number: string;
  date: string;
  dateOrder: string;
  priceOrder: string;
}> = {
  ru: {
    text: 'Что искать в кэше',
    textHint: 'Слова из названия, описания, заказчика; «компьютер*» — по началу слова.',
    order: 'Порядок',
    newest: 'Сначала новые',
    relevance: 'По релевантности',
    search: 'Искать в кэше',
    clear: 'Очистить',
    free: 'Бесплатно и без сети: ищем только среди уже полученных закупок.',
    count: (n) => `Найдено в кэше: ${n}`,
    estimate: (n) => `Найдено в кэше: около ${n}`,
    intro: 'Введите слова и нажмите «Искать в кэше».',
    empty: 'В кэше ничего не найдено',
    number: 'Введите число, например 1 500 000,50',
    date: 'Дата в виде дд.мм.гггг',
    dateOrder: 'Дата «с» позже даты «по»',
    priceOrder: 'Цена «от» больше цены «до»',
  },
  en: {
    text: 'What to find in the cache',
    textHint: 'Words of the name, description, customer; "komp*" matches word beginnings.',
    order: 'Order',
    newest: 'Newest first',
    relevance: 'By relevance',
    search: 'Search the cache',
    clear: 'Clear',
    free: 'Free and offline: searches only tenders already received.',
    count: (n) => `Found in the cache: ${n}`,
    estimate: (n) => `Found in the cache: about ${n}`,
    intro: 'Type words and press "Search the cache".',
    empty: 'Nothing found in the cache',
    number: 'Enter a number, e.g. 1500000.50',
    date: 'A date as dd.mm.yyyy',
    dateOrder: 'Date "from" is after date "to"',
    priceOrder: 'Price "from" is above price "to"',
  },
};

type OfflineArgs = MethodArgs<'search.offline'>;

/** Offline form → `search.offline` arguments (without paging), or field messages. */
function buildOffline(f: OfflineForm, s: (typeof strings)['ru'], locale: Locale): { ok: true; args: Omit<OfflineArgs, 'offset' | 'limit'> } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const args: Omit<OfflineArgs, 'offset' | 'limit'> = { text: f.text.trim(), order: f.order };
  const from = parseAmount(f.priceFrom);
  const to = parseAmount(f.priceTo);
  if (from === 'invalid' || to === 'invalid' || (from ?? 0) < 0 || (to ?? 0) < 0) errors.price = s.number;
  else if (from !== null && to !== null && from > to) errors.price = s.priceOrder;
  else if (from !== null || to !== null) args.price = { ...(from !== null ? { from } : {}), ...(to !== null ? { to } : {}) };
  for (const [key, arg, a, b] of [
    ['publishDate', 'publishDate', f.publishFrom, f.publishTo],
    ['endDate', 'endDate', f.endFrom, f.endTo],
  ] as const) {
    const pa = parseDate(a);
    const pb = parseDate(b);
    // The same message as the online form: «31.02.2026» is named as a day that does not exist, not as a format.
    if (pa === 'invalid' || pb === 'invalid') errors[key] = dateProblem(pa === 'invalid' ? a : b, locale) ?? s.date;
    else if (pa !== null && pb !== null && pa > pb) errors[key] = s.dateOrder;
    else if (pa !== null || pb !== null) args[arg] = { ...(pa !== null ? { from: pa } : {}), ...(pb !== null ? { to: pb } : {}) };
  }
  if (f.regions.length) args.regions = f.regions;
  const okpd2 = f.okpd2.map(normalizeOkpd2).filter((x) => x !== '');
  if (okpd2.length) args.okpd2 = okpd2;
  if (f.status.length) args.status = f.status;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, args };
}

export function OfflineSearch() {
  const s = useStrings(strings);
  // `/`: the cursor into what to search in the cache.
  useSearchShortcut(() => document.getElementById('offline-text')?.focus());
  const c = useStrings(criteriaStrings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const { offline, setOffline, offlineQuery, offlineErrors, set } = useSearchStore();
  const regions = useMemo(regionOptions, []);
  const [estimate, setEstimate] = useState(false);
  const [runCount, setRunCount] = useState(0);

  const submit = () => {
    const built = buildOffline(offline, strings[locale], locale);
    if (!built.ok) {
      set({ offlineErrors: built.errors });
      return;
    }
    set({ offlineErrors: {}, offlineQuery: { ...offline } });
    setRunCount((n) => n + 1);
  };

  const fetchPage = useCallback(
    async (offset: number, limit: number, _sort: unknown, marks: MarkFilter | undefined) => {
      if (!offlineQuery) return { rows: [], count: 0 };
      const built = buildOffline(offlineQuery, strings.ru, 'ru');
      if (!built.ok) return { rows: [], count: 0 };
      const r = await call('search.offline', { ...built.args, ...(marks ? { marks } : {}), offset, limit });
      setEstimate(r.countIsEstimate);
      return { rows: r.rows, count: r.count };
    },
    [offlineQuery],
  );

  return (
    <div className="search__offline">
      <p className="muted">{s.free}</p>
      <form
        className="search__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="search__grid">
          <Field id="offline-text" label={s.text} hint={s.textHint} wide>
            <input id="offline-text" type="search" value={offline.text} maxLength={1000} onChange={(e) => setOffline({ text: e.target.value })} />
          </Field>
          <div className="field">
            <span className="field__label">{c.regions}</span>
            <FilterSelect label={c.regions} testId="offline-regions" options={regions} values={offline.regions} onChange={(v) => setOffline({ regions: v })} />
          </div>
          <Field id="offline-okpd2" label={c.okpd2} hint={c.okpd2Hint}>
            <TokenInput id="offline-okpd2" label={c.okpd2} kind="codes" values={offline.okpd2} onChange={(okpd2) => setOffline({ okpd2 })} placeholder={locale === 'ru' ? 'например, 26.20' : 'e.g. 26.20'} />
          </Field>
          <PriceFields from={offline.priceFrom} to={offline.priceTo} error={offlineErrors.price} onChange={(priceFrom, priceTo) => setOffline({ priceFrom, priceTo })} />
          <DateRangeFields idPrefix="offline-publishDate" label={c.publish} from={offline.publishFrom} to={offline.publishTo} error={offlineErrors.publishDate} onChange={(publishFrom, publishTo) => setOffline({ publishFrom, publishTo })} />
          <DateRangeFields idPrefix="offline-endDate" label={c.end} from={offline.endFrom} to={offline.endTo} error={offlineErrors.endDate} onChange={(endFrom, endTo) => setOffline({ endFrom, endTo })} />
          <StatusChecks values={offline.status} onChange={(status) => setOffline({ status })} />
          <label className="field field--narrow">
            <span className="field__label">{s.order}</span>
            <select value={offline.order} onChange={(e) => setOffline({ order: e.target.value === 'relevance' ? 'relevance' : 'newest' })}>
              <option value="newest">{s.newest}</option>
              <option value="relevance">{s.relevance}</option>
            </select>
          </label>
        </div>
        <div className="search__actions">
          <button type="submit" className="btn--primary" data-testid="offline-search">
            {s.search}
          </button>
          <button
            type="button"
            className="btn--link"
            onClick={() => {
              setOffline(emptyOfflineForm());
              set({ offlineErrors: {} });
            }}
          >
            {s.clear}
          </button>
        </div>
      </form>
      {offlineQuery ? (
        <TenderTable
          testId="offline-results"
          fetchPage={fetchPage}
          markFilterable
          resetKey={`${JSON.stringify(offlineQuery)}#${runCount}#${epoch}`}
          sortable={false}
          back={{ view: 'search' }}
          emptyText={s.empty}
          countText={(n) => (estimate ? s.estimate(formatInt(n, locale)) : s.count(formatInt(n, locale)))}
          height={480}
        />
      ) : (
        <p className="muted">{s.intro}</p>
      )}
    </div>
  );
}
