/**
 * The shapes of what settings.json keeps (workspace/settings.ts reads it through them): the language, the money
 * settings, the tables' column layouts, notifications and the team connection with its last run. A module of
 * their own, re-exported by contract/ipc.ts whose methods take and give them: every `tenderwb` command that
 * reads the settings (the default profile, the money caps) then builds these schemas, not the whole contract's
 * (`profile list` within 250 ms of Node's own start).
 *
 * Pure: zod and the domain's rules only.
 */
import { z } from 'zod';
import { LOCALES } from '../i18n/text';
import { HHMM, HHMM_WORDS } from '../domain/notifications';
import { teamSchemaProblem } from '../domain/teamSchemaName';
import { TEAM_REFUSAL_REASONS, TEAM_TABLES, type SkippedTeamRow } from '../domain/teamRows';

export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/**
 * A table's column layout as the user left it (hidden columns, dragged widths in pixels), kept in the core's
 * settings so browser mode, whose origin (port) changes with every `npm run web`, remembers it too.
 */
export const columnLayoutSchema = z.strictObject({
  hidden: z.array(z.string().max(100)).max(100),
  widths: z.record(z.string().max(100), z.number().finite().min(0).max(10_000)).refine((w) => Object.keys(w).length <= 100, 'at most 100 columns'),
});
export type StoredColumnLayout = z.infer<typeof columnLayoutSchema>;
/** A table's name (its test id, e.g. `lists-members`). */
export const tableKeySchema = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);
export const columnLayoutsSchema = z.record(tableKeySchema, columnLayoutSchema).refine((t) => Object.keys(t).length <= 200, 'at most 200 tables');

/**
 * The interface's theme: as the OS says, or light or dark by choice. Kept in the core's settings
 * beside the column layouts, for the same reason: browser mode's page storage is lost with every new port.
 */
export const themeChoiceSchema = z.enum(['system', 'light', 'dark']);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

/** Money settings, enforced in the core: consent above a threshold, a default cap per run, a daily budget. */
export const spendingSettingsSchema = z.strictObject({
  /** A paid run whose previewed cost exceeds this many units needs consent to that cost (`confirmCost`). */
  confirmAbove: z.number().int().min(0).max(1_000_000_000),
  /** The cap of a run that names none; null: no default cap. */
  runCap: z.number().int().min(1).max(1_000_000_000).nullable(),
  /** Units a day (Moscow day) all runs together may spend; null: no budget. */
  dailyBudget: z.number().int().min(1).max(1_000_000_000).nullable(),
});
export type SpendingSettings = z.infer<typeof spendingSettingsSchema>;

/**
 * Triage: whether a teammate's statuses and labels, pulled from the team database as every mark is, train this
 * analyst's model too. Off unless the analyst turns it on.
 */
export const triageSettingsSchema = z.strictObject({ teammates: z.boolean() });
export type TriageSettings = z.infer<typeof triageSettingsSchema>;

/** Notifications (rules in domain/notifications.ts). */
const hhmm = z.string().refine((v) => HHMM.test(v), { message: HHMM_WORDS.ru, params: { text: HHMM_WORDS } });
export const notificationSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  /** Moscow time; null: none. */
  quietHours: z.strictObject({ from: hhmm, to: hhmm }).nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The team database: the connection kept in settings (never its password) and the last run. */
const TEAM_WORDS = {
  url: { ru: 'адрес вида postgres://пользователь@сервер:порт/база', en: 'an address like postgres://user@host:port/database' },
  urlPassword: { ru: 'пароль в адрес не пишите: для него есть отдельное поле', en: 'leave the password out of the address: it has a field of its own' },
  schema: { ru: 'строчные латинские буквы, цифры и _, не длиннее 63 символов', en: 'lower-case Latin letters, digits and _, at most 63 characters' },
  systemSchema: {
    ru: 'это системная схема PostgreSQL (information_schema, pg_…): укажите свою, например tenderwb',
    en: 'this is a PostgreSQL system schema (information_schema, pg_…): give one of the team’s own, such as tenderwb',
  },
};
export const teamUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^postgres(ql)?:\/\/[^/\s]+\/[^/\s?]+(\?\S*)?$/i.test(v), { message: TEAM_WORDS.url.ru, params: { text: TEAM_WORDS.url } })
  .refine((v) => !/^postgres(ql)?:\/\/[^/@]*:[^/@]*@/i.test(v), { message: TEAM_WORDS.urlPassword.ru, params: { text: TEAM_WORDS.urlPassword } });
