/**
 * A readable difference between two delivered versions of a tender or a contract, as an analyst reads it:
 * "Начальная цена: 1 200 000,00 ₽ → 1 150 000,00 ₽", "Лот № 2 добавлен", "Документ «Проект контракта» удалён".
 *
 * Pure: the two objects as the API delivered them (unknown fields kept) in, a list of changes out, with
 * values already formatted for the locale (money in rubles, dates in Moscow time). Bookkeeping that changes
 * with every version (`version`, `update_date`, `updated_at`, `billed`, `request_id`, the positions pager)
 * is left out. A section that only one of the two deliveries carries (a feed item has no lots or documents;
 * a card does) is not a change: it is reported in `notCompared` instead.
 */
import type { Locale } from '../../src-main/contract/ipc';
import { contractStageOf } from '../../src-main/domain/contractStage';
import { contractLaw, tenderLaw } from '../../src-main/domain/laws';
import { tenderStatusCode } from '../../src-main/domain/tenderStage';
import { formatDate, formatDateTime, formatInt, formatRub } from '../format/format';
import { contractStageName, lawName, tenderStageName } from '../i18n/i18n';

export type DiffEntry =
  | { kind: 'changed'; path: string; label: string; before: string; after: string; /** Which version did not carry the field. */ absent?: 'before' | 'after' }
  | { kind: 'added' | 'removed'; path: string; label: string; item: string };

export interface VersionDiff {
  entries: DiffEntry[];
  /** Labels of sections only one of the two versions carries, so they could not be compared. */
  notCompared: string[];
}

type Json = Record<string, unknown>;

/** Fields that change with every version or every delivery and say nothing about the procurement. */
const NOISE = new Set(['version', 'update_date', 'updated_at', 'billed', 'request_id', 'positions_page', 'positions_page_size', 'positions_pages']);
const MONEY = new Set(['price', 'amount', 'paid', 'max_price', 'start_price']);

