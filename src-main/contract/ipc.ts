/**
 * The IPC contract: the single source of truth for what the renderer may ask of the main process and what
 * the main process may tell the renderer. Channel names, argument and result types, and their validators
 * all come from the two tables below (`methods`, `events`).
 *
 * - The main process validates every argument with `methods[name].args` before a handler sees it, and
 *   answers with an `IpcResponse` envelope (errors are data, in the user's language, never thrown across).
 * - The preload exposes exactly these channels (`bridge.ts`); browser mode carries the same calls over a
 *   loopback connection. The renderer is typed by `MethodArgs`/`MethodResult`/`EventPayload`.
 *
 * Pure: imports only zod and the pure domain, so main, preload, renderer and tests all import it.
 * The API token never crosses this contract towards the renderer: no result type has a field for it
 * (`profiles.add`/`profiles.setToken` carry it one way, into the keychain).
 */
import { z } from 'zod';
import { isValidInn, isValidOgrn } from '../domain/identifiers';
import { checkIsoDate, dateProblemText } from '../domain/calendarDate';
import { innProblemText } from '../domain/identifierProblems';
import { isOkpd2Code } from '../domain/okpd2';
import { periodInOrder } from '../domain/queryCriteriaCheck';
import { describeIssues } from './callBounds';
import { priceCodeProblemText } from '../domain/ktru';
import { ASSIGNEE_MAX, NOTE_MAX, PIPELINE_STATUSES, TAG_NAME_MAX, type MarkedTender, type RowMarks, type TenderMarks } from '../domain/marks';
import { assigneeProblem, colorProblem, noteProblem, statusProblem, tagNameProblem } from '../domain/markProblems';
import type { Bilingual } from '../domain/bilingual';
import { CALENDAR_EVENT_KINDS, type CalendarEvent } from '../domain/calendar';
import { EXPORT_FORMATS, PROVENANCE_FORMATS, type ExportHistoryEntry } from '../domain/provenance';
import type { NotificationTarget } from '../domain/notifications';
import { competitorsAnswerSchema, customerDossierSchema, flagDefinitionSchema, flagsAnswerSchema, priceBenchmarkSchema, supplierDossierSchema } from './insightShapes';
// The settings' own shapes live in settingsShapes.ts (the CLI reads settings.json without this whole contract).
import { documentHitSchema, documentsDiffSchema, tenderDocumentsSchema } from './documentShapes';
import { columnLayoutSchema, columnLayoutsSchema, documentSettingsSchema, localeSchema, themeChoiceSchema, notificationSettingsSchema, spendingSettingsSchema, tableKeySchema, teamConnectionSchema, teamLastRunSchema, teamSchemaName, teamUrl, triageSettingsSchema, type Locale } from './settingsShapes';
export { columnLayoutSchema, columnLayoutsSchema, LAST_RUN_SKIPPED_NAMED, localeSchema, themeChoiceSchema, notificationSettingsSchema, skippedTeamRowSchema, spendingSettingsSchema, tableKeySchema, teamConnectionSchema, teamLastRunSchema, teamSchemaName, teamUrl, triageSettingsSchema } from './settingsShapes';
export { documentSettingsSchema } from './settingsShapes';
export type { DocumentSettings } from './settingsShapes';
export { documentHitSchema, documentStateSchema, documentsDiffSchema, snippetPartSchema, tenderDocumentSchema, tenderDocumentsSchema } from './documentShapes';
export type { DocumentHitInfo, DocumentStateName, DocumentsDiffInfo, TenderDocumentInfo, TenderDocumentsInfo } from './documentShapes';
export type { Locale, NotificationSettings, SpendingSettings, StoredColumnLayout, TeamConnectionSettings, TeamLastRun, TriageSettings } from './settingsShapes';


// ---------------------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------------------


export const generationSchema = z.enum(['current', 'earlier']);
export const eventNameSchema = z.enum(['created', 'updated']);
export const objectKindSchema = z.enum(['tender', 'contract']);
export const tenderStatusSchema = z.enum(['active', 'completed', 'cancelled']);

const profileName = z.string().trim().min(1).max(64).regex(/^[\p{L}\p{N}_.-]+$/u, 'letters, digits, _ . -');
const filterId = z.string().regex(/^flt_[A-Za-z0-9_-]{1,128}$/);
const listId = z.string().regex(/^lst_[A-Za-z0-9_-]{1,128}$/);
const objectId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// A real calendar day (the domain's check, shared with the CLI and the query builder): 2026-02-31 is refused, named as such.
const isoDate = z.string().superRefine((value, ctx) => {
  const check = checkIsoDate(value);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.problem === 'format' ? 'дата ISO-8601: гггг-мм-дд' : dateProblemText(check).ru });
});
const httpUrl = z.string().url().refine((u) => /^https?:\/\//.test(u), 'http or https URL');
const range = z.strictObject({ from: z.number().finite().nonnegative().optional(), to: z.number().finite().nonnegative().optional() });
const dateRange = z.strictObject({ from: isoDate.optional(), to: isoDate.optional() });
// A search's period: «from» not after «to» (the domain's rule, which the CLI's JSON check uses too).
const period = dateRange.refine((r) => r.from === undefined || r.to === undefined || periodInOrder(r.from, r.to), 'period: "from" is after "to"');
const inn = z.string().superRefine((value, ctx) => {
  if (!isValidInn(value)) ctx.addIssue({ code: 'custom', message: innProblemText(value)?.ru ?? 'ИНН: 10 или 12 цифр' });
});
const jobId = z.string().regex(/^job_[A-Za-z0-9]{1,64}$/);
const page = z.strictObject({ offset: z.number().int().min(0).max(10_000_000).default(0), limit: z.number().int().min(1).max(500).default(100) });

/**
 * QUERY criteria of the tender feed, as the query builder sends them (the API's names and bounds, 4.5).
 * Validated here, in the renderer before sending, and again in the main process; the server has the last word.
 */
export const tenderCriteriaSchema = z
  .strictObject({
    keywords: z.array(z.string().trim().min(1).max(300)).max(100).optional(),
    exception_keywords: z.array(z.string().trim().min(1).max(300)).max(100).optional(),
    regions: z.array(z.number().int().min(1).max(999)).max(200).optional(),
    platforms: z.array(z.number().int().positive()).max(200).optional(),
    placement_types: z.array(z.number().int().positive()).max(200).optional(),
    purchase_types: z.array(z.number().int().positive()).max(200).optional(),
    okpd2: z.array(z.string().refine(isOkpd2Code, 'OKPD2 code or prefix, e.g. 26.20')).max(200).optional(),
    price: range.optional(),
    publish_date: period.optional(),
    start_date: period.optional(),
    end_date: period.optional(),
    customer: z
      .strictObject({
        inn: z.array(inn).min(1).max(100).optional(),
        ogrn: z.string().refine(isValidOgrn, 'OGRN (13) or OGRNIP (15) digits with a valid checksum').optional(),
        name: z.string().trim().min(2).max(300).optional(),
      })
      .optional(),
    status: z.array(tenderStatusSchema).min(1).optional(),
    ids: z.array(objectId).min(1).max(10_000).optional(),
  })
  .refine((c) => !c.price || c.price.from === undefined || c.price.to === undefined || c.price.from <= c.price.to, {
    message: 'price: "from" is above "to"',
    path: ['price'],
  });
export type TenderCriteria = z.infer<typeof tenderCriteriaSchema>;

/** Contracts are asked for in one of the ways of 4.7 that the Contracts view offers. */
export const contractSetSchema = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('customer'), inn: z.array(inn).min(1).max(100) }),
  z.strictObject({
    by: z.literal('supplier'),
    inn: z.array(inn).max(100).optional(),
    name: z.string().trim().min(2).max(300).optional(),
  }),
  z.strictObject({ by: z.literal('list'), listId }),
  z.strictObject({ by: z.literal('tenders'), tenderIds: z.array(objectId).min(1).max(10_000) }),
  z.strictObject({ by: z.literal('filter'), filterId }),
]);
export type ContractSet = z.infer<typeof contractSetSchema>;

