/**
 * Request bodies of the current generation, as the reference states them. Unknown fields are rejected
 * (422, decision D-ERR-1) because a client that sends `page` or `kpp` believes in a parameter that does
 * not exist, and silently ignoring it would return a different set than it asked for.
 */
import { z } from 'zod';

/**
 * A calendar date (leap years included: zod's own date pattern), optionally followed by a time of day and a
 * zone. One regular expression and nothing else, so that the OpenAPI pattern generated from it is the whole
 * rule: `2026-13-45` and `2026-02-30` fail both (a `Date.parse` check let February 30 through as March 2).
 */
const DATE = z.regexes.date.source.slice(1, -1);
const TIME = '([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?';
const ZONE = '(Z|[+-]([01]\\d|2[0-3]):?[0-5]\\d)';
export const ISO_DATE_OR_TIME = new RegExp(`^${DATE}([T ]${TIME}${ZONE}?)?$`);
/** A timestamp of an answer: ISO-8601 date and time, its zone optional (the references promise no offset). */
export const ISO_TIMESTAMP = new RegExp(`^${DATE}[T ]${TIME}${ZONE}?$`);
const isoDateOrTime = z
  .string()
  .regex(ISO_DATE_OR_TIME, 'expected a real ISO-8601 date (2026-12-06) or timestamp (2026-12-06T10:00:00+03:00)')
  .meta({ example: '2026-12-06' });

export const RangeFilter = z.strictObject({ from: z.number().finite().optional(), to: z.number().finite().optional() });
export const DateRangeFilter = z.strictObject({ from: isoDateOrTime.optional(), to: isoDateOrTime.optional() });

const taxId = z.string().regex(/^(\d{10}|\d{12})$/, 'a tax id (INN) has 10 or 12 digits');

export const CustomerFilter = z.strictObject({
  inn: z.array(taxId).optional(),
  ogrn: z.string().min(13).max(15).regex(/^\d+$/, 'OGRN is digits only').optional(),
  name: z.string().min(2).max(300).optional(),
});

/** Checked for "at least one of inn, name" by the route (400, not 422: section 7 names that case). */
export const SupplierFilter = z.strictObject({
  inn: z.array(taxId).optional(),
  name: z.string().min(2).max(300).optional(),
});

const okpd2Prefix = z.string().regex(/^\d{2}(\.\d{1,2})?(\.\d{1,2})?(\.\d{1,3})?$/, 'an OKPD2 code or prefix such as 26.20 or 26.20.11.110');
const keyword = z.string().trim().min(1).max(200);
const intList = z.array(z.number().int().nonnegative());

const criteriaShape = {
  keywords: z.array(keyword).max(100).optional(),
  exception_keywords: z.array(keyword).max(100).optional(),
  regions: intList.optional(),
  platforms: intList.optional(),
  placement_types: intList.optional(),
  purchase_types: intList.optional(),
  okpd2: z.array(okpd2Prefix).max(200).optional(),
  price: RangeFilter.optional(),
  publish_date: DateRangeFilter.optional(),
  start_date: DateRangeFilter.optional(),
  end_date: DateRangeFilter.optional(),
  customer: CustomerFilter.optional(),
};

const feedShape = {
  events: z.array(z.enum(['created', 'updated'])).min(1).optional(),
  cursor: z.string().min(1).max(4096).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  wait: z.number().int().min(0).max(25).optional(),
  filter_id: z.string().min(1).max(100).optional(),
  list_id: z.string().min(1).max(100).optional(),
};

const statusList = z.array(z.enum(['active', 'completed', 'cancelled'])).min(1);

export const TenderQueryRequest = z.strictObject({
  ...feedShape,
  ...criteriaShape,
  status: statusList.optional(),
  ids: z.array(z.number().int().positive()).optional(),
  // Read only so that the route can answer 400 as rule 4.5.5 says, instead of a generic 422; the document
  // (TenderQueryBody) does not offer it.
  supplier: z.unknown().optional(),
});
export type TenderQueryRequest = z.infer<typeof TenderQueryRequest>;