const LABELS: Record<string, { ru: string; en: string }> = {
  name: { ru: 'Наименование', en: 'Name' },
  description: { ru: 'Описание', en: 'Description' },
  etp_id: { ru: 'Номер извещения', en: 'Notice number' },
  law: { ru: 'Закон', en: 'Law' },
  purchase_type: { ru: 'Тип закупки', en: 'Purchase type' },
  placement_type: { ru: 'Способ размещения', en: 'Placement method' },
  platform: { ru: 'Площадка', en: 'Platform' },
  region: { ru: 'Регион', en: 'Region' },
  status: { ru: 'Статус', en: 'Status' },
  price: { ru: 'Цена', en: 'Price' },
  currency: { ru: 'Валюта', en: 'Currency' },
  publish_date: { ru: 'Дата публикации', en: 'Published' },
  start_date: { ru: 'Начало подачи заявок', en: 'Bidding opens' },
  end_date: { ru: 'Окончание подачи заявок', en: 'Bidding deadline' },
  end_date_computed: { ru: 'Срок вычислен', en: 'Deadline computed' },
  okpd2: { ru: 'ОКПД2', en: 'OKPD2' },
  organization: { ru: 'Заказчик', en: 'Customer' },
  'organization.name': { ru: 'Заказчик', en: 'Customer' },
  'organization.inn': { ru: 'ИНН заказчика', en: 'Customer INN' },
  'organization.kpp': { ru: 'КПП заказчика', en: 'Customer KPP' },
  'organization.ogrn': { ru: 'ОГРН заказчика', en: 'Customer OGRN' },
  'organization.address': { ru: 'Адрес заказчика', en: 'Customer address' },
  'organization.administrator': { ru: 'Контактное лицо заказчика', en: 'Customer contact' },
  'organization.administrator.name': { ru: 'Контактное лицо', en: 'Contact person' },
  'organization.administrator.phone': { ru: 'Телефон', en: 'Phone' },
  'organization.administrator.email': { ru: 'Эл. почта', en: 'Email' },
  lots_count: { ru: 'Число лотов', en: 'Lots' },
  positions_total: { ru: 'Число позиций', en: 'Positions' },
  advance: { ru: 'Аванс, %', en: 'Advance, %' },
  source_url: { ru: 'Страница источника', en: 'Source page' },
  lots: { ru: 'Лоты', en: 'Lots' },
  'lots.title': { ru: 'Название лота', en: 'Lot title' },
  'lots.price': { ru: 'Цена лота', en: 'Lot price' },
  positions: { ru: 'Позиции', en: 'Positions' },
  'positions.title': { ru: 'Наименование позиции', en: 'Position name' },
  'positions.quantity': { ru: 'Количество', en: 'Quantity' },
  'positions.unit': { ru: 'Единица', en: 'Unit' },
  'positions.price': { ru: 'Цена за единицу', en: 'Unit price' },
  'positions.amount': { ru: 'Стоимость позиции', en: 'Position amount' },
  'positions.characteristics': { ru: 'Характеристики', en: 'Characteristics' },
  documents: { ru: 'Документы', en: 'Documents' },
  'documents.name': { ru: 'Название документа', en: 'Document name' },
  'documents.url': { ru: 'Ссылка на документ', en: 'Document link' },
  contract_ids: { ru: 'Контракты', en: 'Contracts' },
  reestr_number: { ru: 'Реестровый номер', en: 'Registry number' },
  tender_id: { ru: 'Закупка', en: 'Tender' },
  tender_etp_id: { ru: 'Номер извещения', en: 'Notice number' },
  customer: { ru: 'Заказчик', en: 'Customer' },
  'customer.name': { ru: 'Заказчик', en: 'Customer' },
  'customer.inn': { ru: 'ИНН заказчика', en: 'Customer INN' },
  suppliers: { ru: 'Поставщики', en: 'Suppliers' },
  'suppliers.name': { ru: 'Поставщик', en: 'Supplier' },
  'suppliers.address': { ru: 'Адрес поставщика', en: 'Supplier address' },
  sign_date: { ru: 'Дата заключения', en: 'Signed' },
  execution: { ru: 'Исполнение', en: 'Execution' },
  'execution.stage': { ru: 'Стадия исполнения', en: 'Execution stage' },
  'execution.paid': { ru: 'Оплачено', en: 'Paid' },
  'execution.end_date': { ru: 'Окончание исполнения', en: 'Execution ends' },
  'execution.stages': { ru: 'Этапы', en: 'Stages' },
  'execution.stages.planned_date': { ru: 'Плановая дата этапа', en: 'Stage planned date' },
  'execution.stages.amount': { ru: 'Сумма этапа', en: 'Stage amount' },
  'execution.stages.paid': { ru: 'Оплачено по этапу', en: 'Stage paid' },
};

/** How items of a list inside the object are told apart across versions, by the list's path. */
const ITEM_KEYS: Record<string, (item: Json) => string | null> = {
  lots: (i) => keyOf(i.ordinal),
  positions: (i) => (i.position_ordinal === undefined ? null : `${keyOf(i.lot_ordinal) ?? '-'}.${keyOf(i.position_ordinal)}`),
  documents: (i) => keyOf(i.id) ?? keyOf(i.url),
  okpd2: (i) => keyOf(i.code),
  suppliers: (i) => keyOf(i.inn) ?? keyOf(i.name),
  'execution.stages': (i) => keyOf(i.ordinal),
};

const ITEM_WORDS: Record<string, { ru: string; en: string }> = {
  lots: { ru: 'Лот', en: 'Lot' },
  positions: { ru: 'Позиция', en: 'Position' },
  documents: { ru: 'Документ', en: 'Document' },
  okpd2: { ru: 'ОКПД2', en: 'OKPD2' },
  suppliers: { ru: 'Поставщик', en: 'Supplier' },
  'execution.stages': { ru: 'Этап', en: 'Stage' },
  contract_ids: { ru: 'Контракт', en: 'Contract' },
};

function keyOf(v: unknown): string | null {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});

/** `status`, `region`, `platform`…: a dictionary reference read by its name. */
function isNamedRef(v: unknown): v is Json & { name: unknown } {
  return isObject(v) && 'name' in v && ('id' in v || 'code' in v) && Object.values(v).every((x) => !isObject(x) && !Array.isArray(x));
}

/** A path without item keys, e.g. `lots[2].price` → `lots.price`, for labels and item rules. */
function shape(path: string): string {
  return path.replace(/\[[^\]]*\]/g, '');
}