/** What went wrong, in the user's language, with the server's request id when there was one. */
export const ipcErrorCodeSchema = z.enum([
  'invalid_input', // the arguments failed the contract's validator
  'not_found',
  'offline', // the server cannot be reached; cached data is still there
  'unauthorized', // the token is missing, revoked or wrong
  'balance_exhausted',
  'spend_cap',
  'rate_limited',
  'server', // 5xx or a malformed answer after retries
  'keychain_unavailable',
  'cancelled',
  'conflict', // e.g. a label already used, a profile that exists
  'not_supported', // the operation makes no sense for this profile's API generation
  'confirmation_required', // a paid run above the confirmation threshold without consent to its previewed cost
  'cache_damaged', // the profile's cache file is damaged or not a cache: moved aside, the profile waits for a rebuild
  'team_auth', // the team database refused its user or password
  'team_forbidden', // the team database's user may not create the schema or write into it
  'team_schema_too_new', // the team database was migrated by a newer app
  'disk_full', // the disk has no room left: nothing was written, nothing saved before is lost
  'internal',
]);
export type IpcErrorCode = z.infer<typeof ipcErrorCodeSchema>;
export const ipcErrorSchema = z.object({
  code: ipcErrorCodeSchema,
  message: z.string(),
  requestId: z.string().nullable().optional(),
  /** For invalid_input: which argument fields failed, as dotted paths. */
  fields: z.array(z.string()).optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;
export type IpcResponse<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** A tender as rows of tables show it: the latest cached version, flattened. */
export const tenderRowSchema = z.object({
  id: z.number(),
  version: z.number(),
  etpId: z.string().nullable(),
  name: z.string(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  status: z.string().nullable(),
  law: z.string().nullable(),
  region: z.string().nullable(),
  regionCode: z.number().nullable(),
  customerName: z.string().nullable(),
  customerInn: z.string().nullable(),
  publishDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** When this cache first received the tender. */
  receivedAt: z.string().nullable(),
  /** The analyst's marks, where the query was asked for them and the tender carries some. */
  marks: (z.object({ tags: z.array(z.object({ name: z.string(), color: z.string() })), status: z.enum(PIPELINE_STATUSES).nullable(), assignee: z.string().nullable() }) satisfies z.ZodType<RowMarks>).optional(),
  /**
   * The triage model's score, 0..1, where the source gives it (a saved search's and a list's rows);
   * null: the model has too few labels yet (the column says so).
   */
  relevance: z.number().min(0).max(1).nullable().optional(),
});
export type TenderRow = z.infer<typeof tenderRowSchema>;

export const contractRowSchema = z.object({
  id: z.number(),
  version: z.number(),
  reestrNumber: z.string().nullable(),
  tenderId: z.number().nullable(),
  price: z.number().nullable(),
  customerName: z.string().nullable(),
  customerInn: z.string().nullable(),
  suppliers: z.array(z.object({ name: z.string().nullable(), inn: z.string().nullable() })),
  signDate: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type ContractRow = z.infer<typeof contractRowSchema>;

/** A saved search's row the user has not seen as it is now: never seen there (`new`), or seen at an older version. */
export const rowMarkSchema = z.object({ id: z.number(), mark: z.enum(['new', 'changed']), version: z.number(), seenVersion: z.number().nullable() });
export type RowMark = z.infer<typeof rowMarkSchema>;
export const seenCountsSchema = z.object({ new: z.number(), changed: z.number() });

export const sortSchema = z.strictObject({
  column: z.enum(['receivedAt', 'publishDate', 'endDate', 'price', 'name', 'region', 'customerName', 'id']),
  direction: z.enum(['asc', 'desc']),
});
/** A list's members also sort by the list's own order (`listOrder`, the default: the order its export keeps). */
export const listSortSchema = z.strictObject({
  column: z.enum([...sortSchema.shape.column.options, 'listOrder']),
  direction: z.enum(['asc', 'desc']),
});
export type ListSort = z.infer<typeof listSortSchema>;
/** A saved search's and a list's table also sort by relevance (the core orders by the triage model). */
export const resultsSortSchema = z.strictObject({ column: z.enum([...sortSchema.shape.column.options, 'relevance']), direction: z.enum(['asc', 'desc']) });
export const membersSortSchema = z.strictObject({ column: z.enum([...listSortSchema.shape.column.options, 'relevance']), direction: z.enum(['asc', 'desc']) });
export type MembersSort = z.infer<typeof membersSortSchema>;
/** A list member's row: its place in the list's order (1 for the first member). */
export const listMemberRowSchema = tenderRowSchema.extend({ listPosition: z.number() });
export type ListMemberRow = z.infer<typeof listMemberRowSchema>;


export const profileInfoSchema = z.object({
  name: z.string(),
  baseUrl: z.string(),
  generation: generationSchema,
  /** The built-in sandbox profile: started in-process on a loopback port, needs no token. */
  builtIn: z.boolean(),
  hasToken: z.boolean(),
  active: z.boolean(),
});
export type ProfileInfo = z.infer<typeof profileInfoSchema>;
/** A user's earlier-generation profile said to be the same account as a current-generation one (D-ACC-1). */
export const accountLinkSchema = z.object({ earlier: z.string(), current: z.string() });
export type AccountLink = z.infer<typeof accountLinkSchema>;

export const savedSearchSchema = z.object({
  filterId: z.string(),
  label: z.string().nullable(),
  criteria: z.record(z.string(), z.unknown()),
  events: z.array(eventNameSchema),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  newSinceSeen: z.number(),
  updatedSinceSeen: z.number(),
  /** Tenders of this search held in the cache. */
  cachedCount: z.number(),
  /** The server's last `total`, if known. */
  total: z.number().nullable(),
  following: z.boolean(),
});
export type SavedSearchInfo = z.infer<typeof savedSearchSchema>;

export const versionInfoSchema = z.object({
  version: z.number(),
  receivedAt: z.string(),
  billed: z.boolean(),
  via: z.string(),
  /**
   * Whose word the version is: `api` (delivered to this machine), `team` (a teammate's row with the
   * API's delivery evidence), `team_unproven` (a teammate's row without it: history, never shown over the API's).
   */
  from: z.enum(['api', 'team', 'team_unproven']).optional(),
});

export const cardResultSchema = z.object({
  kind: objectKindSchema,
  /** The card as the API delivered it (unknown fields kept). */
  card: z.record(z.string(), z.unknown()),
  version: z.number(),
  /** cache: no request was made; server: fetched now (charged says whether it cost a unit). */
  source: z.enum(['cache', 'server']),
  charged: z.boolean(),
  positionsPage: z.number(),
  positionsLimit: z.number(),
  versions: z.array(versionInfoSchema),
  listIds: z.array(z.string()),
  /**
   * The card was never opened and the server cannot be reached: `card` is the version's stored object (from a
   * feed), without the card's positions and documents (say «не загружены», not «нет»).
   */
  storedObject: z.boolean().optional(),
});
export type CardResult = z.infer<typeof cardResultSchema>;

export const listInfoSchema = z.object({
  listId: z.string(),
  /** The name shown: the one given in this app (`lists.rename`), else the server's. */
  name: z.string(),
  /** The server's name: immutable after creation (reference 2.6a). */
  serverName: z.string(),
  description: z.string(),
  createdAt: z.string(),
  itemsCount: z.number(),
  /** Edits made offline that wait for the network. */
  pendingEdits: z.number(),
});
export type ListInfo = z.infer<typeof listInfoSchema>;

export const syncJobSchema = z.object({
  jobId: z.string(),
  filterId: z.string(),
  label: z.string().nullable(),
  feeds: z.array(objectKindSchema),
  state: z.enum(['running', 'following', 'done', 'cancelled', 'failed', 'spend_cap', 'balance_exhausted']),
  pages: z.number(),
  items: z.number(),
  charged: z.number(),
  free: z.number(),
  /** The sum of the set totals of the feeds counted in `items` (null while one of them has stated none). */
  total: z.number().nullable(),
  /**
   * What the cache holds of the set (its members: a saved search's «в кэше»), the figure shown against `total`
   * (a follow of a set held whole read «0 из 43», this run's items); null when the job does not know
   * it (an enrichment, an earlier-generation filter, before a feed's first report): then `items` is shown.
   */
  held: z.number().nullable().optional(),
  /** Per feed (tenders, contracts): items delivered and members held against that feed's own set total, so figures compare like with like. */
  byFeed: z.array(z.object({ feed: objectKindSchema, items: z.number(), total: z.number().nullable(), held: z.number().nullable().optional() })).optional(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: ipcErrorSchema.nullable(),
  /** The client is holding its next request to the API's 100 a minute until then (no silent stall). */
  pausedUntil: z.string().nullable().optional(),
  /** What the analyst should know about the run, in their language (a feed started again from the saved criteria). */
  notice: z.string().nullable().optional(),
});
export type SyncJob = z.infer<typeof syncJobSchema>;

export const ledgerRowSchema = z.object({
  id: z.number(),
  balanceType: z.enum(['tenders', 'contracts']),
  amount: z.number(),
  objectId: z.number(),
  /** Its number and subject from the version held («№ … · Поставка …»), null when nothing of it is held. */
  objectTitle: z.string().nullable(),
  version: z.number(),
  filterId: z.string().nullable(),
  /** The filter's one name (i18n/filterName.ts), also after its saved search was deleted; null for a card. */
  searchName: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** matched: exactly one local delivery; repeat: this (object, version) charged more than once; unexplained: no local delivery. */
  audit: z.enum(['matched', 'repeat', 'unexplained']),
});
export type LedgerRowInfo = z.infer<typeof ledgerRowSchema>;

export const auditVerdictSchema = z.object({
  rows: z.number(),
  matched: z.number(),
  repeatCharges: z.array(z.object({ kind: objectKindSchema, id: z.number(), version: z.number(), times: z.number() })),
  unexplained: z.array(z.number()),
  ok: z.boolean(),
  checkedAt: z.string(),
  /** Of `matched`, rows explained only by a delivery of their request (a card stored without its version). */
  matchedByRequest: z.number(),
  /** Rows whose request is a quarantined answer: delivered and paid, kept raw, not understood yet. */
  notUnderstood: z.array(z.object({ quarantineId: z.number(), route: z.string(), reason: z.string(), receivedAt: z.string(), ledgerIds: z.array(z.number()) })),
  /** Charges responses told of that the ledger lacks: per response, per balance, and figures above the ledger. */
  missingByRequest: z.array(z.object({ requestId: z.string(), balanceType: z.enum(['tenders', 'contracts']), said: z.number(), inLedger: z.number() })),
  missingByBalance: z.array(z.object({ balanceType: z.enum(['tenders', 'contracts']), seen: z.number(), inLedger: z.number() })),
  overLedger: z.array(z.object({ balanceType: z.enum(['tenders', 'contracts']), figure: z.enum(['period_total', 'usage_today']), value: z.number(), inLedger: z.number() })),
  /** Units charged as responses told. */
  seen: z.object({ tenders: z.number(), contracts: z.number() }),
  /** False offline: charges seen were not compared with a ledger that may be older than them. */
  ledgerPulled: z.boolean(),
  /** The ledger is empty although charges were made: the audit checked nothing and fails. */
  vacuous: z.boolean(),
});

export const exportColumnSchema = z.object({ key: z.string(), title: z.string() });

// --- The earlier API generation (reference document 2): a profile of generation `earlier` -----------------

/** Filter ids of the earlier generation are the service's integers (filters are made in its web interface). */
const earlierFilterId = z.number().int().positive().max(2 ** 31);
const earlierEtpId = z.string().trim().min(1).max(100);
const pageNumber = z.number().int().min(1).max(1_000_000).default(1);
const earlierPageSize = z.number().int().min(1).max(100).default(20);

export const earlierFilterSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  createdDate: z.string().nullable(),
  /** false: the service collects nothing for it until auto search is switched on in its web interface. */
  autosearch: z.boolean(),
  /** Tenders of this filter held in the cache. */
  cachedCount: z.number(),
  /** Tenders that arrived (charged, `is_new`) since the user last looked at the filter. */
  newSinceSeen: z.number(),
  lastSyncAt: z.string().nullable(),
  /** The last sync read every page to the end (an interrupted one resumes to the end next time). */
  complete: z.boolean(),
  /** The service no longer has it (deleted in its web interface: a 404, or a whole list without it); its tenders stay. */
  gone: z.boolean().optional(),
});
export type EarlierFilterInfo = z.infer<typeof earlierFilterSchema>;

/** A tender of the earlier generation as its rows show it: the latest cached copy. */
export const earlierTenderRowSchema = z.object({
  id: z.number(),
  etpId: z.string().nullable(),
  name: z.string(),
  price: z.number().nullable(),
  status: z.string().nullable(),
  region: z.string().nullable(),
  platform: z.string().nullable(),
  customerName: z.string().nullable(),
  customerInn: z.string().nullable(),
  publishDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updateDate: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** The delivery that first brought it was charged (`is_new`). */
  charged: z.boolean(),
  /** Arrived since the user last looked (filters) or in this answer (favorites updates). */
  isNew: z.boolean(),
});
export type EarlierTenderRow = z.infer<typeof earlierTenderRowSchema>;

export const earlierFavoriteSchema = z.object({
  id: z.number(),
  etpId: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  publishDate: z.string().nullable(),
  endDate: z.string().nullable(),
  region: z.string().nullable(),
  platform: z.string().nullable(),
  status: z.string().nullable(),
  favoritedAt: z.string().nullable(),
  /** The cached copy's update_date, and whether it is later than favorited_at ("changed since added"). */
  updateDate: z.string().nullable(),
  changedSinceAdded: z.boolean(),
});
export type EarlierFavorite = z.infer<typeof earlierFavoriteSchema>;

const dailyLimitSchema = z.object({ current: z.number(), limit: z.number(), remaining: z.number(), date: z.string().nullable(), resetAt: z.string().nullable() });
export const earlierBalanceSchema = z.object({
  balance: z.object({ tenders: z.number(), contracts: z.number(), protocols: z.number() }),
  limits: z.object({ tenders: dailyLimitSchema, contracts: dailyLimitSchema, protocols: dailyLimitSchema }),
  license: z.object({ active: z.boolean(), endDate: z.string().nullable() }),
  lastUpdated: z.string().nullable(),
  /** The next 00:00 Moscow time, when the daily limits reset. */
  nextResetAt: z.string(),
  /** The client refuses new tenders until this moment (a daily limit was hit); null when not blocked. */
  blockedUntil: z.string().nullable(),
  fetchedAt: z.string().nullable(),
  fromCache: z.boolean(),
});
export type EarlierBalance = z.infer<typeof earlierBalanceSchema>;

export const earlierTransactionSchema = z.object({
  id: z.number(),
  amount: z.number(),
  type: z.enum(['debit', 'credit']),
  description: z.string(),
  balanceType: z.string(),
  entityId: z.number().nullable(),
  entityType: z.string().nullable(),
  filterId: z.number().nullable(),
  createdAt: z.string().nullable(),
});
export type EarlierTransaction = z.infer<typeof earlierTransactionSchema>;

const exportResultSchema = z.object({
  saved: z.boolean(),
  path: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  fileName: z.string(),
  rows: z.number(),
  /** Browser mode, a CSV: its provenance (`FILE.provenance.json`) as a second one-time download. */
  provenanceDownload: z.object({ url: z.string(), fileName: z.string() }).optional(),
});

const empty = z.strictObject({});

/** A list name as typed: its length is checked by the core, which names the limit (the bound here only caps the message). */
const listNameArg = z.string().trim().min(1).max(100_000);
const exportColumnKeys = z.array(z.string().max(64)).min(1).max(100);
const csvDelimiter = z.enum([';', ',', '\t']).default(';');
/** true: digit strings Excel would mangle (notice numbers, INNs with a leading zero) as `="…"`; false: plain text for other programs. */
const csvForExcel = z.boolean().default(true);
/** A table export's file format: CSV (the default, with a FILE.provenance.json beside it) or XLSX (typed cells, a «Источник» sheet). */
const tableExportFormat = z.enum(EXPORT_FORMATS).default('csv');
const exportSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), list_id: z.string(), name: z.string() }),
  z.object({ kind: z.literal('search'), filter_id: z.string(), label: z.string().nullable(), criteria: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.literal('dossier'), party: z.enum(['customer', 'supplier']), inn: z.string(), name: z.string().nullable() }),
  z.object({ kind: z.literal('ledger') }),
  z.object({ kind: z.literal('earlier_filter'), filter_id: z.number(), name: z.string().nullable() }),
  z.object({ kind: z.literal('earlier_favorites') }),
  z.object({ kind: z.literal('price_benchmark'), query: z.object({ code: z.string(), region: z.number().optional(), from: z.string().optional(), to: z.string().optional(), unit: z.string().optional() }) }),
  // Lazy: the scope's schema is declared with the calendar's methods, further down.
  z.object({ kind: z.literal('calendar'), scope: z.lazy(() => calendarScopeSchema), name: z.string() }),
]);
export const exportHistoryEntrySchema = z.object({
  id: z.number(),
  file_name: z.string(),
  path: z.string().nullable(),
  provenance: z.object({
    what: exportSubjectSchema,
    made_at: z.string(),
    freshness: z.string().nullable(),
    units: z.number(),
    rows: z.number(),
    format: z.enum(PROVENANCE_FORMATS),
    app_version: z.string(),
  }),
}) satisfies z.ZodType<ExportHistoryEntry>;

