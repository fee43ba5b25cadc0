/**
 * What the earlier generation answers (reference document 2, sections 2 and 4), as zod schemas the OpenAPI
 * document `/legacy/api/v2/openapi.json` is generated from (`../api/openapi.ts`). Document 2 is followed on
 * its own: nothing of document 1 is mixed in. Required are the fields the document lists; unknown fields are
 * kept (the strict sandbox adds `x_` fields everywhere). Where the document shows nothing (error bodies,
 * token routes, paging of filters and history) the schema accepts both sandboxes' choices and says so.
 */
import { z } from 'zod';
import { ISO_TIMESTAMP } from '../api/schemas';

/**
 * An ISO-8601 timestamp. The references do not promise a zone (document 2, 2.1: "may carry a time zone
 * offset"), so none is required; the sandbox writes Moscow time with `+03:00`.
 */
const timestamp = z.string().regex(ISO_TIMESTAMP).meta({ example: '2026-12-07T10:00:00+03:00' });
const count = z.number().int().nonnegative();
const ref = z.looseObject({ id: z.number().int(), name: z.string() });

/** Error bodies are not shown (section 7): the default sandbox's envelope (D-E-ERR-1) or the strict `{detail}`. */
export const earlierError = z
  .union([
    z
      .looseObject({ error: z.looseObject({ code: z.string(), message: z.string(), request_id: z.string() }) })
      .meta({ title: 'Error envelope (default sandbox, D-E-ERR-1)' }),
    z.looseObject({ detail: z.string() }).meta({ title: 'Message only (strict sandbox)' }),
  ])
  .meta({
    id: 'EarlierError',
    description: 'Not shown by the reference; either of these.',
    example: { error: { code: 'not_found', message: 'No tender with id 12345.', request_id: 'req_0123456789abcdef0123' } },
  });

const paged = { total: count, page: z.number().int().min(1), page_size: z.number().int().min(1), pages: count };
const charged = { new_tenders_count: count, remaining_balance: z.number().int() };

const itemExample = {
  id: 101,
  etp_id: '0373100012326000101',
  name: 'Поставка ноутбуков',
  price: 1250000,
  publish_date: '2026-12-01T10:12:00+03:00',
  end_date: '2026-12-15T10:00:00+03:00',
  update_date: '2026-12-01T10:12:00+03:00',
  end_date_computed: false,
  region: { id: 77, name: 'Москва' },
  platform: { id: 2, name: 'Сбербанк-АСТ' },
  status: { id: 1, name: 'Подача заявок' },
  organization: { name: 'ГБУЗ «Городская больница № 1»', inn: '7701234567' },
  is_new: true,
};

const itemShape = {
  id: z.number().int(),
  etp_id: z.string(),
  name: z.string(),
  price: z.number(),
  publish_date: timestamp,
  end_date: timestamp,
  update_date: timestamp,
  region: ref,
  platform: ref,
  status: ref,
  is_new: z.boolean(),
};

/** 2.1: an item of `GET /tenders`. */
const TenderItem = z
  .looseObject({ ...itemShape, end_date_computed: z.boolean(), organization: z.looseObject({ name: z.string(), inn: z.string() }) })
  .meta({ id: 'TenderListItem' });

export const TenderList = z
  .looseObject({ ...paged, ...charged, items: z.array(TenderItem) })
  .meta({ id: 'TenderListResponse', example: { total: 1, page: 1, page_size: 20, pages: 1, new_tenders_count: 1, remaining_balance: 9999, items: [itemExample] } });