function lastKey(path: string): string {
  const s = shape(path);
  return s.slice(s.lastIndexOf('.') + 1);
}

/** Names of fields met inside many objects, for a path no label names whole (never the raw key on screen). */
const LEAF_LABELS: Record<string, { ru: string; en: string }> = {
  name: { ru: 'наименование', en: 'name' },
  title: { ru: 'название', en: 'title' },
  address: { ru: 'адрес', en: 'address' },
  phone: { ru: 'телефон', en: 'phone' },
  email: { ru: 'эл. почта', en: 'email' },
  inn: { ru: 'ИНН', en: 'INN' },
  kpp: { ru: 'КПП', en: 'KPP' },
  ogrn: { ru: 'ОГРН', en: 'OGRN' },
  code: { ru: 'код', en: 'code' },
  url: { ru: 'ссылка', en: 'link' },
  price: { ru: 'цена', en: 'price' },
  amount: { ru: 'сумма', en: 'amount' },
  date: { ru: 'дата', en: 'date' },
  administrator: { ru: 'контактное лицо', en: 'contact' },
  contact: { ru: 'контакт', en: 'contact' },
  description: { ru: 'описание', en: 'description' },
  id: { ru: 'номер', en: 'number' },
};

/**
 * A field's name for the analyst: the label of its path, else the label of the nearest named parent with the
 * rest in words («Заказчик: контактное лицо»). A raw key never reaches the screen.
 */
export function labelOf(path: string, locale: Locale): string {
  const s = shape(path);
  const known = LABELS[s]?.[locale];
  if (known) return known;
  const parts = s.split('.');
  for (let cut = parts.length - 1; cut > 0; cut--) {
    const parent = LABELS[parts.slice(0, cut).join('.')]?.[locale];
    if (parent) return `${parent}: ${parts.slice(cut).map((p) => leafLabel(p, locale)).join(', ')}`;
  }
  const words = parts.map((p) => leafLabel(p, locale)).join(', ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function leafLabel(key: string, locale: Locale): string {
  return LEAF_LABELS[key]?.[locale] ?? key.replace(/_/g, ' ');
}

/** Said in place of a value when one of the two versions did not carry the field at all (not a change to «—»). */
export function absentText(locale: Locale): string {
  return locale === 'ru' ? 'в этой версии поля не было' : 'this version did not carry the field';
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One value as the analyst reads it. */
export function formatValue(path: string, v: unknown, locale: Locale): string {
  if (v === null || v === undefined || v === '') return '—';
  const key = lastKey(path);
  if (typeof v === 'number') {
    if (MONEY.has(key)) return formatRub(v, locale);
    return Number.isInteger(v) ? formatInt(v, locale) : new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB').format(v);
  }
  if (typeof v === 'boolean') return locale === 'ru' ? (v ? 'да' : 'нет') : v ? 'yes' : 'no';
  if (typeof v === 'string') {
    if (ISO_DATE_TIME.test(v)) {
      // Midnight in Moscow means "a day", not a moment.
      return /T00:00(:00)?(\.0+)?\+03:?00$/.test(v) ? formatDate(v, locale) : formatDateTime(v, locale);
    }
    if (ISO_DAY.test(v)) return formatDate(v, locale);
    return v;
  }
  if (isNamedRef(v)) return typeof v.name === 'string' ? v.name : String(keyOf(v.code) ?? keyOf(v.id) ?? '—');
  if (Array.isArray(v)) return v.map((x) => formatValue(path, x, locale)).join(', ');
  if (isObject(v)) {
    const name = typeof v.name === 'string' ? v.name : typeof v.title === 'string' ? v.title : null;
    return name ?? JSON.stringify(v);
  }
  return String(v);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => same(x, bb[i]));
  }
  const ka = Object.keys(a as Json).filter((k) => !NOISE.has(k));
  const kb = Object.keys(b as Json).filter((k) => !NOISE.has(k));
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b as Json, k) && same((a as Json)[k], (b as Json)[k]));
}

