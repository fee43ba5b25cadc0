/**
 * App settings (the interface language and the active profile) in `settings.json` at the data root.
 * Read through a schema: a missing, unreadable or damaged file gives the defaults instead of stopping the
 * app (the file holds preferences only, nothing that cannot be chosen again). Written atomically
 * (temporary file, then rename), so a crash never leaves half a file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SETTINGS_FILE } from './settingsLocale';
import {
  columnLayoutsSchema,
  DOCUMENT_FILTER_ID,
  DOCUMENT_LIST_ID,
  documentSettingsSchema,
  localeSchema,
  notificationSettingsSchema,
  spendingSettingsSchema,
  teamConnectionSchema,
  themeChoiceSchema,
  teamLastRunSchema,
  triageSettingsSchema,
  type DocumentSettings,
  type NotificationSettings,
  type SpendingSettings,
  type TriageSettings,
} from '../contract/settingsShapes';

export { SETTINGS_FILE } from './settingsLocale';

/**
 * Money defaults of a fresh install: a run previewed above 100 units asks first, a run that names
 * no cap stops at 1 000 units, and there is no daily budget until the analyst sets one.
 */
export const DEFAULT_SPENDING: SpendingSettings = { confirmAbove: 100, runCap: 1000, dailyBudget: null };

/** Notifications on, no quiet hours: the analyst chooses them in the settings. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = { enabled: true, quietHours: null };

/**
 * Documents: nothing downloads on its own until the analyst chooses it; a file up to 100 MB (the
 * downloader's own cap) and 2 GB of documents in all.
 */
export const DEFAULT_DOCUMENTS: DocumentSettings = {
  autoDownload: { marked: false, lists: [], savedSearches: [] },
  maxFileMb: 100,
  maxTotalMb: 2048,
};

/** Ids of one kind, the damaged ones and repeats dropped (an id edited by hand loses only itself). */
function idList(pattern: RegExp) {
  return z
    .array(z.unknown())
    .max(10_000)
    .transform((ids) => [...new Set(ids.filter((id): id is string => typeof id === 'string' && pattern.test(id)))].slice(0, 1000))
    .catch([]);
}

/**
 * The one reading of the stored documents section: what the app shows and runs (documents.settings, its
 * automatic download job) and what the CLI runs (`docs fetch`, `--auto`, `sync`) all come from here, through
 * readSettings. The strict schema's own fields (documentSettingsSchema), each made to fall back alone: a damaged
 * limit takes its default (never "no limit") and keeps the chosen lists; a list or saved search is chosen by its
 * id (`lst_…`, `flt_…`: what the Settings view writes; a label can be renamed, an id cannot), anything else in
 * those arrays is dropped by itself. Limits are whole megabytes, as the Settings view takes them, so a file edited
 * by hand never holds a value the app could not save back. A file written before the section existed: the defaults.
 */
const storedDocumentsSchema = z
  .object({
    autoDownload: z
      .object({
        marked: z.boolean().catch(DEFAULT_DOCUMENTS.autoDownload.marked),
        lists: idList(DOCUMENT_LIST_ID),
        savedSearches: idList(DOCUMENT_FILTER_ID),
      })
      .catch({ ...DEFAULT_DOCUMENTS.autoDownload, lists: [], savedSearches: [] }),
    maxFileMb: documentSettingsSchema.shape.maxFileMb.catch(DEFAULT_DOCUMENTS.maxFileMb),
    maxTotalMb: documentSettingsSchema.shape.maxTotalMb.catch(DEFAULT_DOCUMENTS.maxTotalMb),
  })
  .catch(() => defaultDocuments());

export function defaultDocuments(): DocumentSettings {
  return { ...DEFAULT_DOCUMENTS, autoDownload: { ...DEFAULT_DOCUMENTS.autoDownload, lists: [], savedSearches: [] } };
}
/** A teammate's statuses and labels train the triage model only when the analyst turns it on. */
export const DEFAULT_TRIAGE: TriageSettings = { teammates: false };

const settingsSchema = z.object({
  // settingsLocale.ts reads this one field without the schema, by the same rule (test/app/settingsLocale.test.ts).
  locale: localeSchema.catch('ru'),
  activeProfile: z.string().min(1).max(64).nullable().catch(null),
  // A damaged money section falls back to the safe defaults, never to "no limits".
  spending: spendingSettingsSchema.catch({ ...DEFAULT_SPENDING }),
  // Tables' column layouts (ui.setColumnLayout): kept here, not in the page's storage, which browser mode loses
  // with every new port. Damaged: the tables' defaults.
  columnLayouts: columnLayoutsSchema.catch({}),
  // The theme chosen in Settings, for the same reason; missing (a file from before) or damaged: as the OS says.
  theme: themeChoiceSchema.catch('system'),
  // Damaged or missing (a file from before notifications existed): notifications on, no quiet hours.
  notifications: notificationSettingsSchema.catch({ ...DEFAULT_NOTIFICATIONS }),
  // The team database, without its password (the keychain's); damaged or missing: none, no background sync.
  team: teamConnectionSchema.nullable().catch(null),
  // Missing or damaged (a file from before it): a teammate's statuses and labels do not train the model.
  triage: triageSettingsSchema.catch({ ...DEFAULT_TRIAGE }),
  teamLastRun: teamLastRunSchema.nullable().catch(null),
  // The one profile the team connection belongs to (only its cache syncs; never the built-in sandbox). Missing
  // (a file from before): bound at the first start to the profile active then (bindTeamProfile in teamSyncer.ts).
  teamProfile: z.string().min(1).max(64).nullable().optional().catch(null),
  // The CLI's default profile (`tenderwb profile use NAME`) for commands without --profile; missing or gone: the
  // first profile added. Apart from activeProfile, so clicking through profiles in the app never moves a script.
  cliProfile: z.string().min(1).max(64).nullable().optional().catch(null),
  // Tender documents: auto-download and the disk limits; missing (a file from before): the defaults.
  documents: storedDocumentsSchema.optional().transform((d) => d ?? defaultDocuments()),
});
export type AppSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: AppSettings = {
  locale: 'ru',
  activeProfile: null,
  spending: { ...DEFAULT_SPENDING },
  columnLayouts: {},
  theme: 'system',
  notifications: { ...DEFAULT_NOTIFICATIONS },
  team: null,
  triage: { ...DEFAULT_TRIAGE },
  teamLastRun: null,
  teamProfile: null,
  documents: defaultDocuments(),
};

export async function readSettings(dataDir: string): Promise<AppSettings> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, SETTINGS_FILE), 'utf8');
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(text.replace(/^\uFEFF/, '')));
    return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** Serialized so two quick changes (locale, then profile) land in order. */
export class SettingsFile {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly dataDir: string,
    private current: AppSettings,
  ) {}

  get value(): AppSettings {
    return { ...this.current };
  }

  update(change: Partial<AppSettings>): Promise<void> {
    this.current = { ...this.current, ...change };
    const snapshot = { ...this.current };
    const run = (): Promise<void> => writeAtomically(this.dataDir, snapshot);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

async function writeAtomically(dataDir: string, settings: AppSettings): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const target = path.join(dataDir, SETTINGS_FILE);
  const temp = path.join(dataDir, `.${SETTINGS_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
}
