/**
 * Automatic download of tender documentation: after versions are stored (a sync's pages, a card
 * opened), the documents of the tenders the analyst chose in the settings (the marked ones, some lists, some
 * saved searches) are downloaded and read, and a marked tender whose documentation changed between its two
 * newest held cards is news (`documentsChangedEvents`).
 *
 * Rules:
 * - Nothing runs without the analyst's choice: every scope is off by default, and an empty choice downloads
 *   nothing. A document costs no API units, and nothing here asks the API anything: the documents are those of
 *   the cards already held (a feed page carries no documents; a card is opened by the analyst or enrichment).
 * - Both size limits hold: one file over `maxFileMb` is refused, and the store never grows past `maxTotalMb`
 *   (fetchDocuments gives each download only the room that is left), each with a Russian message.
 * - A `kill -9` loses nothing: a run keeps no state of its own. What is held is skipped, a file is stored
 *   under its final name only whole (docfiles/blobStore.ts) and its text is written whole after it is read, so
 *   the next run resumes where the last one stopped (the app notes that a run is owed, autoPending.ts, and runs
 *   it at the next start).
 *
 * The settings are read from settings.json in one place (workspace/settings.ts, `documents`) by the app and the CLI
 * alike; what comes here is already read. The app runs this as its `documents:auto` job (app/autoDocuments.ts),
 * the CLI in the foreground (cli/autoDocuments.ts).
 */
import type { CacheDb } from '../cache/database';
import { tenderIdsOfSavedSearch } from '../cache/insightStore';
import { listStore } from '../cache/listStore';
import { searchStore } from '../cache/searchStore';
import { markStore, tenderMarksFor } from '../cache/markStore';
import type { DocumentSettings } from '../contract/settingsShapes';
import type { BlobStore } from '../docfiles/blobStore';
import type { DocumentExtractor } from '../docfiles/extract/extractRunner';
import { notificationKey, type NotificationEvent } from '../domain/notifications';
import { text, type Text } from '../i18n/text';
import type { KeyedEvent } from '../notifications/detect';
import { tenderDocuments } from './cardDocuments';
import { cardVersions, diffTenderDocuments, documentChangeFacts, DocumentDiffError } from './documentDiff';
import { downloadDocuments } from './downloadDocuments';
import type { ExtractSummary } from './extractDocuments';
import type { FetchEvent, FetchSummary } from './fetchDocuments';

/** Whether the settings choose anything to download on its own. */
export const autoDownloadChosen = (s: DocumentSettings): boolean => s.autoDownload.marked || s.autoDownload.lists.length > 0 || s.autoDownload.savedSearches.length > 0;

export type AutoScope = {
  tenderIds: number[];
  /** Chosen lists and saved searches the cache does not hold (deleted since): said, not an error. */
  missing: Text[];
};

/** The tenders the settings choose, each once: the marked ones, then each list's, then each saved search's held tenders. */
export function autoDownloadScope(cache: CacheDb, settings: DocumentSettings): AutoScope {
  const ids = new Set<number>();
  const missing: Text[] = [];
  if (settings.autoDownload.marked) for (const id of markStore(cache).markedIds({})) ids.add(id);
  const lists = listStore(cache);
  for (const listId of settings.autoDownload.lists) {
    if (!lists.getList(listId)) {
      missing.push(text(`списка ${listId} нет в кэше — его документы не скачиваются`, `list ${listId} is not in the cache: its documents are not downloaded`));
      continue;
    }
    for (const m of lists.items(listId)) ids.add(m.tenderId);
  }
  const searches = searchStore(cache);
  for (const filterId of settings.autoDownload.savedSearches) {
    if (!searches.get(filterId)) {
      missing.push(text(`сохранённого поиска ${filterId} нет в кэше — его документы не скачиваются`, `saved search ${filterId} is not in the cache: its documents are not downloaded`));
      continue;
    }
    for (const id of tenderIdsOfSavedSearch(cache, filterId)) ids.add(id);
  }
  return { tenderIds: [...ids], missing };
}

/**
 * Marked tenders whose documentation differs between their two newest held cards, the newer one after the
 * version they were marked on (what they were marked on is no news): one event per (tender, version). A
 * difference that cannot be told (a version not downloaded) is not news yet; the next run tells it.
 */
export function documentsChangedEvents(cache: CacheDb, tenderIds: readonly number[]): KeyedEvent[] {
  const out: KeyedEvent[] = [];
  for (const [id, marks] of tenderMarksFor(cache, tenderIds)) {
    const [to, from] = cardVersions(cache, id);
    if (to === undefined || from === undefined) continue;
    if (marks.marked_version !== null && to <= marks.marked_version) continue;
    let diff;
    try {
      diff = diffTenderDocuments(cache, id, from, to);
    } catch (e) {
      if (e instanceof DocumentDiffError) continue;
      throw e;
    }
    if (diff.documents.some((d) => d.change === 'unknown')) continue;
    const changes = documentChangeFacts(diff.documents);
    if (changes.length === 0) continue;
    const event: NotificationEvent = {
      event: 'marked_documents_changed',
      tender_id: id,
      name: tenderDocuments(cache, id, to)?.name ?? null,
      from_version: from,
      version: to,
      changes,
    };
    out.push({ key: notificationKey(event), event });
  }
  return out;
}

export type AutoDownloadOutcome = {
  scope: AutoScope;
  fetched: FetchSummary;
  extracted: ExtractSummary;
  /** Marked tenders in the scope whose documentation changed (to be offered to a Notifier). */
  changed: KeyedEvent[];
};

/**
 * One run over the chosen scope: download what is missing (both limits), read the text of what is stored,
 * then look for changed documentation of marked tenders. Null when nothing is chosen: nothing is done.
 */
export async function runAutoDownload(input: {
  cache: CacheDb;
  store?: BlobStore;
  /** The caller's extraction thread; without one, a thread of this run's own (downloadDocuments.ts). */
  extractor?: DocumentExtractor;
  settings: DocumentSettings;
  signal?: AbortSignal;
  onEvent?: (e: FetchEvent) => void;
  onExtracted?: (done: number, total: number) => void;
}): Promise<AutoDownloadOutcome | null> {
  const { cache, settings } = input;
  if (!autoDownloadChosen(settings)) return null;
  const scope = autoDownloadScope(cache, settings);
  // The same download-then-read as «Скачать документы» (downloadDocuments.ts), over what the settings choose.
  const { fetched, extracted } = await downloadDocuments({
    cache,
    ...(input.store ? { store: input.store } : {}),
    ...(input.extractor ? { extractor: input.extractor } : {}),
    tenderIds: scope.tenderIds,
    maxTotalMb: settings.maxTotalMb,
    maxFileMb: settings.maxFileMb,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onEvent ? { onEvent: input.onEvent } : {}),
    onExtracted: (_sha, _r, done, total) => input.onExtracted?.(done, total),
  });
  const changed = input.signal?.aborted ? [] : documentsChangedEvents(cache, scope.tenderIds);
  return { scope, fetched, extracted, changed };
}