/** How an item of a list is named in "added"/"removed" lines. */
function describeItem(listPath: string, item: unknown, locale: Locale): string {
  const word = ITEM_WORDS[listPath]?.[locale] ?? '';
  if (!isObject(item)) return `${word} ${formatValue(listPath, item, locale)}`.trim();
  const parts: string[] = [];
  switch (listPath) {
    case 'lots':
      parts.push(`${word} № ${String(item.ordinal ?? '?')}`);
      if (typeof item.title === 'string') parts.push(item.title);
      if (typeof item.price === 'number') parts.push(formatRub(item.price, locale));
      break;
    case 'positions':
      parts.push(`${word} ${String(item.lot_ordinal ?? '-')}.${String(item.position_ordinal ?? '?')}`);
      if (typeof item.title === 'string') parts.push(item.title);
      if (item.quantity !== undefined) parts.push(`${formatValue('quantity', item.quantity, locale)} ${typeof item.unit === 'string' ? item.unit : ''}`.trim());
      if (typeof item.amount === 'number') parts.push(formatRub(item.amount, locale));
      break;
    case 'documents':
      parts.push(`${word} «${typeof item.name === 'string' ? item.name : String(item.id ?? '?')}»`);
      break;
    case 'okpd2':
      parts.push(`${String(item.code ?? '?')}${typeof item.name === 'string' ? ` ${item.name}` : ''}`);
      break;
    case 'suppliers':
      parts.push(`${typeof item.name === 'string' ? item.name : word}${typeof item.inn === 'string' ? `, ИНН ${item.inn}` : ''}`);
      break;
    case 'execution.stages':
      parts.push(`${word} ${String(item.ordinal ?? '?')}`);
      if (typeof item.amount === 'number') parts.push(formatRub(item.amount, locale));
      break;
    default:
      parts.push(formatValue(listPath, item, locale));
  }
  return parts.join(' · ');
}

function itemLabel(listPath: string, item: Json, locale: Locale): string {
  const word = ITEM_WORDS[shape(listPath)]?.[locale];
  const k = ITEM_KEYS[shape(listPath)]?.(item);
  return word && k ? `${word} ${shape(listPath) === 'lots' ? '№ ' : ''}${k}` : listPath;
}

class Collector {
  readonly entries: DiffEntry[] = [];
  constructor(private readonly locale: Locale) {}

  value(path: string, a: unknown, b: unknown, prefix = ''): void {
    if (same(a, b) || path === 'execution.stage') return; // the stage is compared by its code (diffVersions)
    const label = prefix ? `${prefix}: ${labelOf(path, this.locale).toLowerCase()}` : labelOf(path, this.locale);
    if (isNamedRef(a) || isNamedRef(b) || !isObject(a) || !isObject(b)) {
      if (Array.isArray(a) && Array.isArray(b)) {
        this.list(path, a, b, prefix);
        return;
      }
      this.entries.push({ kind: 'changed', path, label, before: formatValue(path, a, this.locale), after: formatValue(path, b, this.locale) });
      return;
    }
    for (const k of unionKeys(a, b)) {
      const at = path ? `${path}.${k}` : k;
      const [inA, inB] = [Object.hasOwn(a, k) && a[k] !== undefined, Object.hasOwn(b, k) && b[k] !== undefined];
      if (inA && inB) {
        this.value(at, a[k], b[k], prefix);
        continue;
      }
      // One delivery carries the field and the other does not (a feed item beside a card): not a change from or
      // to «—», and said so.
      const fieldLabel = prefix ? `${prefix}: ${labelOf(at, this.locale).toLowerCase()}` : labelOf(at, this.locale);
      const absent = absentText(this.locale);
      this.entries.push({ kind: 'changed', path: at, label: fieldLabel, before: inA ? formatValue(at, a[k], this.locale) : absent, after: inB ? formatValue(at, b[k], this.locale) : absent, absent: inA ? 'after' : 'before' });
    }
  }

