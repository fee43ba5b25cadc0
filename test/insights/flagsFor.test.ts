/**
 * The red flags of a scope read from a real cache (feed pages through the one write path, the insight store's
 * readers): a saved search, a list, a customer, a supplier and the whole cache, with dismissals remembered
 * and forgotten, and a tender and a contract shaped as the strict reference sends them (a feed tender without
 * placement type; a contract with id, suppliers, execution only) counted as gaps rather than flagged. Every expected number is worked out in the comments.
 */
import { describe, expect, it } from 'vitest';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { AppError } from '../../src-main/domain/appError';
import { dismissFlag, flagsFor, restoreFlag } from '../../src-main/insights/flags/index';
import { contract, contractItem, strictTender as helperStrictTender, tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';

const CUSTOMER = '7701234567';
const OTHER = '7702222222';
const SUPPLIER = '7707654321';

function fixtureCache(): CacheDb {
  const cache = tempCache();
  searchStore(cache).upsert({ filterId: 'flt_test', params: {}, label: 'Бумага', events: ['created', 'updated'] });
  // Tender 1: published 1 July 10:00, deadline 5 July 09:00 → 2..5 July = 4 days, an auction needs 7. Tender 2: until 20 July.
  feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 1, { end: '2026-07-05T09:00:00+03:00' })), tenderItem(tender(2, 1))]));
  // Tender 3, another customer's, through another search: as short as tender 1.
  const other = tender(3, 1, { end: '2026-07-04T09:00:00+03:00', extra: { organization: { name: 'МБОУ СОШ № 3', inn: OTHER } } });
  // Tender 4 as the strict reference sends it in a feed: no placement type (the card has it), no law, no OKPD2.
  const strictTender = helperStrictTender(4, '0173100007426000018', {
    name: 'Поставка бумаги',
    publish_date: '2026-07-01T10:00:00+03:00',
    end_date: '2026-07-03T09:00:00+03:00',
    update_date: '2026-07-01T10:00:00+03:00',
    status: { id: 1, name: 'Подача заявок' },
    organization: { name: 'МБОУ СОШ № 3', inn: OTHER },
  });
  feedStore(cache).saveFeedPage(tenderPage([tenderItem(other), { ...tenderItem(strictTender), version: 1, event: 'created' }], { filterId: 'flt_other' }));
  // Contract 10 on tender 1 (initial price 100 000): 95 000, then 110 000 (+15.79 %, and 110 % of the initial price).
  // Contract 11 on tender 2: 99 500 = 99.5 % of 100 000. Contract 12 as the strict reference sends it.
  const strict = { id: 12, suppliers: [{ name: 'ООО «Ромашка»', inn: SUPPLIER }], execution: { paid: 0 } };
  feedStore(cache).saveFeedPage(
    tenderPage(
      [
        contractItem(contract(10, 1, 1), 1),
        contractItem({ ...contract(10, 2, 1), price: 110_000 }, 2),
        contractItem({ ...contract(11, 1, 2), price: 99_500 }, 1),
        contractItem(strict, 1),
      ],
      { feed: 'contract', filterId: 'flt_contracts' },
    ),
  );
  return cache;
}

const summary = (answer: ReturnType<typeof flagsFor>) => answer.flags.map((f) => [f.code, f.object.kind, f.object.id, f.dismissed]);

