/**
 * The fields of the query builder: every criterion of QUERY (API reference 4.5), each with its inline
 * message. Edits go straight into the search store.
 */
import { typedAmount } from '../../components/amountInput';
import { useMemo } from 'react';
import { Field, fieldErrorId } from '../../components/Field';
import { CheckboxGroup, FilterSelect, type Option } from '../../components/MultiSelect';
import { TokenInput } from '../../components/TokenInput';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { PLACEMENT_TYPES, PLATFORMS, PURCHASE_TYPES, REGIONS, STATUSES } from '../../../src-main/i18n/dictionaries';
import type { FieldErrors, SearchForm, TenderStatus } from './queryBuilder';

export const criteriaStrings: Strings<{
  keywords: string;
  keywordsHint: string;
  minus: string;
  minusHint: string;
  regions: string;
  platforms: string;
  law: string;
  placement: string;
  okpd2: string;
  okpd2Hint: string;
  price: string;
  from: string;
  to: string;
  priceFrom: string;
  okpd2Example: string;
  innExample: string;
  keywordsExample: string;
  excludeExample: string;
  priceTo: string;
  publish: string;
  start: string;
  end: string;
  dateFrom: (what: string) => string;
  dateTo: (what: string) => string;
  datePlaceholder: string;
  customer: string;
  customerInn: string;
  customerInnHint: string;
  customerOgrn: string;
  customerName: string;
  status: string;
  ids: string;
  idsHint: string;
  more: string;
  moscow: string;
}> = {
  ru: {
    keywords: 'Ключевые слова',
    keywordsHint: 'Любое из слов или фраз (ИЛИ); фраза из нескольких слов ищется целиком. Enter — добавить.',
    minus: 'Минус-слова',
    minusHint: 'Закупки с этими словами не показывать.',
    regions: 'Регионы',
    platforms: 'Площадки',
    law: 'Закон',
    placement: 'Способ определения поставщика',
    okpd2: 'ОКПД2',
    okpd2Hint: 'Код или его начало: 26, 26.20, 26.20.11.110',
    price: 'Начальная цена, ₽',
    from: 'от',
    to: 'до',
    priceFrom: 'Цена от, ₽',
    okpd2Example: 'например, 26.20',
    innExample: 'например, 7830002293',
    keywordsExample: 'например, поставка компьютеров',
    excludeExample: 'например, ремонт',
    priceTo: 'Цена до, ₽',
    publish: 'Дата публикации',
    start: 'Начало подачи заявок',
    end: 'Окончание подачи заявок',
    dateFrom: (what) => `${what}: с`,
    dateTo: (what) => `${what}: по`,
    datePlaceholder: 'дд.мм.гггг',
    customer: 'Заказчик',
    customerInn: 'ИНН заказчика',
    customerInnHint: '10 или 12 цифр, можно несколько',
    customerOgrn: 'ОГРН заказчика',
    customerName: 'Название заказчика',
    status: 'Статус',
    ids: 'Номера закупок (внутренние)',
    idsHint: 'Через пробел или запятую',
    more: 'Ещё условия',
    moscow: 'Даты — по московскому времени, включительно.',
  },
  en: {
    keywords: 'Keywords',
    keywordsHint: 'Any of the words or phrases (OR); a phrase of several words is searched as a whole. Enter adds.',
    minus: 'Minus words',
    minusHint: 'Tenders with these words are left out.',
    regions: 'Regions',
    platforms: 'Platforms',
    law: 'Law',
    placement: 'Placement method',
    okpd2: 'OKPD2',
    okpd2Hint: 'A code or its beginning: 26, 26.20, 26.20.11.110',
    price: 'Initial price, RUB',
    from: 'from',
    to: 'to',
    priceFrom: 'Price from, RUB',
    okpd2Example: 'e.g. 26.20',
    innExample: 'e.g. 7830002293',
    keywordsExample: 'e.g. computer supply',
    excludeExample: 'e.g. repair',
    priceTo: 'Price to, RUB',
    publish: 'Published',
    start: 'Bidding starts',
    end: 'Bidding ends',
    dateFrom: (what) => `${what}: from`,
    dateTo: (what) => `${what}: to`,
    datePlaceholder: 'dd.mm.yyyy',
    customer: 'Customer',
    customerInn: 'Customer INN',
    customerInnHint: '10 or 12 digits, several allowed',
    customerOgrn: 'Customer OGRN',
    customerName: 'Customer name',
    status: 'Status',
    ids: 'Tender ids (internal)',
    idsHint: 'Separated by spaces or commas',
    more: 'More criteria',
    moscow: 'Dates are Moscow time, inclusive.',
  },
};

export function regionOptions(): Option[] {
  return REGIONS.map(([code, name]) => ({ value: code, label: name, code: String(code).padStart(2, '0') }));
}