/** 2.3: the tender detail. */
export const TenderDetail = z
  .looseObject({
    ...itemShape,
    end_date_computed: z.boolean(),
    start_date: timestamp,
    advance: z.number().nullable(),
    source_url: z.string(),
    placement_type: ref,
    purchase_type: ref,
    organization: z.looseObject({ name: z.string(), inn: z.string(), kpp: z.string(), ogrn: z.string(), address: z.string(), administrator: z.looseObject({}) }),
    lots: z.array(z.looseObject({ ordinal: z.number().int(), title: z.string(), price: z.number() })),
    positions: z.array(
      z.looseObject({
        lot_ordinal: z.number().int(),
        position_ordinal: z.number().int(),
        title: z.string(),
        quantity: z.number(),
        unit: z.string(),
        price: z.number(),
        amount: z.number(),
        okpd2_code: z.string(),
        okpd2_name: z.string(),
        ktru_code: z.string().nullable(),
      }),
    ),
    positions_total: count,
    positions_page: z.number().int(),
    positions_page_size: z.number().int(),
    positions_pages: count,
    documents: z.array(z.looseObject({ id: z.number().int(), name: z.string(), url: z.string(), extension: z.string() })),
  })
  .meta({
    id: 'TenderDetail',
    example: {
      ...itemExample,
      start_date: '2026-12-01T10:12:00+03:00',
      advance: 0,
      source_url: 'https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=0373100012326000101',
      placement_type: { id: 1, name: 'Электронный аукцион' },
      purchase_type: { id: 1, name: '44-ФЗ' },
      organization: { name: 'ГБУЗ «Городская больница № 1»', inn: '7701234567', kpp: '770101001', ogrn: '1027700000001', address: 'Москва', administrator: { name: 'Иванова А. А.', phone: '+7 495 000-00-00', email: 'zakupki@example.org' } },
      lots: [{ ordinal: 1, title: 'Ноутбуки', price: 1250000 }],
      positions: [
        { lot_ordinal: 1, position_ordinal: 1, title: 'Ноутбук', characteristics: '15,6"', quantity: 10, unit: 'шт', price: 125000, amount: 1250000, okpd2_code: '26.20.11.110', okpd2_name: 'Компьютеры портативные', ktru_code: null },
      ],
      positions_total: 1,
      positions_page: 1,
      positions_page_size: 20,
      positions_pages: 1,
      documents: [{ id: 1, name: 'Извещение', url: 'https://example.org/doc/1', extension: 'pdf' }],
    },
  });

/** 2.4: `GET /tenders/{id}/positions`. */
export const PositionList = z
  .looseObject({
    ...paged,
    items: z.array(
      z.looseObject({
        lot_ordinal: z.number().int(),
        position_ordinal: z.number().int(),
        position_title: z.string(),
        quantity: z.number(),
        unit: z.string(),
        price: z.number(),
        amount: z.number(),
        okpd2: z.looseObject({ code: z.string(), name: z.string() }),
        ktru: z.looseObject({ code: z.string(), name: z.string() }).nullable(),
      }),
    ),
  })
  .meta({
    id: 'PositionList',
    example: {
      total: 1,
      page: 1,
      page_size: 20,
      pages: 1,
      items: [{ lot_ordinal: 1, position_ordinal: 1, lot_title: 'Ноутбуки', lot_price: 1250000, position_title: 'Ноутбук', characteristics: '15,6"', quantity: 10, unit: 'шт', price: 125000, amount: 1250000, okpd2: { code: '26.20.11.110', name: 'Компьютеры портативные' }, ktru: null }],
    },
  });

/** 2.5 */
export const Filter = z
  .looseObject({ id: z.number().int(), name: z.string(), description: z.string(), created_date: timestamp, autosearch: z.boolean() })
  .meta({
    id: 'Filter',
    example: { id: 2, name: 'Компьютерная техника', description: 'ОКПД2 26.20', created_date: '2026-09-01T12:00:00+03:00', autosearch: true },
  });

export const FilterList = z
  .looseObject({ filters: z.array(Filter), total: count, ...partialPaging() })
  .meta({
    id: 'FilterList',
    description: 'Paging is not shown: the default sandbox pages (`page`, `page_size`, `pages`), the strict one answers every filter at once.',
    example: { filters: [], total: 0, page: 1, page_size: 20, pages: 0 },
  });

function partialPaging() {
  return { page: z.number().int().optional(), page_size: z.number().int().optional(), pages: count.optional() };
}

/** 2.6 */
export const Favorites = z
  .looseObject({
    ...paged,
    tenders: z.array(
      z.looseObject({
        id: z.number().int(),
        tender_id: z.string(),
        name: z.string(),
        price: z.number(),
        publish_date: timestamp,
        end_date: timestamp,
        region_name: z.string(),
        platform_name: z.string(),
        status_name: z.string(),
        favorited_at: timestamp,
      }),
    ),
  })
  .meta({
    id: 'Favorites',
    example: {
      total: 1,
      page: 1,
      page_size: 20,
      pages: 1,
      tenders: [{ id: 101, tender_id: '0373100012326000101', name: 'Поставка ноутбуков', price: 1250000, publish_date: '2026-12-01T10:12:00+03:00', end_date: '2026-12-15T10:00:00+03:00', region_name: 'Москва', platform_name: 'Сбербанк-АСТ', status_name: 'Подача заявок', favorited_at: '2026-12-02T09:00:00+03:00' }],
    },
  });

export const FavoriteUpdates = z
  .looseObject({ ...paged, ...charged, items: z.array(z.looseObject(itemShape)) })
  .meta({ id: 'FavoriteUpdates', example: { total: 1, page: 1, page_size: 20, pages: 1, new_tenders_count: 0, remaining_balance: 9999, items: [itemExample] } });