export const spendingStateSchema = spendingSettingsSchema.extend({ spentToday: z.number(), day: z.string() });
/**
 * What a paid run would cost before it starts: `bound` is the most it can spend (the estimate, else its cap;
 * null when neither is known); consent to `bound` (as `confirmCost`) is needed when `needsConfirm`.
 */
export const spendEstimateSchema = z.object({
  total: z.number().nullable(),
  held: z.number(),
  estimate: z.number().nullable(),
  bound: z.number().nullable(),
  confirmAbove: z.number(),
  needsConfirm: z.boolean(),
  /** Earlier generation: tenders of the filter this account already holds through the current generation (charged again). */
  heldInCurrent: z.number().nullable().optional(),
});
export type SpendEstimate = z.infer<typeof spendEstimateSchema>;
/** Consent to a previewed cost; the core previews again and refuses when the new preview is higher. */
const confirmCost = z.number().int().min(0).max(1_000_000_000).optional();

// Intelligence from the cache: what the insights.* methods take (results: contract/insightShapes.ts).
/** A price benchmark's question (domain PriceQuery): the code an OKPD2 or KTRU code or prefix, the period in Moscow calendar days. */
export const priceQuerySchema = z
  .strictObject({
    code: z.string().trim().superRefine((value, ctx) => {
      const problem = priceCodeProblemText(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.ru });
    }),
    region: z.number().int().min(1).max(99).optional(),
    from: isoDate.refine((d) => d.length === 10, 'дата: гггг-мм-дд').optional(),
    to: isoDate.refine((d) => d.length === 10, 'дата: гггг-мм-дд').optional(),
    unit: z.string().trim().min(1).max(100).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || periodInOrder(q.from, q.to), 'period: "from" is after "to"');