export const ContractQueryRequest = z.strictObject({
  ...feedShape,
  ...criteriaShape,
  /** Accepted and ignored (4.7 rule 5): contracts exist only for completed procurements. */
  status: statusList.optional(),
  tender_ids: z.array(z.number().int().positive()).optional(),
  supplier: SupplierFilter.optional(),
});
export type ContractQueryRequest = z.infer<typeof ContractQueryRequest>;

export const CRITERIA_KEYS = Object.keys(criteriaShape) as (keyof typeof criteriaShape)[];
export type Criteria = {
  [K in keyof typeof criteriaShape]?: z.infer<(typeof criteriaShape)[K]>;
} & { status?: ('active' | 'completed' | 'cancelled')[]; ids?: number[] };

/**
 * "The set is given in exactly one way" (4.5 rule 1, 4.7 rule 1): the fields of each way. A field of no way
 * (`events`, `cursor`, `limit`, `wait`, a contract QUERY's `status` and post-filter `supplier`) goes with any.
 */
export const TENDER_SET_WAYS = { criteria: [...CRITERIA_KEYS, 'status', 'ids'], filter_id: ['filter_id'], list_id: ['list_id'] } as const;
export const CONTRACT_SET_WAYS = { criteria: CRITERIA_KEYS, filter_id: ['filter_id'], list_id: ['list_id'], tender_ids: ['tender_ids'] } as const;

type Ways = Readonly<Record<string, readonly string[]>>;

/**
 * The body as a `oneOf` of its ways, made from the request schema the route parses with: one strict variant
 * per way, holding that way's fields (required unless it is the criteria, which may all be left out) and the
 * fields of no way. The route judges "one way" with this same union (query.ts), so the document's `oneOf` and
 * the server's 400 are one rule. `drop` names fields the route reads only to refuse them.
 */
function oneWay<S extends z.ZodObject>(request: S, ways: Ways, drop: readonly string[], name: string) {
  const variants = Object.entries(ways).map(([way, keys]) => {
    const others = Object.entries(ways).flatMap(([w, k]) => (w === way ? [] : k));
    const omit = Object.fromEntries([...others, ...drop].map((k) => [k, true])) as Record<string, true>;
    const variant = request.omit(omit as never) as z.ZodObject;
    const required = way === 'criteria' ? variant : variant.required(Object.fromEntries(keys.map((k) => [k, true])) as never);
    return (required as z.ZodObject).meta({ title: `${name}, set by ${way === 'criteria' ? 'criteria' : way}` });
  });
  return z.union(variants as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]);
}

export const TenderQueryBody = oneWay(TenderQueryRequest, TENDER_SET_WAYS, ['supplier'], 'Tender QUERY').meta({
  id: 'TenderQueryRequest',
  description:
    'The set is given in exactly one way: criteria, or filter_id, or list_id (mixing: 400 validation_error). ' +
    'A cursor alone continues its feed. `supplier` is not valid here (400): a supplier exists only in a contract.',
  example: { keywords: ['ноутбук'], regions: [77], status: ['active'], events: ['created'], limit: 50 },
});
export const ContractQueryBody = oneWay(ContractQueryRequest, CONTRACT_SET_WAYS, [], 'Contract QUERY').meta({
  id: 'ContractQueryRequest',
  description:
    'The set is given in exactly one way: procurement criteria, filter_id, list_id or tender_ids (mixing: 400 ' +
    'validation_error); `supplier` alone is a supplier subscription, with another way a post-filter. `status` is ignored.',
  example: { customer: { inn: ['7701234567'] }, events: ['created', 'updated'], limit: 100 },
});

