/**
 * What the current generation answers (reference document 1, sections 2.3-2.6a and 7), as zod schemas the
 * OpenAPI document is generated from (`./openapi.ts`). They require only what the reference guarantees and
 * keep unknown fields, so that both sandboxes satisfy them: the default one, which adds what
 * docs/api-decisions.md chose where the reference says "not shown", and the strict one, which sends only
 * what the reference states plus unknown `x_` fields. Where the reference shows no body, the schema is an
 * open object and the description says what the default sandbox sends (the client must not depend on it).
 * The tests validate every answer of both sandboxes against the generated document.
 */
import { z } from 'zod';
import { ISO_TIMESTAMP } from './schemas';

/**
 * An ISO-8601 timestamp. The references do not promise a zone (document 2, 2.1: "may carry a time zone
 * offset"), so none is required; the sandbox writes Moscow time with `+03:00`.
 */
const timestamp = z.string().regex(ISO_TIMESTAMP).meta({ example: '2026-12-07T10:00:00+03:00' });
const count = z.number().int().nonnegative();

// ---- errors (section 7)

const errorObject = (codes: readonly [string, ...string[]]) =>
  z.looseObject({
    code: z.enum(codes),
    message: z.string(),
    request_id: z.string().meta({ example: 'req_0123456789abcdef0123' }),
  });

/** `{"error": {code, message, request_id}}` with the codes one status can carry on a route. */
export const apiError = (codes: readonly [string, ...string[]], example: { code: string; message: string }) =>
  z.looseObject({ error: errorObject(codes) }).meta({ example: { error: { ...example, request_id: 'req_0123456789abcdef0123' } } });

/**
 * The 422 body is "not shown" (section 7). The default sandbox answers the error envelope with `details`
 * (D-ERR-2); the strict one FastAPI's `{"detail": [{loc, msg, type}]}` (strict m).
 */
export const Unprocessable = z
  .union([
    z
      .looseObject({
        error: errorObject(['unprocessable_entity']).extend({
          details: z.array(z.looseObject({ path: z.string(), message: z.string() })).optional(),
        }),
      })
      .meta({ title: 'Error envelope with details (default sandbox, D-ERR-2)' }),
    z
      .looseObject({
        detail: z.array(z.looseObject({ loc: z.array(z.union([z.string(), z.number().int()])), msg: z.string(), type: z.string() })),
      })
      .meta({ title: 'FastAPI-style detail (strict sandbox)' }),
  ])
  .meta({
    id: 'Unprocessable',
    description: 'Body shape not shown by the reference; either of these.',
    example: {
      error: {
        code: 'unprocessable_entity',
        message: 'Invalid tender query: limit: Too big: expected number to be <=100',
        request_id: 'req_0123456789abcdef0123',
        details: [{ path: 'limit', message: 'Too big: expected number to be <=100' }],
      },
    },
  });

// ---- tokens (2.6a, 4.1-4.4)

export const TokenResponse = z
  .looseObject({ id: z.number().int(), name: z.string(), token: z.string(), created_at: timestamp })
  .meta({
    id: 'TokenResponse',
    description: 'The secret is shown once.',
    example: { id: 0, name: 'robot', token: 'tenderwb_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345', created_at: '2026-12-07T10:00:00+03:00' },
  });

export const TokenInfo = z
  .looseObject({
    id: z.number().int(),
    name: z.string(),
    token_preview: z.string().optional(),
    is_active: z.boolean(),
    created_at: timestamp,
    last_used_at: timestamp.nullable().meta({ description: 'null until the token is first used (D-AUTH-5).' }),
  })
  .meta({ id: 'TokenInfo' });

export const TokenList = z.looseObject({ tokens: z.array(TokenInfo), total: count }).meta({
  id: 'TokenListResponse',
  example: {
    tokens: [
      {
        id: 7,
        name: 'robot',
        token_preview: 'tenderwb_live_AbCd…2345',
        is_active: true,
        created_at: '2026-12-07T10:00:00+03:00',
        last_used_at: null,
      },
    ],
    total: 1,
  },
});

export const TokenDeleted = z
  .looseObject({ success: z.boolean(), message: z.string() })
  .meta({ id: 'TokenDeletionResult', example: { success: true, message: 'Token 7 revoked.' } });

// ---- QUERY (2.3-2.5, section 3)

const Billed = z
  .looseObject({ created: count, updated: count, free: count, period_total: count, balance_exhausted: z.boolean() })
  .meta({ id: 'Billed' });

const Applied = z.looseObject({ events: z.array(z.enum(['created', 'updated'])), status: z.array(z.string()).optional() });

const itemCommon = { event: z.enum(['created', 'updated']), version: z.number().int(), billed: z.boolean() };