  list(path: string, a: unknown[], b: unknown[], prefix: string): void {
    const s = shape(path);
    const keyFn = ITEM_KEYS[s];
    const primitive = [...a, ...b].every((x) => !isObject(x) && !Array.isArray(x));
    if (primitive) {
      const inA = new Set(a.map(String));
      const inB = new Set(b.map(String));
      for (const x of b) if (!inA.has(String(x))) this.entries.push({ kind: 'added', path, label: labelOf(path, this.locale), item: describeItem(s, x, this.locale) });
      for (const x of a) if (!inB.has(String(x))) this.entries.push({ kind: 'removed', path, label: labelOf(path, this.locale), item: describeItem(s, x, this.locale) });
      return;
    }
    const keyed = (xs: unknown[]): Map<string, Json> | null => {
      const m = new Map<string, Json>();
      for (const [i, x] of xs.entries()) {
        if (!isObject(x)) return null;
        const k = keyFn?.(x) ?? (keyFn ? null : String(i));
        if (k === null || m.has(k)) return null;
        m.set(k, x);
      }
      return m;
    };
    const ma = keyed(a);
    const mb = keyed(b);
    if (ma === null || mb === null) {
      this.entries.push({ kind: 'changed', path, label: labelOf(path, this.locale), before: formatValue(path, a, this.locale), after: formatValue(path, b, this.locale) });
      return;
    }
    for (const [k, item] of mb) {
      const old = ma.get(k);
      if (old === undefined) this.entries.push({ kind: 'added', path: `${path}[${k}]`, label: labelOf(path, this.locale), item: describeItem(s, item, this.locale) });
      else {
        const inner = itemLabel(path, item, this.locale);
        for (const f of unionKeys(old, item)) this.value(`${path}[${k}].${f}`, old[f], item[f], prefix ? `${prefix} · ${inner}` : inner);
      }
    }
    for (const [k, item] of ma) {
      if (!mb.has(k)) this.entries.push({ kind: 'removed', path: `${path}[${k}]`, label: labelOf(path, this.locale), item: describeItem(s, item, this.locale) });
    }
  }
}

function unionKeys(a: Json, b: Json): string[] {
  const keys = [...Object.keys(a)];
  for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) keys.push(k);
  return keys.filter((k) => !NOISE.has(k));
}

/**
 * What changed from `before` (the older version) to `after`. Positions are compared only when both versions
 * carry the same page of them (a card is delivered one positions page at a time).
 */
export function diffVersions(before: Json, after: Json, locale: Locale, now: number = Date.now()): VersionDiff {
  const c = new Collector(locale);
  const notCompared: string[] = [];
  // A status, a law and a contract's stage read by their codes and named as every surface names them: a name
  // the server changed without changing the code (a stale cached name, D-STATUS-1) is no change.
  const contract = !Object.hasOwn(before, 'status') && !Object.hasOwn(after, 'status') && (Object.hasOwn(before, 'execution') || Object.hasOwn(after, 'execution'));
  const coded: Record<string, (o: Json) => { code: string | null; name: string }> = {
    status: (o) => {
      const code = tenderStatusCode(o);
      return { code, name: tenderStageName(code, typeof o.end_date === 'string' ? o.end_date : null, locale, now) };
    },
    law: (o) => {
      const code = contract ? contractLaw(o) : tenderLaw(o);
      return { code, name: lawName(code, locale) };
    },
  };
  for (const [k, read] of Object.entries(coded)) {
    if (!Object.hasOwn(before, k) && !Object.hasOwn(after, k)) continue;
    const [a, b] = [read(before), read(after)];
    if (a.code !== b.code || (k === 'status' && a.name !== b.name)) c.entries.push({ kind: 'changed', path: k, label: labelOf(k, locale), before: a.name, after: b.name });
  }
  const stages = [contractStageOf(obj(before.execution)), contractStageOf(obj(after.execution))] as const;
  if (stages[0] !== stages[1]) c.entries.push({ kind: 'changed', path: 'execution.stage', label: labelOf('execution.stage', locale), before: contractStageName(stages[0], locale), after: contractStageName(stages[1], locale) });
  for (const k of unionKeys(before, after)) {
    if (k in coded) continue;
    const inBefore = Object.hasOwn(before, k) && before[k] !== undefined;
    const inAfter = Object.hasOwn(after, k) && after[k] !== undefined;
    if (inBefore !== inAfter) {
      notCompared.push(labelOf(k, locale));
      continue;
    }
    if (k === 'positions' && (before.positions_page !== after.positions_page || before.positions_page_size !== after.positions_page_size)) {
      notCompared.push(labelOf(k, locale));
      continue;
    }
    c.value(k, before[k], after[k]);
  }
  return { entries: c.entries, notCompared };
}