/**
 * Enrichment: what opening the cards of cached objects without positions would take. A card of a
 * held version costs 0 (`expectedCost`); it costs one unit only when the server has meanwhile a newer version,
 * unknown before asking, so `worstCase` (one unit per object) is what `spend` plans and consent covers.
 */
export const enrichEstimateSchema = z.object({
  kinds: z.array(z.enum(['tender', 'contract'])),
  /** Cached objects whose newest version has no cached positions (all pages). */
  objects: z.number(),
  /** Of these, cards never opened (their first page). */
  cards: z.number(),
  /** Further positions pages known to be missing; more may show when a first page states its total. */
  pages: z.number(),
  /** At least cards + pages. */
  requests: z.number(),
  /** The profile's request rate (per minute) and the time the requests take at it, in minutes. */
  perMinute: z.number(),
  minutes: z.number(),
  expectedCost: z.number(),
  worstCase: z.number(),
  spend: spendEstimateSchema,
});
export type EnrichEstimate = z.infer<typeof enrichEstimateSchema>;
const enrichKinds = z.array(z.enum(['tender', 'contract'])).min(1).max(2).default(['tender', 'contract']);
const backfillKind = z.enum(['customer', 'supplier']);
/** Whose tenders a competitors answer ranks the winners of. */
export const insightScopeSchema = z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('search'), filterId }), z.strictObject({ kind: z.literal('list'), listId })]);
/** Which objects a flags answer covers. */
export const flagScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('customer'), inn }),
  z.strictObject({ kind: z.literal('supplier'), inn }),
  z.strictObject({ kind: z.literal('search'), filterId }),
  z.strictObject({ kind: z.literal('list'), listId }),
  z.strictObject({ kind: z.literal('all') }),
]);
const flagCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
/** The object a flag was raised on: a tender or contract by its id, a customer by its INN. */
const flagObject = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['tender', 'contract']), id: z.string().regex(/^[1-9]\d{0,15}$/) }),
  z.strictObject({ kind: z.literal('customer'), id: inn }),
]);

// Marks and the deadlines calendar.
/**
 * A string checked by a domain rule whose words come in both languages (domain/markProblems.ts): the issue
 * carries both, and `describeIssues` answers in the reader's (the message alone is the Russian one).
 */
const checkedBy = (problem: (value: string) => Bilingual | null) =>
  z.string().superRefine((value, ctx) => {
    const text = problem(value);
    if (text !== null) ctx.addIssue({ code: 'custom', message: text.ru, params: { text } });
  });
const markStatus = checkedBy(statusProblem).pipe(z.enum(PIPELINE_STATUSES));
const tagName = checkedBy(tagNameProblem).pipe(z.string().trim().max(TAG_NAME_MAX));
const tagColor = checkedBy(colorProblem);
const tagId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A filter over marks (domain MarkFilter): every given part must hold; tags: all of them. */
export const markFilterSchema = z.strictObject({
  tags: z.array(tagName).min(1).max(50).optional(),
  status: z.array(markStatus).min(1).max(PIPELINE_STATUSES.length).optional(),
  assignee: z.string().trim().min(1).max(ASSIGNEE_MAX).optional(),
});
/** One change of marks on many tenders (domain MarkChange). */
export const markChangeSchema = z.strictObject({
  tender_ids: z.array(objectId).min(1).max(10_000),
  add_tags: z.array(tagName).max(50).optional(),
  remove_tags: z.array(tagName).max(50).optional(),
  status: markStatus.nullable().optional(),
  assignee: checkedBy(assigneeProblem).nullable().optional(),
  note: checkedBy(noteProblem).pipe(z.string().max(NOTE_MAX)).optional(),
  interest: z.boolean().nullable().optional(),
});
/** Which tenders triage ranks: every saved search's, one search's, one list's, or every held one. */
export const triageScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('searches') }),
  z.strictObject({ kind: z.literal('search'), filterId }),
  z.strictObject({ kind: z.literal('list'), listId }),
  z.strictObject({ kind: z.literal('all') }),
]);
export type TriageScope = z.infer<typeof triageScopeSchema>;
const triageQualitySchema = z.object({ held_out: z.number(), auc: z.number().nullable(), precision_at_k: z.number().nullable(), k: z.number() });
export const triageAnswerSchema = z.object({
  model: z.object({
    ready: z.boolean(),
    positives: z.number(),
    negatives: z.number(),
    min_each: z.number(),
    kind: z.enum(['logistic', 'naive_bayes']).nullable(),
    quality: triageQualitySchema.nullable(),
    trained_at: z.string().nullable(),
    retrained: z.boolean(),
  }),
  total: z.number(),
  tenders: z.array(
    z.object({
      id: z.number(),
      score: z.number(),
      likely: z.boolean(),
      reasons: z.array(z.string()),
      name: z.string().nullable(),
      publish_date: z.string().nullable(),
      end_date: z.string().nullable(),
      law: z.string().nullable(),
      region: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
    }),
  ),
});
export type TriageAnswerInfo = z.infer<typeof triageAnswerSchema>;
const markTagSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export const tenderMarksSchema = z.object({
  tender_id: z.number(),
  tags: z.array(markTagSchema),
  status: z.enum(PIPELINE_STATUSES).nullable(),
  assignee: z.string().nullable(),
  notes: z.array(z.object({ id: z.number(), text: z.string(), at: z.string() })),
  interest: z.boolean().nullable(),
  marked_version: z.number().nullable(),
  marked_at: z.string().nullable(),
  latest_version: z.number().nullable(),
  changed_since_marked: z.boolean(),
}) satisfies z.ZodType<TenderMarks>;
/** A marked tender as the board and the CLI show it (domain MarkedTender): what the cache holds of it, and its marks. */
export const markedTenderSchema = z.object({
  id: z.number(),
  held: z.boolean(),
  name: z.string().nullable(),
  customer_name: z.string().nullable(),
  price: z.number().nullable(),
  end_date: z.string().nullable(),
  tender_status: z.string().nullable(),
  marks: tenderMarksSchema,
}) satisfies z.ZodType<MarkedTender>;
/** Whose deadlines (domain CalendarScope): marked tenders, a list's members, a saved search's tenders. */
export const calendarScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('marked'), filter: markFilterSchema.optional() }),
  z.strictObject({ kind: z.literal('list'), listId }),
  z.strictObject({ kind: z.literal('search'), filterId }),
]);
/** A dated event of a tender (domain CalendarEvent). */
export const calendarEventSchema = z.object({
  uid: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  tender_id: z.number(),
  contract_id: z.number().optional(),
  title: z.string(),
  at: z.string(),
  date_only: z.boolean().optional(),
  url: z.string().optional(),
  customer_name: z.string().optional(),
  tender_status: z.string().optional(),
  tender_end_date: z.string().optional(),
  notice_number: z.string().optional(),
  price: z.number().optional(),
  currency: z.string().optional(),
  stage: z.number().optional(),
  version: z.number().optional(),
}) satisfies z.ZodType<CalendarEvent>;
export const notificationTargetSchema = z.discriminatedUnion('view', [
  z.object({ view: z.literal('search'), filterId: z.string() }),
  z.object({ view: z.literal('card'), tenderId: z.number() }),
  z.object({ view: z.literal('calendar') }),
]) satisfies z.ZodType<NotificationTarget>;
const CALENDAR_WORDS = {
  instant: { ru: 'момент ISO-8601 со смещением, например 2026-03-02T00:00:00+03:00', en: 'an ISO-8601 instant with an offset, e.g. 2026-03-02T00:00:00+03:00' },
  order: { ru: 'начало периода должно быть раньше конца', en: 'the period must start before it ends' },
  span: { ru: 'период не длиннее 400 дней', en: 'a period of at most 400 days' },
} satisfies Record<string, Bilingual>;
const isoInstant = z.iso.datetime({ offset: true });
const instant = z.string().superRefine((value, ctx) => {
  if (!isoInstant.safeParse(value).success) ctx.addIssue({ code: 'custom', message: CALENDAR_WORDS.instant.ru, params: { text: CALENDAR_WORDS.instant } });
});

// ---------------------------------------------------------------------------------------------------------
// Methods: renderer → main, request and answer
// ---------------------------------------------------------------------------------------------------------

export const teamStatusSchema = z.object({
  connection: teamConnectionSchema.nullable(),
  /** Whether the keychain holds a password for this connection (the password itself never comes back). */
  passwordStored: z.boolean(),
  running: z.boolean(),
  /** The running sync's progress in the user's words. */
  progress: z.string().nullable(),
  lastRun: teamLastRunSchema.nullable(),
  /**
   * The profile the connection belongs to (the one active when it was saved; only its cache syncs), null when
   * unbound (kept from before, when the sandbox was active). `forActiveProfile`: the active profile is it.
   */
  connectionProfile: z.string().nullable(),
  activeProfile: z.string().nullable(),
  forActiveProfile: z.boolean(),
  /** The built-in sandbox is active: demo data never syncs with a team database, so no connection can be saved. */
  sandboxActive: z.boolean(),
  /** The name a run signs changes with when none is typed (the OS user's name, else «—»). */
  defaultAuthor: z.string(),
});
export type TeamStatus = z.infer<typeof teamStatusSchema>;

