/**
 * The one name of a filter wherever a charge or a spend names it (the ledger, the spend per search, the ledger
 * export, `tenderwb ledger`): a saved search by `savedSearchName` (its label, else its criteria in words), and
 * after it is deleted the same name marked so («Поиск «ит» (удалён)»); a set never saved by what it is (a
 * customer's, a supplier's, a list's or some tenders' contracts, a list's tenders, a search's criteria). Issue
 * 26: a deleted search's spend read «погашенный поиск», and the biggest one was a supplier-name contract set.
 * Pure: what the cache remembers of the filter is given (cache/filterNameStore.ts, current/filterNames.ts).
 */
import { savedSearchName, summarizeCriteria } from './criteriaSummary';
import { pick, text, type Locale } from './text';

/** What is known of a filter: the body that named it and, for a saved search, its label and deletion. */
export interface FilterFacts {
  feed: 'tender' | 'contract' | null;
  criteria: Record<string, unknown> | null;
  label: string | null;
  saved: boolean;
  deleted: boolean;
}

/** Names the body refers to by id, as known where the name is asked for. */
export interface FilterNameLookups {
  /** A list's name (lists are named by the analyst), null when the list is not held. */
  listName?(listId: string): string | null;
  /** Another filter's name (a contract set given by a saved search's filter id). */
  filterName?(filterId: string): string | null;
  /** For a filter known by nothing else: the one party its contract feed delivered (the insight store's guess). */
  party?: { kind: 'customer' | 'supplier'; inn: string } | null;
}

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const asNumbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)) : []);
const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function firstFew(items: readonly (string | number)[], locale: Locale, max = 3): string {
  const more = items.length - max;
  return items.slice(0, max).join(', ') + (more > 0 ? (locale === 'ru' ? ` и ещё ${more}` : ` and ${more} more`) : '');
}

/** A customer's or a supplier's contracts by INN: a dossier's backfill and the Contracts view's set alike. */
export function partySetName(kind: 'customer' | 'supplier', inn: readonly string[], locale: Locale): string {
  const inns = firstFew(inn, locale, 2);
  return pick(kind === 'customer' ? text(`Контракты заказчика ИНН ${inns}`, `Contracts of customer INN ${inns}`) : text(`Контракты поставщика ИНН ${inns}`, `Contracts of supplier INN ${inns}`), locale);
}

const listText = (listId: string, lookups: FilterNameLookups): string => `«${lookups.listName?.(listId) ?? listId}»`;

/** A contract set (reference 4.7: one way per request) in words. */
function contractSetName(c: Record<string, unknown>, locale: Locale, lookups: FilterNameLookups): string {
  const supplier = asObject(c.supplier);
  const supplierInn = asStrings(supplier.inn);
  const supplierName = typeof supplier.name === 'string' ? supplier.name : null;
  if (supplierName !== null || supplierInn.length > 0) {
    if (supplierName === null) return partySetName('supplier', supplierInn, locale);
    const who = `«${supplierName}»${supplierInn.length ? `, ${locale === 'ru' ? 'ИНН' : 'INN'} ${firstFew(supplierInn, locale, 2)}` : ''}`;
    return pick(text(`Контракты поставщика ${who}`, `Contracts of supplier ${who}`), locale);
  }
  const customer = asObject(c.customer);
  const customerInn = asStrings(customer.inn);
  if (Object.keys(c).length === 1 && Object.keys(customer).length === 1 && customerInn.length > 0) return partySetName('customer', customerInn, locale);
  if (typeof c.list_id === 'string') return pick(text(`Контракты закупок списка ${listText(c.list_id, lookups)}`, `Contracts of the tenders of list ${listText(c.list_id, lookups)}`), locale);
  const tenderIds = asNumbers(c.tender_ids);
  if (tenderIds.length > 0) return pick(text(`Контракты закупок № ${firstFew(tenderIds, locale)}`, `Contracts of tenders no. ${firstFew(tenderIds, locale)}`), locale);
  if (typeof c.filter_id === 'string') {
    const of = lookups.filterName?.(c.filter_id) ?? c.filter_id;
    return pick(text(`Контракты поиска «${of}»`, `Contracts of search «${of}»`), locale);
  }
  const summary = summarizeCriteria(c, locale, { contracts: true });
  return pick(text(`Контракты закупок: ${summary}`, `Contracts of tenders: ${summary}`), locale);
}

/** A tender set never saved as a search: a list's members read from the server, or a search only previewed. */
function tenderSetName(c: Record<string, unknown>, locale: Locale, lookups: FilterNameLookups): string {
  if (typeof c.list_id === 'string') return pick(text(`Закупки списка ${listText(c.list_id, lookups)}`, `Tenders of list ${listText(c.list_id, lookups)}`), locale);
  const summary = summarizeCriteria(c, locale);
  return pick(text(`Поиск «${summary}» (не сохранён)`, `Search «${summary}» (not saved)`), locale);
}

/**
 * The name of filter `filterId`: a saved search's (`savedSearchName`; «(удалён)» once deleted), else the set
 * its body describes, else the one party its contracts belong to, else the id said as not known.
 */
export function filterName(filterId: string, facts: FilterFacts | undefined, locale: Locale, lookups: FilterNameLookups = {}): string {
  if (facts?.saved) {
    const name = savedSearchName({ label: facts.label, criteria: facts.criteria ?? {} }, locale);
    return facts.deleted ? pick(text(`Поиск «${name}» (удалён)`, `Search «${name}» (deleted)`), locale) : name;
  }
  const c = facts?.criteria;
  if (c) {
    const contractShaped = 'supplier' in c || 'tender_ids' in c;
    return facts.feed === 'contract' || contractShaped ? contractSetName(c, locale, lookups) : tenderSetName(c, locale, lookups);
  }
  if (lookups.party) return partySetName(lookups.party.kind, [lookups.party.inn], locale);
  return pick(text(`Фильтр ${filterId} (условия не сохранились)`, `Filter ${filterId} (its criteria were not kept)`), locale);
}
