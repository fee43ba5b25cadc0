/**
 * Schemas of every answer of the earlier generation (reference document 2, sections 2.1-2.8; decisions
 * D-E-*). Like the current generation's schemas they are loose: unknown fields are kept. Required are the
 * fields the app relies on: ids, the paging envelope, `is_new` and the charge counters, the limits.
 */
import { z } from 'zod';

const int = z.number().int();
const nonNegativeInt = z.number().int().nonnegative();
const ref = z.looseObject({ id: int, name: z.string().nullish() });

const pageEnvelope = { total: nonNegativeInt, page: int, page_size: int, pages: nonNegativeInt };
const chargeEnvelope = { new_tenders_count: nonNegativeInt, remaining_balance: int };

/** 2.1: an item of `GET /tenders`. */
export const TenderListItem = z.looseObject({
  id: int,
  etp_id: z.string(),
  name: z.string().optional(),
  price: z.number().nullish(),
  publish_date: z.string().nullish(),
  end_date: z.string().nullish(),
  update_date: z.string().nullish(),
  end_date_computed: z.boolean().optional(),
  region: ref.nullish(),
  platform: ref.nullish(),
  status: ref.nullish(),
  organization: z.looseObject({ name: z.string().nullish(), inn: z.string().nullish() }).nullish(),
  is_new: z.boolean(),
});

/** 2.2 */
export const TenderListEnvelope = z.looseObject({ ...pageEnvelope, ...chargeEnvelope, items: z.array(TenderListItem) });

export const DetailPosition = z.looseObject({ lot_ordinal: int, position_ordinal: int });
export const Lot = z.looseObject({ ordinal: int, title: z.string().optional(), price: z.number().optional() });
export const TenderDocument = z.looseObject({ id: int, name: z.string().optional(), url: z.string().optional(), extension: z.string().optional() });

/** 2.3 */
export const TenderDetail = TenderListItem.extend({
  lots: z.array(Lot),
  positions: z.array(DetailPosition),
  positions_total: nonNegativeInt,
  positions_page: int,
  positions_page_size: int,
  positions_pages: nonNegativeInt,
  documents: z.array(TenderDocument),
});

/** 2.4 */
export const PositionItem = z.looseObject({ lot_ordinal: int, position_ordinal: int });
export const PositionPage = z.looseObject({ ...pageEnvelope, items: z.array(PositionItem) });

/** 2.5 */
export const Filter = z.looseObject({
  id: int,
  name: z.string(),
  description: z.string().nullish(),
  created_date: z.string().nullish(),
  autosearch: z.boolean(),
});
export const FilterList = z.looseObject({ filters: z.array(Filter), total: nonNegativeInt });

/** 2.6 */
export const FavoriteItem = z.looseObject({ id: int, tender_id: z.string(), favorited_at: z.string() });
export const FavoritePage = z.looseObject({ ...pageEnvelope, tenders: z.array(FavoriteItem) });
export const FavoriteUpdateItem = z.looseObject({ id: int, etp_id: z.string(), update_date: z.string().nullish(), is_new: z.boolean() });
export const FavoriteUpdatesEnvelope = z.looseObject({ ...pageEnvelope, ...chargeEnvelope, items: z.array(FavoriteUpdateItem) });
export const FavoriteMutation = z.looseObject({ success: z.boolean(), is_favorite: z.boolean(), message: z.string().optional() });

/** 2.7 */
export const DailyLimit = z.looseObject({
  entity_type: z.string(),
  date: z.string().optional(),
  current: nonNegativeInt,
  limit: nonNegativeInt,
  remaining: nonNegativeInt,
  reset_at: z.string(),
});
export const Balance = z.looseObject({
  balance: z.looseObject({ tenders: int, contracts: int, protocols: int }),
  limits: z.looseObject({ tenders: DailyLimit, contracts: DailyLimit, protocols: DailyLimit }),
  license: z.looseObject({ active: z.boolean(), end_date: z.string().nullish() }),
  last_updated: z.string(),
});

/** 2.8 */
export const Transaction = z.looseObject({
  id: int,
  amount: int,
  transaction_type: z.enum(['debit', 'credit']),
  balance_type: z.string(),
  created_at: z.string(),
});
export const TransactionList = z.looseObject({ transactions: z.array(Transaction), total: nonNegativeInt });

/**
 * Token routes: their fields are not shown (document 2, section 4), so any JSON answer (or none, for a
 * deletion) is taken as it is and read by `./tokens.ts`, which looks for the id and the secret by meaning.
 */
export const TokenAnswer = z.unknown();

export type TenderListItem = z.infer<typeof TenderListItem>;
export type TenderListEnvelope = z.infer<typeof TenderListEnvelope>;
export type TenderDetail = z.infer<typeof TenderDetail>;
export type PositionPage = z.infer<typeof PositionPage>;
export type Filter = z.infer<typeof Filter>;
export type FilterList = z.infer<typeof FilterList>;
export type FavoritePage = z.infer<typeof FavoritePage>;
export type FavoriteUpdateItem = z.infer<typeof FavoriteUpdateItem>;
export type FavoriteUpdatesEnvelope = z.infer<typeof FavoriteUpdatesEnvelope>;
export type FavoriteMutation = z.infer<typeof FavoriteMutation>;
export type DailyLimit = z.infer<typeof DailyLimit>;
export type Balance = z.infer<typeof Balance>;
export type Transaction = z.infer<typeof Transaction>;
export type TransactionList = z.infer<typeof TransactionList>;