function method<A extends z.ZodType, R extends z.ZodType>(args: A, result: R) {
  return { args, result } as const;
}

export const methods = {
  // The app and its status.
  'app.info': method(
    empty,
    z.object({
      version: z.string(),
      locale: localeSchema,
      /** browser: the loopback bridge of `npm run web`; electron: the desktop window. */
      mode: z.enum(['electron', 'browser']),
      activeProfile: profileInfoSchema.nullable(),
      online: z.boolean(),
      pendingEdits: z.number(),
      dataDir: z.string(),
    }),
  ),
  'app.setLocale': method(z.strictObject({ locale: localeSchema }), z.object({ locale: localeSchema })),
  /** Every table's remembered column layout. */
  'ui.columnLayouts': method(empty, columnLayoutsSchema),
  /** Remembers one table's column layout (null: back to its defaults). */
  'ui.setColumnLayout': method(z.strictObject({ table: tableKeySchema, layout: columnLayoutSchema.nullable() }), z.object({ saved: z.boolean() })),
  /** The theme chosen in Settings ('system': as the OS says). */
  'ui.theme': method(empty, z.object({ theme: themeChoiceSchema })),
  'ui.setTheme': method(z.strictObject({ theme: themeChoiceSchema }), z.object({ theme: themeChoiceSchema })),
  /** Money settings with what was spent today (Moscow day) by the active profile. */
  'spending.get': method(empty, spendingStateSchema),
  'spending.set': method(spendingSettingsSchema, spendingStateSchema),
  /** Opens an https link (tender documents, source pages) in the user's browser; anything else is refused. */
  'app.openExternal': method(z.strictObject({ url: z.string().max(4096) }), z.object({ opened: z.boolean() })),

  // Profiles and the keychain. The token goes in, never out.
  'profiles.list': method(empty, z.array(profileInfoSchema)),
  'profiles.add': method(
    z.strictObject({ name: profileName, baseUrl: httpUrl, generation: generationSchema.default('current'), token: z.string().min(8).max(4096) }),
    profileInfoSchema,
  ),
  'profiles.remove': method(z.strictObject({ name: profileName }), z.object({ removed: z.boolean() })),
  'profiles.activate': method(z.strictObject({ name: profileName }), profileInfoSchema),
  'profiles.setToken': method(z.strictObject({ name: profileName, token: z.string().min(8).max(4096) }), profileInfoSchema),
  /** The user's "same account" links between an earlier-generation and a current-generation profile. */
  'profiles.accountLinks': method(empty, z.array(accountLinkSchema)),
  /** Links the profile to one of the other generation as the same account (null: unlinks it); checked by the core. */
  'profiles.linkAccount': method(z.strictObject({ name: profileName, sameAccountAs: profileName.nullable() }), z.array(accountLinkSchema)),

  // API tokens of the account (server side). The secret of a new token is shown once and not stored by us.
  'tokens.list': method(
    empty,
    z.array(z.object({ id: z.number(), name: z.string(), preview: z.string().nullable(), active: z.boolean(), createdAt: z.string().nullable(), lastUsedAt: z.string().nullable() })),
  ),
  'tokens.create': method(z.strictObject({ name: z.string().trim().min(1).max(100) }), z.object({ id: z.number(), name: z.string(), secret: z.string(), createdAt: z.string().nullable() })),
  'tokens.revoke': method(z.strictObject({ id: z.number().int().positive() }), z.object({ revoked: z.boolean() })),

  // Search and saved searches (current generation).
  /** `limit: 1` QUERY: the set's `total` for at most one unit. Does not save the search. */
  'search.preview': method(
    z.strictObject({ criteria: tenderCriteriaSchema, maxSpend: z.number().int().min(0).optional() }),
    z.object({ filterId: z.string(), total: z.number().nullable(), charged: z.number(), costUpTo: z.number().nullable(), spend: spendEstimateSchema.optional() }),
  ),
  /** Saves the search (or reuses it) and starts reading it; progress comes as `sync.progress` events. */
  'search.run': method(
    z.strictObject({
      criteria: tenderCriteriaSchema,
      label: z.string().trim().min(1).max(200).optional(),
      events: z.array(eventNameSchema).min(1).default(['created']),
      maxSpend: z.number().int().min(0).optional(),
      confirmCost,
    }),
    z.object({ filterId: z.string(), jobId: z.string() }),
  ),
  /** Rows of a saved search from the cache, sorted; paged for a virtualized table. */
  'search.results': method(
    z.strictObject({ filterId, sort: resultsSortSchema.optional(), marks: markFilterSchema.optional(), ...page.shape }),
    z.object({ rows: z.array(tenderRowSchema), cachedCount: z.number(), total: z.number().nullable() }),
  ),
  /** A saved search's cached results as CSV in the table's sort (columns as `lists.exportColumns`), like `lists.export`. */
  'search.export': method(
    z.strictObject({ filterId, sort: sortSchema.optional(), columns: exportColumnKeys, delimiter: csvDelimiter, excel: csvForExcel, format: tableExportFormat }),
    exportResultSchema,
  ),
  /** Full-text search over everything cached, with no network and no charge. */
  'search.offline': method(
    z.strictObject({
      text: z.string().max(1000).default(''),
      price: range.optional(),
      publishDate: dateRange.optional(),
      endDate: dateRange.optional(),
      regions: z.array(z.number().int().min(1).max(999)).max(200).optional(),
      okpd2: z.array(z.string().max(20)).max(200).optional(),
      status: z.array(tenderStatusSchema).optional(),
      /** Only tenders whose marks match. */
      marks: markFilterSchema.optional(),
      order: z.enum(['newest', 'relevance']).default('newest'),
      ...page.shape,
    }),
    z.object({ rows: z.array(tenderRowSchema), count: z.number(), countIsEstimate: z.boolean() }),
  ),
  'savedSearches.list': method(empty, z.array(savedSearchSchema)),
  'savedSearches.rename': method(z.strictObject({ filterId, label: z.string().trim().min(1).max(200) }), savedSearchSchema),
  'savedSearches.markSeen': method(z.strictObject({ filterId }), savedSearchSchema),
  /**
   * Which of these tenders of a saved search are new or changed since the user saw them (rows not listed are
   * seen). The first call for a search takes everything it holds then as seen. `counts` (how many rows of the
   * whole search are new and changed) only when asked: it reads every member, so not with every page.
   */
  'savedSearches.rowMarks': method(
    z.strictObject({ filterId, ids: z.array(objectId).max(1000), counts: z.boolean().default(false) }),
    z.object({ marks: z.array(rowMarkSchema), counts: seenCountsSchema.nullable() }),
  ),
  /** Takes these tenders of a saved search (all of them when `ids` is absent) as seen at the version held now. */
  'savedSearches.markRowsSeen': method(z.strictObject({ filterId, ids: z.array(objectId).max(10_000).optional() }), z.object({ marked: z.number(), counts: seenCountsSchema })),
  /** Keep reading with long polls until stopped (`sync.cancel`) — new items arrive as `feed.updated` events. */
  'savedSearches.follow': method(z.strictObject({ filterId, follow: z.boolean() }), savedSearchSchema),
  /** Ends the server subscription (DELETE /filters) and forgets the search locally; cached tenders stay. */
  'savedSearches.extinguish': method(z.strictObject({ filterId }), z.object({ extinguished: z.boolean() })),

  // Sync jobs.
  'sync.start': method(
    z.strictObject({ filterId, contracts: z.boolean().default(false), maxSpend: z.number().int().min(0).optional(), follow: z.boolean().default(false), confirmCost }),
    z.object({ jobId: z.string() }),
  ),
  /** What `sync.start` of a saved search would cost (the held tenders are not charged again). */
  'sync.estimate': method(z.strictObject({ filterId, contracts: z.boolean().default(false), maxSpend: z.number().int().min(0).optional() }), spendEstimateSchema),
  'sync.cancel': method(z.strictObject({ jobId }), z.object({ cancelled: z.boolean() })),
  'sync.jobs': method(empty, z.array(syncJobSchema)),

  // Cards: a cached version opens with no request (free, offline).
  'card.tender': method(
    z.strictObject({
      id: z.union([objectId, z.string().trim().min(1).max(100)]),
      idType: z.enum(['internal', 'external']).default('internal'),
      positionsPage: z.number().int().min(1).default(1),
      positionsLimit: z.number().int().min(1).max(100).default(20),
    }),
    cardResultSchema,
  ),
  'card.contract': method(
    z.strictObject({
      id: z.union([objectId, z.string().trim().min(1).max(100)]),
      idType: z.enum(['internal', 'reestr']).default('internal'),
      positionsPage: z.number().int().min(1).default(1),
      positionsLimit: z.number().int().min(1).max(100).default(20),
    }),
    cardResultSchema,
  ),
  /**
   * A card by what an analyst pastes: a notice number, a contract registry number or a zakupki.gov.ru link
   * (domain/openReference.ts reads it in the core, with a Russian message when it cannot). Answers the card
   * with the internal id to navigate to.
   */
  'card.open': method(z.strictObject({ reference: z.string().max(2000) }), cardResultSchema.extend({ id: objectId })),
  /** A stored version of an object as delivered, for the history diff. */
  'card.version': method(z.strictObject({ kind: objectKindSchema, id: objectId, version: z.number().int().min(-2_000_000_000) }), z.object({ object: z.record(z.string(), z.unknown()), receivedAt: z.string() })),
  /** Contracts of a tender: cached ones at once, `refresh` asks the contract feed (tender_ids). */
  'card.relatedContracts': method(z.strictObject({ tenderId: objectId, refresh: z.boolean().default(false) }), z.object({ rows: z.array(contractRowSchema), jobId: z.string().nullable() })),

  // Contracts.
  /** Starts reading the contract feed of a set; rows come from `contracts.rows`. */
  'contracts.query': method(z.strictObject({ set: contractSetSchema, maxSpend: z.number().int().min(0).optional(), confirmCost }), z.object({ filterId: z.string().nullable(), jobId: z.string() })),
  /**
   * What reading a contract set would cost, before it is read: a `limit: 1` QUERY (at most one unit) gives
   * the set's `total`; `costUpTo` is the upper bound (one unit per contract, the reference's charge per new
   * version), `held` how many of its contracts this cache already holds (their held versions are free).
   */
  'contracts.preview': method(
    z.strictObject({ set: contractSetSchema, maxSpend: z.number().int().min(0).optional() }),
    z.object({ filterId: z.string(), total: z.number().nullable(), charged: z.number(), held: z.number(), costUpTo: z.number().nullable(), spend: spendEstimateSchema }),
  ),
  'contracts.rows': method(
    z.strictObject({ customerInn: z.string().max(12).optional(), supplierInn: z.string().max(12).optional(), supplierName: z.string().max(300).optional(), listId: listId.optional(), tenderIds: z.array(objectId).max(10_000).optional(), ...page.shape }),
    z.object({ rows: z.array(contractRowSchema), count: z.number() }),
  ),

  // Lists: edits are queued (outbox) and sent when the network allows, never twice.
  'lists.list': method(empty, z.array(listInfoSchema)),
  // The name's 255-character limit is checked by the core (domain/listName.ts) with a message in the user's language.
  'lists.create': method(z.strictObject({ name: listNameArg, description: z.string().max(2000).optional() }), listInfoSchema),
  /** A name seen only in this app (the API has no rename route and list fields are immutable); null: the server's again. */
  'lists.rename': method(z.strictObject({ listId, name: listNameArg.nullable() }), listInfoSchema),
  /** Deletes the list in this app only: the API has no delete route, so the server keeps it (it stays hidden here). */
  'lists.delete': method(z.strictObject({ listId }), z.object({ deleted: z.boolean() })),
  'lists.addItems': method(z.strictObject({ listId, ids: z.array(objectId).min(1).max(10_000) }), z.object({ added: z.number(), alreadyPresent: z.number(), queued: z.boolean() })),
  'lists.removeItems': method(z.strictObject({ listId, ids: z.array(objectId).min(1).max(10_000) }), z.object({ removed: z.number(), notPresent: z.number(), queued: z.boolean() })),
  /** Moves a member to a place (1-based) in the list's own order; here only, the API has no route for it (D-LIST-8). */
  'lists.moveItem': method(z.strictObject({ listId, tenderId: objectId, place: z.number().int().min(1).max(1_000_000) }), z.object({ position: z.number() })),
  'lists.members': method(z.strictObject({ listId, sort: membersSortSchema.optional(), marks: markFilterSchema.optional(), ...page.shape }), z.object({ rows: z.array(listMemberRowSchema), count: z.number(), missing: z.array(z.number()) })),
  /** Reads the list's tender feed (QUERY with list_id) so members' latest versions are cached. */
  'lists.sync': method(z.strictObject({ listId, maxSpend: z.number().int().min(0).optional(), confirmCost }), z.object({ jobId: z.string() })),
  /** What `lists.sync` would cost, before it pays (a one-item QUERY, at most one unit): consent is asked when `needsConfirm`. */
  'lists.estimate': method(z.strictObject({ listId, maxSpend: z.number().int().min(0).optional() }), spendEstimateSchema),
  'lists.exportColumns': method(empty, z.array(exportColumnSchema)),
  /**
   * Writes the list as CSV. Electron: asks where with a save dialog. Browser mode: writes a temporary file and
   * answers a one-time `downloadUrl` on the loopback server.
   */
  'lists.export': method(
    z.strictObject({ listId, columns: exportColumnKeys, delimiter: csvDelimiter, excel: csvForExcel, format: tableExportFormat }),
    exportResultSchema,
  ),

  // Money.
  'balance.get': method(
    z.strictObject({ refresh: z.boolean().default(true) }),
    z.object({
      balance: z.object({ tenders: z.number(), contracts: z.number() }),
      usageToday: z.object({ tenders: z.number(), contracts: z.number() }),
      lastUpdated: z.string().nullable(),
      fetchedAt: z.string().nullable(),
      fromCache: z.boolean(),
    }),
  ),
  /** Pulls new ledger rows from the server (unless offline) and answers a page with each row's audit status. */
  /** What the same account spent through the other API generation (its profile's mirror): movements this ledger cannot explain. */
  'balance.twin': method(
    empty,
    z.object({
      profile: z.string().nullable(),
      generation: generationSchema.nullable(),
      charges: z.array(z.object({ balanceType: z.string(), movements: z.number(), units: z.number() })),
    }),
  ),
  'ledger.list': method(z.strictObject({ refresh: z.boolean().default(true), ...page.shape }), z.object({ rows: z.array(ledgerRowSchema), count: z.number() })),
  'ledger.audit': method(empty, auditVerdictSchema),
  'ledger.exportColumns': method(empty, z.array(exportColumnSchema)),
  /** The mirrored ledger as CSV (newest first, with labels and audit verdicts), like `lists.export`. */
  'ledger.export': method(z.strictObject({ columns: exportColumnKeys, delimiter: csvDelimiter, excel: csvForExcel, format: tableExportFormat }), exportResultSchema),
  /** Past exports of this profile, newest first: what, when, the file, rows and units. */
  'exports.history': method(empty, z.array(exportHistoryEntrySchema)),
  'ledger.spend': method(
    z.strictObject({ days: z.number().int().min(1).max(366).default(30) }),
    z.object({
      byDay: z.array(z.object({ day: z.string(), tenders: z.number(), contracts: z.number() })),
      /** Per filter: `label` is its one name (i18n/filterName.ts, a deleted search's too); null only for cards. */
      bySearch: z.array(z.object({ filterId: z.string().nullable(), label: z.string().nullable(), units: z.number() })),
    }),
  ),

  // The earlier API generation (document 2). Only for a profile of generation `earlier`; the methods above
  // that make no sense for it (saved searches, lists, contracts, the ledger audit) answer `not_supported`.
  // Cards use `card.tender`; sync jobs report through `sync.progress` with the filter id `efl_<id>`.
  /** Filters made in the service's web interface (read-only), mirrored; `refresh` asks the server first. */
  'earlier.filters': method(z.strictObject({ refresh: z.boolean().default(true) }), z.object({ filters: z.array(earlierFilterSchema), fromCache: z.boolean() })),
  /** Pulls a filter's pages until nothing new; charged one unit per tender not received before. */
  'earlier.sync': method(z.strictObject({ filterId: earlierFilterId, maxSpend: z.number().int().min(0).optional(), confirmCost }), z.object({ jobId: z.string() })),
  /** What `earlier.sync` would cost: the filter's total minus the tenders already received. */
  'earlier.estimate': method(z.strictObject({ filterId: earlierFilterId, maxSpend: z.number().int().min(0).optional() }), spendEstimateSchema),
  /** A filter's cached tenders, newest first, page by page; new ones marked. */
  'earlier.tenders': method(
    z.strictObject({ filterId: earlierFilterId, page: pageNumber, pageSize: earlierPageSize }),
    z.object({ rows: z.array(earlierTenderRowSchema), total: z.number(), page: z.number(), pageSize: z.number(), pages: z.number() }),
  ),
  /** The user has looked at the filter: its new ones are no longer counted as new. */
  'earlier.markSeen': method(z.strictObject({ filterId: earlierFilterId }), z.object({ seen: z.boolean() })),
  'earlier.favorites': method(
    z.strictObject({ page: pageNumber, pageSize: earlierPageSize, refresh: z.boolean().default(true) }),
    z.object({ rows: z.array(earlierFavoriteSchema), total: z.number(), page: z.number(), pageSize: z.number(), pages: z.number(), fromCache: z.boolean() }),
  ),
  /** Adds a favorite by its `etp_id` (free; a tender is a favorite at most once). */
  'earlier.favoriteAdd': method(z.strictObject({ etpId: earlierEtpId }), z.object({ success: z.boolean(), isFavorite: z.boolean(), message: z.string() })),
  'earlier.favoriteRemove': method(z.strictObject({ etpId: earlierEtpId }), z.object({ success: z.boolean(), isFavorite: z.boolean(), message: z.string() })),
  /** Favorites changed since they were added (GET /favorites/updates); those never received cost a unit each. */
  'earlier.favoriteUpdates': method(z.strictObject({}), z.object({ rows: z.array(earlierTenderRowSchema), charged: z.number() })),
  'earlier.balance': method(z.strictObject({ refresh: z.boolean().default(true) }), earlierBalanceSchema),
  /** The balance history (debits and credits), mirrored; newest first. */
  'earlier.history': method(
    z.strictObject({ page: pageNumber, pageSize: earlierPageSize, refresh: z.boolean().default(true) }),
    z.object({ rows: z.array(earlierTransactionSchema), total: z.number(), page: z.number(), pageSize: z.number(), pages: z.number(), fromCache: z.boolean() }),
  ),
  'earlier.exportColumns': method(empty, z.array(exportColumnSchema)),
  /** CSV of a filter's cached tenders or of the favorites, like `lists.export`. */
  'earlier.export': method(
    z.strictObject({
      source: z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('filter'), filterId: earlierFilterId }), z.strictObject({ kind: z.literal('favorites') })]),
      columns: exportColumnKeys,
      delimiter: csvDelimiter,
      excel: csvForExcel,
    }),
    exportResultSchema,
  ),

  // Intelligence from the cache: answers computed from what is cached, offline and free.
  'insights.customer': method(z.strictObject({ inn }), customerDossierSchema),
  'insights.supplier': method(z.strictObject({ inn }), supplierDossierSchema),
  /** A dossier as an XLSX workbook: its figures, a sheet per table and «Источник»; free, from the cache. */
  'insights.exportDossier': method(z.strictObject({ party: z.enum(['customer', 'supplier']), inn }), exportResultSchema),
  'insights.competitors': method(z.strictObject({ scope: insightScopeSchema }), competitorsAnswerSchema),
  'insights.prices': method(priceQuerySchema, priceBenchmarkSchema),
  /** The benchmark's table of positions with their sources as CSV, like `lists.export` (the columns are fixed). */
  'insights.pricesExport': method(z.strictObject({ query: priceQuerySchema, delimiter: csvDelimiter, excel: csvForExcel }), exportResultSchema),
  /** Every red flag the engine knows: its title, definition, source and the fields it needs. */
  'insights.flagCatalogue': method(empty, z.array(flagDefinitionSchema)),
  'insights.flags': method(z.strictObject({ scope: flagScopeSchema }), flagsAnswerSchema),
  /** Remembers locally that the analyst takes this flag on this object as a false positive. */
  'insights.dismissFlag': method(z.strictObject({ code: flagCode, object: flagObject, note: z.string().trim().max(2000).optional() }), z.object({ dismissed: z.boolean() })),
  'insights.restoreFlag': method(z.strictObject({ code: flagCode, object: flagObject }), z.object({ restored: z.boolean() })),
  /** Enrichment's preview (cache only, free): cards and pages to open, time at the request rate, cost. */
  'insights.enrichEstimate': method(z.strictObject({ kinds: enrichKinds, maxSpend: z.number().int().min(0).optional() }), enrichEstimateSchema),
  /** Starts enrichment as a job (progress as `sync.progress`, filter id `enrich`); consent above the threshold. */
  'insights.enrichStart': method(z.strictObject({ kinds: enrichKinds, maxSpend: z.number().int().min(0).optional(), confirmCost }), z.object({ jobId: z.string() })),
  /** A dossier's backfill preview: the contracts of a customer or supplier INN (one item read, at most one unit). */
  'insights.backfillEstimate': method(
    z.strictObject({ kind: backfillKind, inn, maxSpend: z.number().int().min(0).optional() }),
    z.object({ filterId: z.string(), charged: z.number(), spend: spendEstimateSchema }),
  ),
  /** Starts the backfill as a job (`sync.progress`); planned like every paid run. */
  'insights.backfillStart': method(
    z.strictObject({ kind: backfillKind, inn, maxSpend: z.number().int().min(0).optional(), confirmCost }),
    z.object({ filterId: z.string(), jobId: z.string() }),
  ),

  // The analyst's marks: kept in the profile's cache, never sent to the API; each change emits `marks.changed`.
  'marks.get': method(z.strictObject({ tenderId: objectId }), tenderMarksSchema),
  'marks.ofTenders': method(z.strictObject({ ids: z.array(objectId).max(10_000) }), z.array(tenderMarksSchema)),
  /** Applies one change to many tenders in one transaction; `changed` counts the tenders whose marks changed. */
  'marks.apply': method(markChangeSchema, z.object({ changed: z.number() })),
  'marks.tags': method(empty, z.array(z.object({ id: z.number(), name: z.string(), color: z.string(), count: z.number() }))),
  /** Renaming onto another tag's name (any case) is a `conflict`: merge joins two tags. */
  'marks.tagRename': method(z.strictObject({ tagId, name: tagName }), z.object({ renamed: z.boolean() })),
  'marks.tagColor': method(z.strictObject({ tagId, color: tagColor }), z.object({ changed: z.boolean() })),
  /** Every tender of the `from` tags gets `into`; the `from` tags are deleted (one transaction). */
  'marks.tagMerge': method(z.strictObject({ from: z.array(tagId).min(1).max(100), into: tagId }), z.object({ moved: z.number() })),
  'marks.tagDelete': method(z.strictObject({ tagId }), z.object({ deleted: z.boolean() })),
  'marks.noteDelete': method(z.strictObject({ noteId: z.number().int().positive() }), z.object({ deleted: z.boolean() })),
  /** The pipeline board: a column per status in PIPELINE_STATUSES order, then status null («Без статуса»). */
  'marks.board': method(
    z.strictObject({ filter: markFilterSchema.optional() }),
    z.object({ columns: z.array(z.object({ status: z.enum(PIPELINE_STATUSES).nullable(), rows: z.array(markedTenderSchema) })) }),
  ),
  'marks.assignees': method(empty, z.array(z.string())),
  /** Every change of this tender's marks, here and pulled from the team database, oldest first. */
  'marks.history': method(
    z.strictObject({ tenderId: objectId }),
    z.array(z.object({ field: z.string(), value: z.unknown(), at: z.string(), author: z.string(), machine_id: z.string(), pulled: z.boolean(), subject: z.string().nullable() })),
  ),

  // Triage: the undecided tenders ranked by the analyst's own marks; local, offline and free.
  /** The undecided held tenders of the scope, best first (newest first until the model has enough labels). */
  'triage.rank': method(
    // `teammates` absent: the setting (triage.settings) decides.
    z.strictObject({ scope: triageScopeSchema, limit: z.number().int().min(1).max(10_000).optional(), teammates: z.boolean().optional() }),
    triageAnswerSchema,
  ),
  /** Whether a teammate's statuses and labels (pulled from the team database) train the model; a call's `teammates` overrides it. */
  'triage.settings': method(empty, triageSettingsSchema),
  'triage.setSettings': method(triageSettingsSchema, triageSettingsSchema),

  // Tender documents: no API units (a document's URL is outside the API); the use cases are src-main/documents.
  /** The documents of the tender's newest held card with their states, from the cache (offline). */
  'documents.ofTender': method(z.strictObject({ tenderId: objectId }), tenderDocumentsSchema),
  /**
   * «Скачать документы» as a job (progress as `sync.progress`): a tender's documents or every member's of a list,
   * then their text. Run again, it resumes (held files are skipped); the settings' limits apply.
   */
  'documents.fetch': method(
    z.strictObject({ scope: z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('tender'), tenderId: objectId }), z.strictObject({ kind: z.literal('list'), listId })]) }),
    z.object({ jobId: z.string(), tenders: z.number() }),
  ),
  /** «в документах»: the offline search inside downloaded documents' text, with the tender filters the index knows. */
  'documents.search': method(
    z.strictObject({
      text: z.string().trim().min(1).max(1000),
      laws: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
      regions: z.array(z.number().int().min(1).max(999)).max(200).optional(),
      tag: tagName.optional(),
      status: markStatus.optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }),
    z.object({ hits: z.array(documentHitSchema) }),
  ),
  /** What changed in the documentation between two held versions (default: the two newest), with word diffs. */
  'documents.diff': method(
    z.strictObject({ tenderId: objectId, from: z.number().int().min(1).max(2_000_000_000).optional(), to: z.number().int().min(1).max(2_000_000_000).optional() }),
    documentsDiffSchema,
  ),
  /**
   * Opens a downloaded document: a copy under a safe name, then the system's program (Electron) or a one-time
   * download (browser mode). An executable or script is refused.
   */
  'documents.open': method(
    z.strictObject({ tenderId: objectId, ordinal: z.number().int().min(1).max(10_000) }),
    z.object({ opened: z.boolean(), downloadUrl: z.string().nullable(), fileName: z.string() }),
  ),
  /** Auto-download and the disk limits (settings.json `documents`, shared with the core's auto-download). */
  'documents.settings': method(empty, documentSettingsSchema),
  'documents.setSettings': method(documentSettingsSchema, documentSettingsSchema),

  // The deadlines calendar: read from the cache, offline and free.
  /** Events of the scope whose instant is in [from, to), in time order. */
  'calendar.events': method(
    z
      .strictObject({ scope: calendarScopeSchema, from: instant, to: instant })
      .refine((r) => Date.parse(r.from) < Date.parse(r.to), { message: CALENDAR_WORDS.order.ru, path: ['to'], params: { text: CALENDAR_WORDS.order } })
      .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 400 * 86_400_000, { message: CALENDAR_WORDS.span.ru, path: ['to'], params: { text: CALENDAR_WORDS.span } }),
    z.array(calendarEventSchema),
  ),
  /**
   * Events of the scope without a link to the notice because their tender's card was never opened, and what
   * opening those cards first would take (the enrichment's preview: 0 expected, one unit per card at worst). Free.
   */
  'calendar.linkEstimate': method(z.strictObject({ scope: calendarScopeSchema }), z.object({ events: z.number(), tenders: z.number(), estimate: enrichEstimateSchema })),
  /**
   * Every event of the scope as an ICS file (RFC 5545), like `lists.export`; `rows` counts the events. With
   * `openCards` the cards of `calendar.linkEstimate` are opened first (paid only for newer versions, planned by
   * the core with this consent), so their events carry the notice's link.
   */
  'calendar.exportIcs': method(z.strictObject({ scope: calendarScopeSchema, openCards: z.strictObject({ confirmCost }).optional() }), exportResultSchema),

  // Notifications: the window is told by the `notify` event.
  'notifications.settings': method(empty, notificationSettingsSchema),
  'notifications.setSettings': method(notificationSettingsSchema, notificationSettingsSchema),
  /** Mutes (or unmutes) a saved search's notifications; the search is still followed and read. */
  'notifications.mute': method(z.strictObject({ filterId, muted: z.boolean() }), z.object({ muted: z.boolean() })),
  'notifications.muted': method(empty, z.array(z.string())),
  /**
   * A followed search's news told only when a delivered tender's relevance (the triage model's score)
   * reaches `minRelevance`; null: every delivery, as before. Until the model is ready every delivery is told.
   */
  'notifications.setMinRelevance': method(
    z.strictObject({ filterId, minRelevance: z.number().gt(0).lt(1).nullable() }),
    z.object({ minRelevance: z.number().nullable() }),
  ),
  /** The searches with a relevance threshold, by filter id. */
  'notifications.minRelevances': method(empty, z.record(z.string(), z.number())),

  // The team database: the core syncs in the background every 15 minutes and after a feed sync.
  'team.status': method(empty, teamStatusSchema),
  /**
   * Keeps the connection for the active profile (null: none, and background sync stops; refused on the built-in
   * sandbox); a `password` goes to the keychain only. The stored password stays (also on null) unless
   * `forgetPassword` asks to delete it. The last result stays while the same address and schema are saved.
   * `connection.author` is written to the profile's cache (team_self), where `tenderwb team sync --author` writes.
   */
  'team.setConnection': method(
    z.strictObject({ connection: teamConnectionSchema.nullable(), password: z.string().min(1).max(1000).optional(), forgetPassword: z.boolean().default(false) }),
    teamStatusSchema,
  ),
  /**
   * Connects (bringing the schema up to date) and says what it found, in the user's words: with `connection`, the
   * form's unsaved address and schema, else the saved ones; `password`, a typed one used for this test only (never
   * stored), else the saved one (environment, keychain).
   */
  'team.test': method(
    z.strictObject({ connection: z.strictObject({ url: teamUrl, schema: teamSchemaName }).optional(), password: z.string().min(1).max(1000).optional() }),
    z.object({ message: z.string(), schemaVersion: z.number() }),
  ),
  /** Starts a sync now (one at a time); progress and the result come as `team.status` events. */
  'team.syncNow': method(empty, z.object({ started: z.boolean() })),

  // The cache.
  'cache.info': method(
    empty,
    z.object({ path: z.string(), sizeBytes: z.number(), tenders: z.number(), tenderVersions: z.number(), contracts: z.number(), contractVersions: z.number(), cards: z.number() }),
  ),
  /** Caches found damaged: which profile, which file, where it was moved, in the user's words. */
  'cache.damaged': method(
    empty,
    z.array(z.object({ profile: z.string(), file: z.string(), movedTo: z.string().nullable(), message: z.string(), rebuildable: z.boolean() })),
  ),
  /**
   * A new cache for a profile whose cache was moved aside: what the old file still gives (saved searches, lists,
   * pending edits) is copied in, and the saved searches are read again from the start (already paid versions
   * come free), each run planned by the spend guard.
   */
  'cache.rebuild': method(
    z.strictObject({ name: profileName }),
    z.object({
      profile: profileInfoSchema,
      recovered: z.object({ savedSearches: z.number(), lists: z.number(), listItems: z.number(), pendingEdits: z.number() }),
      /** The re-reads of the saved searches started (sync.progress), and those left to the user (consent, budget). */
      jobs: z.array(z.string()),
      notStarted: z.array(z.string()),
    }),
  ),
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
/** What the renderer passes (defaults may be left out). */
export type MethodArgs<M extends MethodName> = z.input<Methods[M]['args']>;
/** What a handler receives: validated, defaults filled in. */
export type ParsedArgs<M extends MethodName> = z.output<Methods[M]['args']>;
export type MethodResult<M extends MethodName> = z.output<Methods[M]['result']>;
export const methodNames = Object.keys(methods) as MethodName[];

