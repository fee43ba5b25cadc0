/**
 * Request bodies of the current generation, as the reference states them. Unknown fields are rejected
 * (422, decision D-ERR-1) because a client that sends `page` or `kpp` believes in a parameter that does
 * not exist, and silently ignoring it would return a different set than it asked for.
 */
import { z } from 'zod';

const isoDateOrTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'expected an ISO-8601 date or timestamp')
  .refine((s) => !Number.isNaN(Date.parse(s.length === 10 ? s + 'T00:00:00Z' : s)), 'not a real date');

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
  // Present only so that the route can answer 400 as rule 4.5.5 says, instead of a generic 422.
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

export const ListCreateRequest = z.strictObject({
  name: z.string().min(1).max(255),
  description: z.string().max(2000).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const ListItemsRequest = z.strictObject({
  ids: z.array(z.number().int().positive()),
});

export const TokenCreateRequest = z.strictObject({ name: z.string().min(1).max(100) });

export const CollectionQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  starting_after: z.string().min(1).max(100).optional(),
});
export const LedgerQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  starting_after: z.coerce.number().int().nonnegative().optional(),
});
export const ListDetailQuery = LedgerQuery;

export const CardQuery = z.strictObject({
  id_type: z.string().optional(),
  positions_page: z.coerce.number().int().min(1).optional(),
  positions_limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const LoginQuery = z.strictObject({
  login: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
  token_name: z.string().min(1).max(100),
});