const FeedTender = z
  .looseObject({ id: z.number().int(), etp_id: z.string() })
  .meta({ id: 'FeedTender', description: 'A tender with at least `id` and `etp_id` (2.4); other fields as in document 2, 2.1.' });

const TenderItem = z.looseObject({ ...itemCommon, tender: FeedTender }).meta({ id: 'TenderResultItem' });
const ContractItem = z
  .looseObject(itemCommon)
  .meta({ id: 'ContractResultItem', description: 'The key that holds the contract is not shown (the default sandbox: `contract`, D-Q-16).' });

const envelope = (item: z.ZodType) => ({
  filter_id: z.string().meta({ example: 'flt_3e1c9b0a4d2f6e8a1b2c3d4e' }),
  state: z.enum(['ready', 'partial']),
  applied: Applied,
  results: z.array(item),
  next_cursor: z.string().meta({ description: 'Always replace the stored cursor with this one, also when `results` is empty.' }),
  total: count.nullable().optional().meta({ description: 'May be absent or null (state partial, peak load).' }),
  billed: Billed,
  expires_at: timestamp,
});

const tenderPageExample = {
  filter_id: 'flt_3e1c9b0a4d2f6e8a1b2c3d4e',
  state: 'ready',
  applied: { events: ['created'], status: ['active'] },
  results: [{ event: 'created', version: 1, billed: true, tender: { id: 101, etp_id: '0373100012326000101', name: 'Поставка ноутбуков' } }],
  next_cursor: 'cur_eyJmIjoiZmx0In0.c2ln',
  total: 1,
  billed: { created: 1, updated: 0, free: 0, period_total: 1, balance_exhausted: false },
  expires_at: '2026-12-14T10:00:00+03:00',
};

export const TenderPage = z.looseObject(envelope(TenderItem)).meta({ id: 'TenderQueryPage', example: tenderPageExample });

export const ContractPage = z
  .looseObject({
    ...envelope(ContractItem),
    freshness: z
      .looseObject({ last_polled_at: timestamp.nullable().optional() })
      .nullable()
      .optional()
      .meta({ description: 'A lower bound of the last poll of the source for this set; may be absent or null.' }),
  })
  .meta({
    id: 'ContractQueryPage',
    example: {
      ...tenderPageExample,
      applied: { events: ['created'] },
      results: [{ event: 'created', version: 1, billed: true, contract: { id: 55, suppliers: [], execution: {} } }],
      freshness: { last_polled_at: '2026-12-07T09:55:00+03:00' },
    },
  });

export const Preparing = z
  .looseObject({
    filter_id: z.string().optional(),
    state: z.literal('preparing'),
    retry_after: z.number().int().positive(),
    applied: Applied.optional(),
  })
  .meta({
    id: 'Preparing',
    description: 'Nothing to read yet: repeat the same request byte for byte after `retry_after` seconds.',
    example: { filter_id: 'flt_3e1c9b0a4d2f6e8a1b2c3d4e', state: 'preparing', retry_after: 1, applied: { events: ['created'] } },
  });

const expired = (page: z.ZodObject, example: Record<string, unknown>, id: string) =>
  page.extend({ error: errorObject(['cursor_expired']) }).meta({
    id,
    description: 'The feed was rebuilt: the body carries a fresh slice and a new cursor; continue from it (repeats are free).',
    example: { ...example, error: { code: 'cursor_expired', message: 'The feed was rebuilt.', request_id: 'req_0123456789abcdef0123' } },
  });
export const TenderCursorExpired = expired(TenderPage, tenderPageExample, 'TenderCursorExpired');
export const ContractCursorExpired = expired(ContractPage, tenderPageExample, 'ContractCursorExpired');

// ---- cards (2.6a, 4.6, 4.8)

const ref = z.looseObject({ id: z.number().int(), name: z.string() });

export const TenderCard = z
  .looseObject({
    id: z.number().int(),
    etp_id: z.string(),
    name: z.string(),
    organization: z.looseObject({ name: z.string() }),
    status: ref.optional(),
    lots: z.array(z.looseObject({})),
    positions: z.array(z.looseObject({})).meta({ description: 'This page of positions (okpd2/ktru per position).' }),
    positions_total: count,
    documents: z.array(z.looseObject({})),
  })
  .meta({
    id: 'TenderCard',
    description: 'As the tender detail of document 2 (2.3); charged only when this version was not delivered before.',
    example: {
      id: 101,
      etp_id: '0373100012326000101',
      name: 'Поставка ноутбуков',
      organization: { name: 'ГБУЗ «Городская больница № 1»', inn: '7701234567' },
      status: { id: 1, name: 'Подача заявок' },
      lots: [{ ordinal: 1, title: 'Ноутбуки', price: 1250000 }],
      positions: [{ lot_ordinal: 1, position_ordinal: 1, title: 'Ноутбук', okpd2_code: '26.20.11.110', ktru_code: null }],
      positions_total: 1,
      documents: [{ id: 1, name: 'Извещение', url: 'https://example.org/doc/1', extension: 'pdf' }],
    },
  });