describe('flagsFor', () => {
  it('a saved search without a label is named by the one saved-search name (its criteria), never its filter id', () => {
    const cache = fixtureCache();
    searchStore(cache).upsert({ filterId: 'flt_other', params: { keywords: ['бумага'] }, events: ['created'] });
    expect(flagsFor(cache, { kind: 'search', filterId: 'flt_other' }).scope).toEqual({ kind: 'search', id: 'flt_other', name: 'бумага · подача заявок' });
    expect(flagsFor(cache, { kind: 'search', filterId: 'flt_other' }, 'en').scope.name).toBe('бумага · accepting bids');
  });

  it('a saved search: its tenders and their contracts', () => {
    const answer = flagsFor(fixtureCache(), { kind: 'search', filterId: 'flt_test' });
    expect(answer.scope).toEqual({ kind: 'search', id: 'flt_test', name: 'Бумага' });
    expect(summary(answer)).toEqual([
      ['short_submission', 'tender', '1', false],
      ['price_near_estimate', 'contract', '10', false],
      ['price_near_estimate', 'contract', '11', false],
      ['price_rise', 'contract', '10', false],
    ]);
    const byCode = (code: string, id: string) => answer.flags.find((f) => f.code === code && f.object.id === id)!.evidence;
    expect(byCode('short_submission', '1')).toMatchObject({ period_days: 4, minimum_days: 7, law: '44-FZ', customer_inn: CUSTOMER });
    expect(byCode('price_near_estimate', '10')).toMatchObject({ contract_price: 110_000, initial_price: 100_000, ratio_pct: 110 });
    expect(byCode('price_near_estimate', '11')).toMatchObject({ contract_price: 99_500, ratio_pct: 99.5 });
    // 110 000 / 95 000 − 1 = 15.789… %.
    expect(byCode('price_rise', '10')).toMatchObject({ first_price: 95_000, top_price: 110_000, rise_pct: 15.79, first_version: 1, top_version: 2 });
    // The customer has 2 tenders of known placement type, fewer than the 10 the peer comparison needs.
    // Its gap counts customers, and a card brings the placement type.
    expect(answer.gaps).toEqual([{ code: 'single_supplier_share', field: 'tender.placement_type', objects: 1, object_kind: 'customer', in_card: true }]);
    // Judged: tenders 1 and 2 (auctions under 44-FZ); contracts 10 and 11 (priced, tenders cached with a price; the
    // customer and OKPD2 known); not the art. 93 flag (both are auctions: it does not apply), not the customer's share.
    expect(answer.checked).toEqual({
      short_submission: 2,
      price_near_estimate: 2,
      single_supplier_share: 0,
      supplier_concentration: 2,
      below_threshold: 0,
      price_rise: 2,
    });
  });

  it('a saved search whose own contract feed delivered a strict contract (no tender, price or customer): it is the search\'s, judged nowhere, a gap in every contract flag', () => {
    const cache = fixtureCache();
    const strict = { id: 12, suppliers: [{ name: 'ООО «Ромашка»', inn: SUPPLIER }], execution: { paid: 0 } };
    feedStore(cache).saveFeedPage(tenderPage([contractItem(strict, 1)], { feed: 'contract', filterId: 'flt_test' }));
    const answer = flagsFor(cache, { kind: 'search', filterId: 'flt_test' });
    expect(summary(answer).map((f) => `${f[0]}:${f[2]}`)).toEqual(['short_submission:1', 'price_near_estimate:10', 'price_near_estimate:11', 'price_rise:10']);
    const contractGaps = answer.gaps.filter((g) => g.object_kind === 'contract').map((g) => [g.code, g.field, g.objects, g.in_card]);
    expect(contractGaps).toEqual([
      ['price_near_estimate', 'contract.price', 1, false],
      ['price_near_estimate', 'contract.tender_id', 1, false],
      ['supplier_concentration', 'contract.customer.inn', 1, false],
      ['supplier_concentration', 'contract.price', 1, false],
      ['supplier_concentration', 'contract.tender_id', 1, false],
      ['below_threshold', 'contract.price', 1, false],
      ['below_threshold', 'contract.law', 1, false],
      ['price_rise', 'contract.price', 1, false],
    ]);
    // Contract 12 is judged by no flag: the checked counts are those of the search without it.
    expect(answer.checked).toMatchObject({ price_near_estimate: 2, supplier_concentration: 2, below_threshold: 0, price_rise: 2 });
  });

  it('a list, a customer, a supplier, the whole cache', () => {
    const cache = fixtureCache();
    listStore(cache).upsertList({ listId: 'lst_1', name: 'Мой список', createdAt: '2026-07-01T00:00:00Z' });
    listStore(cache).setItems('lst_1', [2]);
    const list = flagsFor(cache, { kind: 'list', listId: 'lst_1' });
    expect(list.scope).toEqual({ kind: 'list', id: 'lst_1', name: 'Мой список' });
    expect(summary(list)).toEqual([['price_near_estimate', 'contract', '11', false]]);

    const customer = flagsFor(cache, { kind: 'customer', inn: CUSTOMER });
    expect(customer.scope).toEqual({ kind: 'customer', id: CUSTOMER, name: 'ГБОУ Школа № 1' });
    expect(summary(customer).map((f) => `${f[0]}:${f[2]}`)).toEqual(['short_submission:1', 'price_near_estimate:10', 'price_near_estimate:11', 'price_rise:10']);

    // The supplier's contracts are 10, 11 and the strict 12; their tenders 1 and 2.
    const supplier = flagsFor(cache, { kind: 'supplier', inn: SUPPLIER });
    expect(supplier.scope).toEqual({ kind: 'supplier', id: SUPPLIER, name: 'ООО «Ромашка»' });
    expect(summary(supplier).map((f) => `${f[0]}:${f[2]}`)).toEqual(['short_submission:1', 'price_near_estimate:10', 'price_near_estimate:11', 'price_rise:10']);
    // Contract 12 states no price, customer or tender: every contract flag counts it as a gap.
    expect(supplier.gaps).toEqual(
      expect.arrayContaining([
        { code: 'price_near_estimate', field: 'contract.price', objects: 1, object_kind: 'contract', in_card: false },
        { code: 'price_near_estimate', field: 'contract.tender_id', objects: 1, object_kind: 'contract', in_card: false },
        { code: 'supplier_concentration', field: 'contract.customer.inn', objects: 1, object_kind: 'contract', in_card: false },
        { code: 'below_threshold', field: 'contract.price', objects: 1, object_kind: 'contract', in_card: false },
        { code: 'price_rise', field: 'contract.price', objects: 1, object_kind: 'contract', in_card: false },
      ]),
    );

    const all = flagsFor(cache, { kind: 'all' });
    expect(all.scope).toEqual({ kind: 'all', id: null, name: null });
    // The strict tender 4 (2 days, but no placement type to know the minimum by) is a gap, not a flag.
    expect(all.gaps).toContainEqual({ code: 'short_submission', field: 'tender.placement_type', objects: 1, object_kind: 'tender', in_card: true });
    expect(summary(all).map((f) => `${f[0]}:${f[2]}`)).toEqual([
      'short_submission:1',
      'short_submission:3',
      'price_near_estimate:10',
      'price_near_estimate:11',
      'price_rise:10',
    ]);
  });

  it('a scope the cache does not know is not_found', () => {
    const cache = fixtureCache();
    expect(() => flagsFor(cache, { kind: 'list', listId: 'lst_none' })).toThrow(AppError);
    expect(() => flagsFor(cache, { kind: 'search', filterId: 'flt_none' })).toThrow(/flt_none/);
  });

  it('a dismissal is remembered in the cache and forgotten on restore; unknown codes are refused', () => {
    const cache = fixtureCache();
    dismissFlag(cache, 'price_rise', 'contract', '10', 'допсоглашение по ст. 95 ч. 1 п. 8');
    expect(summary(flagsFor(cache, { kind: 'search', filterId: 'flt_test' })).find((f) => f[0] === 'price_rise')).toEqual(['price_rise', 'contract', '10', true]);
    expect(restoreFlag(cache, 'price_rise', 'contract', '10')).toBe(true);
    expect(restoreFlag(cache, 'price_rise', 'contract', '10')).toBe(false);
    expect(summary(flagsFor(cache, { kind: 'search', filterId: 'flt_test' })).find((f) => f[0] === 'price_rise')).toEqual(['price_rise', 'contract', '10', false]);
    let refused: unknown;
    try {
      dismissFlag(cache, 'no_such_flag', 'tender', '1', null);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('invalid_input');
    expect((refused as AppError).text.ru).toContain('Нет флага «no_such_flag»');
  });
});