export const teamSchemaName = z.string().superRefine((v, ctx) => {
  const problem = teamSchemaProblem(v);
  if (problem === null) return;
  const text = problem === 'system' ? TEAM_WORDS.systemSchema : TEAM_WORDS.schema;
  ctx.addIssue({ code: 'custom', message: text.ru, params: { text } });
});
export const teamConnectionSchema = z.strictObject({
  url: teamUrl,
  schema: teamSchemaName,
  author: z.string().trim().max(200),
  /**
   * Refuse teammates' versions and cards without the API's delivery evidence: kept in the profile's
   * cache (team_self, where `tenderwb team sync --refuse-unproven` writes); absent: kept as it is.
   */
  refuseUnproven: z.boolean().optional(),
});
export type TeamConnectionSettings = z.infer<typeof teamConnectionSchema>;
const teamCountsSchema = z.object({
  tender_version: z.number(),
  contract_version: z.number(),
  card: z.number(),
  ledger_row: z.number(),
  saved_search: z.number(),
  shared_change: z.number(),
});
/** A teammate's row a pull did not take (domain/teamRows.ts), as a run's result names it. */
export const skippedTeamRowSchema = z.object({
  table: z.enum(TEAM_TABLES),
  kind: z.enum(['tender', 'contract']).optional(),
  id: z.string().max(200),
  version: z.string().max(40).optional(),
  page: z.string().max(40).optional(),
  entity: z.string().max(40).optional(),
  field: z.string().max(300).optional(),
  reason: z.enum(TEAM_REFUSAL_REASONS),
  detail: z.string().max(400).nullable(),
  machineId: z.string().max(100),
  author: z.string().max(300).nullable(),
}) satisfies z.ZodType<SkippedTeamRow>;
/** Refused rows a last run keeps by name (settings.json stays small; the count says how many there were). */
export const LAST_RUN_SKIPPED_NAMED = 20;
/** The last team sync run: its counts, or its error in the user's words. */
export const teamLastRunSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  pushed: teamCountsSchema.nullable(),
  pulled: teamCountsSchema.nullable(),
  error: z.string().nullable(),
  /** Whether the run read the ledger's new rows from the API first (null: not tried, e.g. no API to ask). */
  ledgerRefreshed: z.boolean().nullable().optional(),
  /** The connection it ran on: a result is kept while the same address and schema are saved again. */
  url: z.string().optional(),
  schema: z.string().optional(),
  /** Teammates' rows the pull could not take, by name (at most LAST_RUN_SKIPPED_NAMED), and how many in all. */
  skipped: z.array(skippedTeamRowSchema).max(LAST_RUN_SKIPPED_NAMED).optional(),
  skippedTotal: z.number().int().nonnegative().optional(),
});
export type TeamLastRun = z.infer<typeof teamLastRunSchema>;

/**
 * Tender documents: what is downloaded without asking, and the disk limits. `autoDownload` names the
 * marked tenders (a bool), lists (`lst_…`) and saved searches (`flt_…`) whose documents are fetched on their
 * own; the limits are in whole megabytes (a file's cap, and the total that all stored documents may reach).
 * The shape is shared with the core's auto-download (branch docscore): /work/helpers/docs-settings.md.
 */
export const DOCUMENT_LIST_ID = /^lst_[A-Za-z0-9_-]{1,128}$/;
export const DOCUMENT_FILTER_ID = /^flt_[A-Za-z0-9_-]{1,128}$/;
/** Upper bounds: a file of 10 GB and 10 TB in all are beyond any tender's documentation, yet still a number. */
export const MAX_FILE_MB_LIMIT = 10_240;
export const MAX_TOTAL_MB_LIMIT = 10_485_760;
export const documentSettingsSchema = z.strictObject({
  autoDownload: z.strictObject({
    marked: z.boolean(),
    lists: z.array(z.string().regex(DOCUMENT_LIST_ID)).max(1000),
    savedSearches: z.array(z.string().regex(DOCUMENT_FILTER_ID)).max(1000),
  }),
  maxFileMb: z.number().int().min(1).max(MAX_FILE_MB_LIMIT),
  maxTotalMb: z.number().int().min(1).max(MAX_TOTAL_MB_LIMIT),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;
