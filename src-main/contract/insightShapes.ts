/**
 * The results of the contract's `insights.*` methods, as zod schemas typed by the shapes of
 * domain/insights.ts: each schema is declared as `z.ZodType<DomainType>`, so a field the domain adds or
 * renames fails the typecheck here instead of drifting, and the renderer's `MethodResult` is the domain type
 * itself. The host checks results against them in development (app/host/dispatch.ts).
 *
 * Pure: zod and the domain's types only (imported by contract/ipc.ts, which holds the argument validators).
 */
import { z } from 'zod';
import type {
  Completeness,
  CompetitorsAnswer,
  CountBy,
  CustomerDossier,
  FlagDefinition,
  FlagsAnswer,
  MonthPoint,
  PositionFact,
  PriceBenchmark,
  PriceQuery,
  PriceRow,
  RankedParty,
  StageCounts,
  SupplierDossier,
} from '../domain/insights';

const bilingual = z.object({ ru: z.string(), en: z.string() });
const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

const countBy: z.ZodType<CountBy> = z.object({ key: z.string(), label: nullableString, count: z.number(), value: z.number(), priced: z.number().optional() });

const rankedParty: z.ZodType<RankedParty> = z.object({
  inn: z.string(),
  name: nullableString,
  contracts: z.number(),
  total_price: z.number(),
  share_pct: nullableNumber,
  median_reduction_pct: nullableNumber,
});

const monthPoint: z.ZodType<MonthPoint> = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  tenders: z.number(),
  tender_price: z.number(),
  contracts: z.number(),
  contract_price: z.number(),
});

const stageCounts: z.ZodType<StageCounts> = z.object({ executing: z.number(), completed: z.number(), terminated: z.number(), unknown: z.number() });

const completeness: z.ZodType<Completeness> = z.object({
  completed_tenders: z.number(),
  completed_tenders_with_contract: z.number(),
  contracts_without_price: z.number(),
  contracts_without_tender: z.number(),
  tenders_without_placement: z.number(),
  contracts_without_customer: z.number().optional(),
});

export const customerDossierSchema: z.ZodType<CustomerDossier> = z.object({
  inn: z.string(),
  name: nullableString,
  tenders: z.number(),
  tenders_by_status: z.array(countBy),
  tenders_by_law: z.array(countBy),
  tenders_by_placement: z.array(countBy),
  total_initial_price: z.number(),
  contracts: z.number(),
  total_price: z.number(),
  suppliers: z.number(),
  median_reduction_pct: nullableNumber,
  reduction_sample: z.number(),
  single_supplier_share: nullableNumber,
  hhi: nullableNumber,
  top_suppliers: z.array(rankedParty),
  stages: stageCounts,
  paid_share: nullableNumber,
  timeline: z.array(monthPoint),
  completeness,
  cached: z.boolean().optional(),
});

export const supplierDossierSchema: z.ZodType<SupplierDossier> = z.object({
  inn: z.string(),
  name: nullableString,
  contracts: z.number(),
  total_price: z.number(),
  customers: z.number(),
  top_customers: z.array(rankedParty),
  regions: z.array(countBy),
  okpd2_classes: z.array(countBy),
  median_reduction_pct: nullableNumber,
  reduction_sample: z.number(),
  stages: stageCounts,
  terminations: z.number(),
  timeline: z.array(monthPoint),
  completeness,
  cached: z.boolean().optional(),
});

export const competitorsAnswerSchema: z.ZodType<CompetitorsAnswer> = z.object({
  scope: z.object({ kind: z.enum(['search', 'list']), id: z.string(), name: z.string() }),
  tenders: z.number(),
  contracts: z.number(),
  suppliers: z.array(rankedParty),
  supplier_count: z.number().optional(),
  completeness,
});

const priceQuery: z.ZodType<PriceQuery> = z.object({
  code: z.string(),
  region: z.number().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  unit: z.string().optional(),
});

const positionFact = {
  kind: z.enum(['tender', 'contract']),
  object_id: z.number(),
  version: z.number(),
  ordinal: z.number(),
  okpd2: nullableString,
  ktru: nullableString,
  title: nullableString,
  unit: nullableString,
  quantity: nullableNumber,
  unit_price: nullableNumber,
  amount: nullableNumber,
  number: nullableString,
  date_at: nullableNumber,
  customer_inn: nullableString,
  customer_name: nullableString,
  region: nullableNumber,
} satisfies { [K in keyof PositionFact]-?: z.ZodType<PositionFact[K]> };

const priceRow: z.ZodType<PriceRow> = z.object({ ...positionFact, outlier: z.boolean(), excluded: z.enum(['no_price', 'other_unit']).nullable().optional() });

export const priceBenchmarkSchema: z.ZodType<PriceBenchmark> = z.object({
  query: priceQuery,
  n: z.number(),
  n_found: z.number(),
  min: nullableNumber,
  median: nullableNumber,
  max: nullableNumber,
  mean: nullableNumber,
  cv: nullableNumber,
  homogeneous: z.boolean().nullable(),
  outlier_rule: bilingual,
  unit: nullableString.optional(),
  units: z.array(countBy),
  rows: z.array(priceRow),
  sources: z.object({ objects: z.number(), contracts: z.number(), notices: z.number(), customers: z.number(), ktru_codes: z.number() }).optional(),
  warnings: z.array(z.enum(['few_sources', 'notices_only', 'ktru_pooled'])).optional(),
});

export const flagDefinitionSchema: z.ZodType<FlagDefinition> = z.object({
  code: z.string(),
  title: bilingual,
  definition: bilingual,
  source: bilingual,
  needs: z.array(z.object({ field: z.string(), guaranteed: z.boolean() })),
});

export const flagsAnswerSchema: z.ZodType<FlagsAnswer> = z.object({
  scope: z.object({ kind: z.enum(['customer', 'supplier', 'search', 'list', 'all']), id: nullableString, name: nullableString }),
  flags: z.array(
    z.object({
      code: z.string(),
      object: z.object({ kind: z.enum(['tender', 'contract', 'customer']), id: z.string(), name: nullableString }),
      evidence: z.record(z.string(), z.unknown()),
      source: z.string(),
      dismissed: z.boolean(),
    }),
  ),
  gaps: z.array(
    z.object({
      code: z.string(),
      field: z.string(),
      objects: z.number(),
      object_kind: z.enum(['tender', 'contract', 'customer']).optional(),
      in_card: z.boolean().optional(),
    }),
  ),
  checked: z.record(z.string(), z.number()).optional(),
});