// ---------------------------------------------------------------------------------------------------------
// Events: main → renderer
// ---------------------------------------------------------------------------------------------------------

export const events = {
  /** A sync job moved: after every stored page, and once when it ends. */
  'sync.progress': syncJobSchema,
  /** New or updated items of a saved search were stored (live following, a finished page). */
  'feed.updated': z.object({ filterId: z.string(), created: z.number(), updated: z.number() }),
  /** Network reachability and queued edits changed. */
  'app.status': z.object({ online: z.boolean(), pendingEdits: z.number() }),
  /** Another profile became active: every view reloads. */
  'profiles.changed': z.object({ activeProfile: z.string().nullable() }),
  /** These tenders' marks changed (any change, from any view or window): views showing them reload their marks. */
  'marks.changed': z.object({ tenderIds: z.array(z.number()) }),
  /** These lists changed outside the window's own calls (a team sync pulled a teammate's edit): views showing them reload. */
  'lists.changed': z.object({ listIds: z.array(z.string()) }),
  /**
   * Opening a profile's cache upgrades it (a migration filling tables from what it holds: minutes on a large
   * cache): whole percents, increasing, the last one 100.
   */
  'cache.upgrade': z.object({ profile: z.string(), percent: z.number().int().min(0).max(100) }),
  /** The team sync's state changed: started, moved, ended. */
  'team.status': teamStatusSchema,
  /**
   * Something to tell the analyst, worded in their language: `target` is where a click leads (null: the
   * app itself, for a summary of events of different kinds); `summary` is the one told when quiet hours end.
   */
  notify: z.object({
    id: z.number(),
    kind: z.enum(['saved_search_updated', 'marked_tender_changed', 'marked_documents_changed', 'deadline_soon', 'summary']),
    title: z.string(),
    body: z.string(),
    target: notificationTargetSchema.nullable(),
  }),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export const eventNames = Object.keys(events) as EventName[];

/** Electron channel names; browser mode uses the bare method/event names over its loopback connection. */
export const invokeChannel = (name: MethodName): string => `twb:invoke:${name}`;
export const eventChannel = (name: EventName): string => `twb:event:${name}`;

export const isMethodName = (name: unknown): name is MethodName => typeof name === 'string' && Object.hasOwn(methods, name);
export const isEventName = (name: unknown): name is EventName => typeof name === 'string' && Object.hasOwn(events, name);

/** Implementation of every method, as the main process (and browser mode) provides it. */
export type Handlers = { [M in MethodName]: (args: ParsedArgs<M>) => Promise<MethodResult<M>> };

/** What the renderer gets on `window[bridgeKey]` (Electron preload) or from the browser-mode client. */
export interface ContractClient {
  readonly version: string;
  invoke<M extends MethodName>(name: M, args: MethodArgs<M>): Promise<IpcResponse<MethodResult<M>>>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/**
 * Validates raw arguments from the other side of the boundary. Returns the parsed value or an `invalid_input`
 * error naming the fields, so a handler never sees unchecked input.
 */
export function parseArgs<M extends MethodName>(
  name: M,
  raw: unknown,
  locale: Locale = 'ru',
): { ok: true; value: ParsedArgs<M> } | { ok: false; error: IpcError } {
  const parsed = methods[name].args.safeParse(raw ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as ParsedArgs<M> };
  // Bounded: the first few issues, clipped, and how many more (a huge invalid call must not get a huger answer).
  const { message, fields } = describeIssues(parsed.error.issues, locale);
  return { ok: false, error: { code: 'invalid_input', message, fields } };
}