export const FavoriteChange = (isFavorite: boolean) =>
  z
    .looseObject({ success: z.boolean(), is_favorite: z.literal(isFavorite), message: z.string() })
    .meta({ id: isFavorite ? 'FavoriteAdded' : 'FavoriteRemoved', example: { success: true, is_favorite: isFavorite, message: isFavorite ? 'Added to favorites.' : 'Removed from favorites.' } });

/** 2.7 */
const limit = z.looseObject({
  entity_type: z.enum(['tender', 'contract', 'protocol']),
  date: z.string(),
  current: count,
  limit: count,
  remaining: count,
  reset_at: timestamp,
});
const three = <T extends z.ZodType>(t: T) => z.looseObject({ tenders: t, contracts: t, protocols: t });
export const Balance = z
  .looseObject({
    balance: three(z.number().int()),
    limits: three(limit),
    license: z.looseObject({ active: z.boolean(), end_date: timestamp }),
    last_updated: timestamp,
  })
  .meta({
    id: 'EarlierBalance',
    example: {
      balance: { tenders: 9999, contracts: 1000, protocols: 500 },
      limits: {
        tenders: { entity_type: 'tender', date: '2026-12-07', current: 1, limit: 1000, remaining: 999, reset_at: '2026-12-08T00:00:00+03:00' },
        contracts: { entity_type: 'contract', date: '2026-12-07', current: 0, limit: 100, remaining: 100, reset_at: '2026-12-08T00:00:00+03:00' },
        protocols: { entity_type: 'protocol', date: '2026-12-07', current: 0, limit: 50, remaining: 50, reset_at: '2026-12-08T00:00:00+03:00' },
      },
      license: { active: true, end_date: '2027-12-07T10:00:00+03:00' },
      last_updated: '2026-12-07T10:00:00+03:00',
    },
  });

/** 2.8: credits carry no entity fields, so those are optional. */
export const History = z
  .looseObject({
    transactions: z.array(
      z.looseObject({
        id: z.number().int(),
        amount: z.number().int(),
        transaction_type: z.enum(['debit', 'credit']),
        description: z.string(),
        balance_type: z.enum(['tenders', 'contracts', 'protocols']),
        entity_id: z.number().int().nullable().optional(),
        entity_type: z.enum(['tender', 'contract', 'protocol']).nullable().optional(),
        filter_id: z.number().int().nullable().optional(),
        created_at: timestamp,
      }),
    ),
    total: count,
    ...partialPaging(),
  })
  .meta({
    id: 'BalanceHistory',
    description: 'Paging is not shown: the default sandbox pages, the strict one answers every transaction at once.',
    example: {
      transactions: [{ id: 2, amount: -1, transaction_type: 'debit', description: 'Тендер 0373100012326000101', balance_type: 'tenders', entity_id: 101, entity_type: 'tender', filter_id: 1, created_at: '2026-12-07T10:00:00+03:00' }],
      total: 1,
    },
  });

/** Token routes: fields not shown (section 4). The default sandbox answers document 1's shapes (D-E-TOK-1); the strict one others. */
export const TokenCreated = z
  .union([
    z.looseObject({ id: z.number().int(), name: z.string(), token: z.string(), created_at: timestamp }).meta({ title: 'Default sandbox' }),
    z.looseObject({ token_id: z.number().int(), api_token: z.string(), name: z.string() }).meta({ title: 'Strict sandbox' }),
  ])
  .meta({
    id: 'EarlierTokenCreated',
    description: 'Not shown by the reference; the secret is shown once.',
    example: { id: 8, name: 'Токен API', token: 'tenderwb_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345', created_at: '2026-12-07T10:00:00+03:00' },
  });

export const TokenList = z
  .union([
    z.looseObject({ tokens: z.array(z.looseObject({ id: z.number().int(), name: z.string() })), total: count }).meta({ title: 'Default sandbox' }),
    z.array(z.looseObject({ token_id: z.number().int(), name: z.string() })).meta({ title: 'Strict sandbox' }),
  ])
  .meta({ id: 'EarlierTokenList', description: 'Not shown by the reference; no secrets.', example: { tokens: [{ id: 8, name: 'Токен API', is_active: true }], total: 1 } });

export const TokenDeleted = z
  .looseObject({ success: z.boolean(), message: z.string() })
  .meta({ id: 'EarlierTokenDeleted', description: 'Not shown by the reference (the default sandbox; the strict one answers 204).', example: { success: true, message: 'Token 8 deleted.' } });