export const ContractCard = z
  .looseObject({
    id: z.union([z.number().int(), z.string()]),
    suppliers: z.array(z.looseObject({})),
    execution: z.looseObject({}),
    positions: z.array(z.looseObject({})),
  })
  .meta({
    id: 'ContractCard',
    description: 'Contract object fields are not shown beyond these.',
    example: { id: 55, suppliers: [{ name: 'ООО «Ромашка»', inn: '7712345678' }], execution: { stages: [] }, positions: [] },
  });

// ---- lists, filters, balance (2.6a, 4.9-4.17)

const collection = (item: z.ZodType, cursor: z.ZodType) => ({ data: z.array(item), has_more: z.boolean(), next_cursor: cursor.nullable() });

export const ListCreated = z.looseObject({ list_id: z.string().regex(/^lst_/) }).meta({
  id: 'ListCreated',
  description: 'Other fields not shown (the default sandbox: the list object of D-LIST-1).',
  example: { list_id: 'lst_8f3a2c' },
});

export const ListPage = z.looseObject(collection(z.looseObject({ list_id: z.string(), name: z.string() }), z.string())).meta({
  id: 'ListCollection',
  example: { data: [{ list_id: 'lst_8f3a2c', name: 'Медоборудование, Москва' }], has_more: false, next_cursor: null },
});

export const ListDetail = z
  .looseObject({ list_id: z.string(), name: z.string(), data: z.array(z.number().int()), has_more: z.boolean() })
  .meta({ id: 'ListDetail', example: { list_id: 'lst_8f3a2c', name: 'Медоборудование, Москва', data: [101, 102], has_more: false } });

/** A body the reference does not show: any object; the description says what the default sandbox sends. */
export const notShown = (id: string, defaultSends: string, example: Record<string, unknown>) =>
  z.looseObject({}).meta({ id, description: `Not shown by the reference. The default sandbox sends ${defaultSends}; the strict one \`{}\`.`, example });

export const ListItemsAdded = notShown('ListItemsAdded', '`{list_id, added, already_present, items_count}` (D-LIST-1)', {
  list_id: 'lst_8f3a2c',
  added: 2,
  already_present: 0,
  items_count: 2,
});
export const ListItemsRemoved = notShown('ListItemsRemoved', '`{list_id, removed, not_present, items_count}` (D-LIST-1)', {
  list_id: 'lst_8f3a2c',
  removed: 1,
  not_present: 0,
  items_count: 1,
});
export const FilterExtinguished = notShown('FilterExtinguished', '`{success, filter_id, message}` (D-FLT-1)', {
  success: true,
  filter_id: 'flt_3e1c9b0a4d2f6e8a1b2c3d4e',
  message: 'Subscription extinguished; the filter and its shared cache remain.',
});

const FilterRecord = z
  .looseObject({ filter_id: z.string(), params: z.looseObject({}), expires_at: timestamp, contracts_projection: z.boolean() })
  .meta({ id: 'FilterRecord' });
export const FilterPage = z.looseObject(collection(FilterRecord, z.string())).meta({
  id: 'FilterCollection',
  example: {
    data: [{ filter_id: 'flt_3e1c9b0a4d2f6e8a1b2c3d4e', params: { keywords: ['ноутбук'] }, expires_at: '2026-12-14T10:00:00+03:00', contracts_projection: false }],
    has_more: false,
    next_cursor: null,
  },
});

const pair = z.looseObject({ tenders: z.number().int(), contracts: z.number().int() });
export const Balance = z.looseObject({ balance: pair, usage_today: pair, last_updated: timestamp }).meta({
  id: 'Balance',
  example: { balance: { tenders: 9950, contracts: 1000 }, usage_today: { tenders: 50, contracts: 0 }, last_updated: '2026-12-07T10:00:00+03:00' },
});

const LedgerRow = z
  .looseObject({
    id: z.number().int(),
    balance_type: z.enum(['tenders', 'contracts']),
    amount: z.number().int(),
    object_id: z.number().int(),
    version: z.number().int(),
    filter_id: z.string().nullable().meta({ description: 'null for a card (D-BILL-3).' }),
    request_id: z.string(),
  })
  .meta({ id: 'LedgerRow' });
export const LedgerPage = z.looseObject(collection(LedgerRow, z.number().int())).meta({
  id: 'LedgerCollection',
  example: {
    data: [{ id: 1, balance_type: 'tenders', amount: 1, object_id: 101, version: 1, filter_id: 'flt_3e1c9b0a4d2f6e8a1b2c3d4e', request_id: 'req_0123456789abcdef0123' }],
    has_more: false,
    next_cursor: null,
  },
});