export const ListCreateRequest = z
  .strictObject({
    name: z.string().min(1).max(255),
    description: z.string().max(2000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional().meta({ description: 'At most 2048 bytes of compact JSON (422 above).' }),
  })
  .meta({ id: 'ListCreateRequest', example: { name: 'Медоборудование, Москва', description: 'к совещанию', metadata: { owner: 'отдел закупок' } } });

export const ListItemsRequest = z
  .strictObject({
    ids: z.array(z.number().int().positive()).meta({ description: '1-10000 tender ids (400 validation_error outside).' }),
  })
  .meta({ id: 'ListItemsRequest', example: { ids: [101, 102] } });

export const TokenCreateRequest = z.strictObject({ name: z.string().min(1).max(100) }).meta({ id: 'TokenCreateRequest', example: { name: 'robot' } });

/**
 * A whole number read from a query or path parameter. The URL gives text; the check and the document say
 * integer (a `z.coerce` number would read `""` as 0 and `1e3` as 1000, and the generator would call it
 * nullable): decimal digits become the number, anything else stays text and fails as "expected number".
 */
export function integerParameter<N extends z.ZodNumber>(n: N) {
  return z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v), n);
}

const pageLimit = (fallback: number) =>
  integerParameter(z.number().int().min(1).max(100)).optional().meta({ description: `Page size, 1-100, default ${fallback}.`, example: fallback });

const collectionQuery = (fallback: number) =>
  z.strictObject({
    limit: pageLimit(fallback),
    starting_after: z.string().min(1).max(100).optional().meta({ description: 'Continue after this item (the previous page\'s next_cursor).' }),
  });
const numberedCollectionQuery = (fallback: number) =>
  z.strictObject({
    limit: pageLimit(fallback),
    starting_after: integerParameter(z.number().int().nonnegative())
      .optional()
      .meta({ description: 'Continue after this id (the previous page\'s next_cursor).' }),
  });

/** `GET /lists`, `GET /filters`: `limit` default 20 (4.10, 4.14). */
export const CollectionQuery = collectionQuery(20);
/** `GET /balance/ledger`, `GET /lists/{list_id}`: `limit` default 100, `starting_after` an integer (4.11, 4.17). */
export const LedgerQuery = numberedCollectionQuery(100);
export const ListDetailQuery = LedgerQuery;

const cardQuery = <const T extends readonly [string, ...string[]]>(idTypes: T, description: string) =>
  z.strictObject({
    id_type: z.enum(idTypes).optional().meta({ description }),
    positions_page: integerParameter(z.number().int().min(1)).optional().meta({ description: 'Positions page, default 1.' }),
    positions_limit: integerParameter(z.number().int().min(1).max(100))
      .optional()
      .meta({ description: 'Positions per page, default 20; at most 100 (D-LIM-2).' }),
  });
export const TenderCardQuery = cardQuery(['internal', 'external'], '`internal` (default): the id of the service; `external`: `etp_id`.');
export const ContractCardQuery = cardQuery(['internal', 'reestr'], '`internal` (default): the id of the service; `reestr`: the registry number.');

export const LoginQuery = z.strictObject({
  login: z.string().min(1).max(200).meta({ example: 'demo' }),
  password: z.string().min(1).max(200).meta({ example: 'demo' }),
  token_name: z.string().min(1).max(100).meta({ example: 'robot' }),
});

export const TokenIdPath = z.strictObject({ token_id: integerParameter(z.number().int().nonnegative()).meta({ example: 7 }) });
export const TenderIdPath = z.strictObject({ tender_id: z.string().min(1).meta({ example: '1' }) });
export const ContractIdPath = z.strictObject({ contract_id: z.string().min(1).meta({ example: '1' }) });
export const ListIdPath = z.strictObject({ list_id: z.string().min(1).meta({ example: 'lst_8f3a2c' }) });
export const FilterIdPath = z.strictObject({ filter_id: z.string().min(1).meta({ example: 'flt_3e1c9b0a4d2f6e8a1b2c3d4e' }) });