function DateRangeFields({
  idPrefix,
  label,
  from,
  to,
  error,
  onChange,
}: {
  idPrefix: string;
  label: string;
  from: string;
  to: string;
  error?: string;
  onChange(from: string, to: string): void;
}) {
  const s = useStrings(criteriaStrings);
  return (
    <div className={`field field--range${error ? ' field--invalid' : ''}`} role="group" aria-label={label}>
      <span className="field__label">{label}</span>
      <div className="range">
        <input
          id={`${idPrefix}-from`}
          aria-label={s.dateFrom(label)}
          placeholder={s.datePlaceholder}
          inputMode="numeric"
          value={from}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(idPrefix) : undefined}
          onChange={(e) => onChange(e.currentTarget.value, to)}
        />
        <span>—</span>
        <input
          id={`${idPrefix}-to`}
          aria-label={s.dateTo(label)}
          placeholder={s.datePlaceholder}
          inputMode="numeric"
          value={to}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(idPrefix) : undefined}
          onChange={(e) => onChange(from, e.currentTarget.value)}
        />
      </div>
      {error ? (
        <div className="field__error" id={fieldErrorId(idPrefix)} data-testid={`${idPrefix}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function PriceFields({ from, to, error, onChange }: { from: string; to: string; error?: string; onChange(from: string, to: string): void }) {
  const s = useStrings(criteriaStrings);
  return (
    <div className={`field field--range${error ? ' field--invalid' : ''}`} role="group" aria-label={s.price}>
      <span className="field__label">{s.price}</span>
      <div className="range">
        <input
          aria-label={s.priceFrom}
          placeholder={s.from}
          inputMode="decimal"
          value={from}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId('price') : undefined}
          onChange={(e) => onChange(typedAmount(e.currentTarget), to)}
        />
        <span>—</span>
        <input
          aria-label={s.priceTo}
          placeholder={s.to}
          inputMode="decimal"
          value={to}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId('price') : undefined}
          onChange={(e) => onChange(from, typedAmount(e.currentTarget))}
        />
      </div>
      {error ? (
        <div className="field__error" id={fieldErrorId('price')} data-testid="price-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export { DateRangeFields };

export function StatusChecks({ values, onChange, error }: { values: TenderStatus[]; onChange(v: TenderStatus[]): void; error?: string }) {
  const s = useStrings(criteriaStrings);
  const locale = useLocale();
  return (
    <fieldset className={`checks checks--inline${error ? ' checks--invalid' : ''}`} data-testid="status">
      <legend>{s.status}</legend>
      {STATUSES.map((st) => (
        <label key={st.code} className="checks__item">
          <input type="checkbox" checked={values.includes(st.code)} onChange={(e) => onChange(e.target.checked ? [...values, st.code] : values.filter((v) => v !== st.code))} />
          {st[locale]}
        </label>
      ))}
      {error ? (
        <div className="field__error" data-testid="status-error">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

export function CriteriaForm({ form, errors, onChange }: { form: SearchForm; errors: FieldErrors; onChange(patch: Partial<SearchForm>): void }) {
  const s = useStrings(criteriaStrings);
  const locale = useLocale();
  const regions = useMemo(regionOptions, []);
  const laws = useMemo<Option[]>(() => PURCHASE_TYPES.map((p) => ({ value: p.id, label: p[locale] })), [locale]);
  const placements = useMemo<Option[]>(
    () => PLACEMENT_TYPES.map((p) => ({ value: p.id, label: p[locale], group: PURCHASE_TYPES.find((l) => l.id === p.law)?.[locale] })),
    [locale],
  );
  const platforms = useMemo<Option[]>(() => PLATFORMS.map((p) => ({ value: p.id, label: p[locale] })), [locale]);
  const moreCount =
    form.platforms.length + form.placementTypes.length + form.purchaseTypes.length + form.ids.length + (form.startFrom || form.startTo ? 1 : 0) + (form.customerOgrn ? 1 : 0);

  return (
    <div className="search__form" data-testid="criteria-form">
      <div className="search__grid">
        <Field id="keywords" label={s.keywords} error={errors.keywords} hint={s.keywordsHint}>
          <TokenInput
            id="keywords"
            testId="keywords"
            label={s.keywords}
            kind="phrases"
            values={form.keywords}
            onChange={(keywords) => onChange({ keywords })}
            placeholder={s.keywordsExample}
            invalid={!!errors.keywords}
            describedBy={errors.keywords ? fieldErrorId('keywords') : undefined}
          />
        </Field>
        <Field id="exceptionKeywords" label={s.minus} error={errors.exceptionKeywords} hint={s.minusHint}>
          <TokenInput
            id="exceptionKeywords"
            testId="exceptionKeywords"
            label={s.minus}
            kind="phrases"
            chipPrefix="−"
            values={form.exceptionKeywords}
            onChange={(exceptionKeywords) => onChange({ exceptionKeywords })}
            placeholder={s.excludeExample}
            invalid={!!errors.exceptionKeywords}
            describedBy={errors.exceptionKeywords ? fieldErrorId('exceptionKeywords') : undefined}
          />
        </Field>
        <div className="field">
          <span className="field__label">{s.regions}</span>
          <FilterSelect label={s.regions} testId="regions" options={regions} values={form.regions} onChange={(v) => onChange({ regions: v })} />
          {errors.regions ? <div className="field__error">{errors.regions}</div> : null}
        </div>
        <Field id="okpd2" label={s.okpd2} error={errors.okpd2} hint={s.okpd2Hint}>
          <TokenInput
            id="okpd2"
            testId="okpd2"
            label={s.okpd2}
            kind="codes"
            values={form.okpd2}
            onChange={(okpd2) => onChange({ okpd2 })}
            placeholder={s.okpd2Example}
            invalid={!!errors.okpd2}
            describedBy={errors.okpd2 ? fieldErrorId('okpd2') : undefined}
          />
        </Field>
        <PriceFields from={form.priceFrom} to={form.priceTo} error={errors.price} onChange={(priceFrom, priceTo) => onChange({ priceFrom, priceTo })} />
        <DateRangeFields idPrefix="publishDate" label={s.publish} from={form.publishFrom} to={form.publishTo} error={errors.publishDate} onChange={(publishFrom, publishTo) => onChange({ publishFrom, publishTo })} />
        <DateRangeFields idPrefix="endDate" label={s.end} from={form.endFrom} to={form.endTo} error={errors.endDate} onChange={(endFrom, endTo) => onChange({ endFrom, endTo })} />
        <Field id="customerInn" label={s.customerInn} error={errors.customerInn} hint={s.customerInnHint}>
          <TokenInput
            id="customerInn"
            testId="customerInn"
            label={s.customerInn}
            kind="codes"
            values={form.customerInn}
            onChange={(customerInn) => onChange({ customerInn })}
            placeholder={s.innExample}
            invalid={!!errors.customerInn}
            describedBy={errors.customerInn ? fieldErrorId('customerInn') : undefined}
          />
        </Field>
        <Field id="customerName" label={s.customerName} error={errors.customerName}>
          <input
            id="customerName"
            value={form.customerName}
            maxLength={300}
            aria-invalid={errors.customerName ? true : undefined}
            aria-describedby={errors.customerName ? fieldErrorId('customerName') : undefined}
            onChange={(e) => onChange({ customerName: e.target.value })}
          />
        </Field>
        <StatusChecks values={form.status} onChange={(status) => onChange({ status })} error={errors.status} />
      </div>
      <details className="search__more" open={moreCount > 0 || !!(errors.customerOgrn || errors.ids || errors.startDate) || undefined}>
        <summary>
          {s.more}
          {moreCount > 0 ? ` (${moreCount})` : ''}
        </summary>
        <div className="search__grid">
          <CheckboxGroup legend={s.law} testId="purchaseTypes" options={laws} values={form.purchaseTypes} onChange={(purchaseTypes) => onChange({ purchaseTypes })} />
          <CheckboxGroup legend={s.placement} testId="placementTypes" options={placements} values={form.placementTypes} onChange={(placementTypes) => onChange({ placementTypes })} />
          <CheckboxGroup legend={s.platforms} testId="platforms" options={platforms} values={form.platforms} onChange={(v) => onChange({ platforms: v })} />
          <DateRangeFields idPrefix="startDate" label={s.start} from={form.startFrom} to={form.startTo} error={errors.startDate} onChange={(startFrom, startTo) => onChange({ startFrom, startTo })} />
          <Field id="customerOgrn" label={s.customerOgrn} error={errors.customerOgrn}>
            <input
              id="customerOgrn"
              inputMode="numeric"
              value={form.customerOgrn}
              maxLength={20}
              aria-invalid={errors.customerOgrn ? true : undefined}
              aria-describedby={errors.customerOgrn ? fieldErrorId('customerOgrn') : undefined}
              onChange={(e) => onChange({ customerOgrn: e.target.value })}
            />
          </Field>
          <Field id="ids" label={s.ids} error={errors.ids} hint={s.idsHint}>
            <TokenInput id="ids" testId="ids" label={s.ids} kind="codes" values={form.ids} onChange={(ids) => onChange({ ids })} invalid={!!errors.ids} describedBy={errors.ids ? fieldErrorId('ids') : undefined} />
          </Field>
        </div>
      </details>
      <div className="field__hint">{s.moscow}</div>
    </div>
  );
}
