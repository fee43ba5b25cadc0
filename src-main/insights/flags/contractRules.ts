/**
 * The flags judged on one contract: its price against its tender's initial price (OCP R031), against the
 * single-supplier threshold (44-FZ art. 93), and across its own versions (44-FZ art. 95). Pure.
 */
import type { ContractFact, ContractPriceStep, FlagObject, TenderFact } from '../../domain/insights';
import { BELOW_BAND_PCT, NEAR_ESTIMATE_PCT, PRICE_RISE_MAX_PCT, THRESHOLDS } from './catalogue';
import { procedureOf } from './classify';
import type { FlagSink } from './sink';
import { kopecks, pct } from './sink';

const objectOf = (c: ContractFact): FlagObject => ({ kind: 'contract', id: String(c.id), name: c.reestr_number });

/** The contract's cached tender, or the field that is missing to reach it. */
function tenderOf(c: ContractFact, tendersById: ReadonlyMap<number, TenderFact>): TenderFact | string {
  if (c.tender_id === null) return 'contract.tender_id';
  return tendersById.get(c.tender_id) ?? 'tender (not cached)';
}

export function priceNearEstimate(c: ContractFact, tendersById: ReadonlyMap<number, TenderFact>, sink: FlagSink): void {
  const tender = tenderOf(c, tendersById);
  if (typeof tender === 'string') {
    sink.lacks('price_near_estimate', [c.price === null && 'contract.price', tender]);
    return;
  }
  // A single-supplier purchase has no bidding to lower the price: at the initial price is the norm there.
  if (procedureOf(tender.placement_name) === 'single_supplier') return;
  const t = tender;
  if (sink.lacks('price_near_estimate', [c.price === null && 'contract.price', !(t.price !== null && t.price > 0) && 'tender.price'])) return;
  sink.check('price_near_estimate');
  if (kopecks(c.price!) * 100 < kopecks(t.price!) * NEAR_ESTIMATE_PCT) return;
  sink.raise('price_near_estimate', objectOf(c), 'OCP R031', {
    contract_id: c.id,
    reestr_number: c.reestr_number,
    tender_id: t.id,
    notice: t.etp_id,
    contract_price: c.price,
    initial_price: t.price,
    ratio_pct: pct((c.price! / t.price!) * 100),
    customer_inn: c.customer_inn,
  });
}

export function belowThreshold(c: ContractFact, tendersById: ReadonlyMap<number, TenderFact>, sink: FlagSink): void {
  // Only a purchase without competition can use art. 93: no tender at all, or a single-supplier one; and
  // only under 44-FZ (the store gives the contract's law, else its tender's, else its registry number's).
  if (c.law !== null && c.law !== '44-FZ') return;
  if (c.tender_id !== null) {
    const tender = tendersById.get(c.tender_id);
    if (sink.lacks('below_threshold', [tender === undefined && 'tender (not cached)'])) return;
    const procedure = procedureOf(tender!.placement_name);
    if (sink.lacks('below_threshold', [procedure === null && 'tender.placement_type'])) return;
    if (procedure !== 'single_supplier') return;
  }
  if (sink.lacks('below_threshold', [c.price === null && 'contract.price', c.law === null && 'contract.law'])) return;
  sink.check('below_threshold');
  const price = kopecks(c.price!);
  for (const threshold of THRESHOLDS) {
    const limit = kopecks(threshold.amount);
    if (price > limit || price * 100 < limit * BELOW_BAND_PCT) continue;
    sink.raise('below_threshold', objectOf(c), `44-ФЗ ст. 93 ч. 1 ${threshold.items.ru}`, {
      contract_id: c.id,
      reestr_number: c.reestr_number,
      tender_id: c.tender_id,
      price: c.price,
      threshold: threshold.amount,
      below_by: (limit - price) / 100,
      band_from: (limit * BELOW_BAND_PCT) / 100 / 100,
      article: { ru: `44-ФЗ, ст. 93 ч. 1 ${threshold.items.ru}`, en: `44-FZ, art. 93(1) ${threshold.items.en}` },
      customer_inn: c.customer_inn,
      suppliers: c.suppliers.map((s) => s.inn),
    });
    return;
  }
}

/** The price steps of one contract, oldest version first. */
export function priceRise(c: ContractFact, steps: readonly ContractPriceStep[], sink: FlagSink): void {
  if (sink.lacks('price_rise', [steps.length === 0 && 'contract.price'])) return;
  sink.check('price_rise');
  // One priced version has nothing to compare with; a first price of 0 has no ratio.
  if (steps.length < 2 || !(steps[0]!.price > 0)) return;
  const first = steps[0]!;
  let top = first;
  for (const step of steps) if (step.price > top.price) top = step;
  if (kopecks(top.price) * 100 <= kopecks(first.price) * (100 + PRICE_RISE_MAX_PCT)) return;
  sink.raise('price_rise', objectOf(c), '44-ФЗ ст. 95 ч. 1 п. 1 «б»', {
    contract_id: c.id,
    reestr_number: c.reestr_number,
    first_version: first.version,
    first_price: first.price,
    top_version: top.version,
    top_price: top.price,
    rise_pct: pct((top.price / first.price - 1) * 100),
    limit_pct: PRICE_RISE_MAX_PCT,
    steps: steps.map((s) => ({ version: s.version, price: s.price })),
    customer_inn: c.customer_inn,
  });
}
