/**
 * Automatic download of tender documents: nothing is downloaded unless the settings choose it (a missing or damaged
 * section is «off»), the settings read by the app's one reader (a damaged field falls back alone); what is chosen
 * (the marked tenders, a list, a saved search) is downloaded and read within both size limits, with the Russian
 * messages; a marked tender whose documentation changed between its two newest held cards is one event worded
 * in one line, told once. In the app it is a job of the job runner (`documents:auto`): started by stored tender
 * versions only when something is chosen, one at a time, with progress; cut short by a restart it resumes at the
 * next start and fetches only what was not held; the total size limit ends it with its message.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { cardStore } from '../../src-main/cache/cardStore';
import { documentStore } from '../../src-main/cache/documentStore';
import { listStore } from '../../src-main/cache/listStore';
import { markStore } from '../../src-main/cache/markStore';
import { BlobStore } from '../../src-main/docfiles/blobStore';
import { DocumentExtractor } from '../../src-main/docfiles/extract/extractRunner';
import { runAutoDownload } from '../../src-main/documents/autoDownload';
import { autoPending } from '../../src-main/documents/autoPending';
import { AutoDocuments } from '../../src-main/app/autoDocuments';
import { AUTO_DOCUMENTS_JOB } from '../../src-main/app/documentJobs';
import { JobManager } from '../../src-main/app/jobs';
import { AppNotifications } from '../../src-main/app/notificationTeller';
import { events, type SyncJob } from '../../src-main/contract/ipc';
import type { DocumentSettings } from '../../src-main/contract/settingsShapes';
import { toIpcError } from '../../src-main/workspace/errors';
import { DEFAULT_DOCUMENTS, readSettings, SETTINGS_FILE, type SettingsFile } from '../../src-main/workspace/settings';
import { notificationText } from '../../src-main/i18n/notificationText';
import { Notifier, type Told } from '../../src-main/notifications/index';
import type { NotificationEvent } from '../../src-main/domain/notifications';

const rtf = (body: string): Buffer => Buffer.from(`{\\rtf1\\ansi\\ansicpg1251{\\fonttbl{\\f0 Arial;}}\\f0 ${body.replace(/[\u0400-\u04ff]/g, (c) => `\\u${c.charCodeAt(0)}?`)}\\par}`, 'latin1');

const FILES: Record<string, Buffer> = {
  '/77/1/tz': rtf('Техническое задание. Ноутбук: количество 30 штук. Срок поставки 10 дней.'),
  '/77/2/tz': rtf('Техническое задание. Ноутбук: количество 45 штук. Срок поставки 10 дней.'),
  '/77/2/izm': rtf('Изменения в извещение: редакция 2.'),
  '/88/1/tz': rtf('Техническое задание на бумагу офисную.'),
  '/99/1/tz': rtf('Техническое задание на мебель.'),
  '/66/1/big': Buffer.alloc(300 * 1024, 'x'),
  '/55/1/a': rtf('Техническое задание на стулья.'),
  '/55/1/slow': rtf(`Проект контракта. ${'Поставщик обязуется поставить товар. '.repeat(400)}`),
  '/55/1/c': rtf('Обоснование начальной цены.'),
};
/** While set, /55/1/slow sends half its bytes and then nothing (a download in the middle when the app closes). */
let hang = false;
let slowStarted: () => void = () => undefined;

let server: Server;
let origin: string;
let hits: string[] = [];
let dir: string;
let cache: CacheDb;
let store: BlobStore;
const extractor = new DocumentExtractor({ timeoutMs: 120_000 });

function holdCard(id: number, version: number, docs: { path: string; name: string }[]): void {
  const documents = docs.map((d, i) => ({ id: i + 1, name: d.name, url: `${origin}${d.path}`, extension: 'rtf' }));
  cardStore(cache).saveCard({ kind: 'tender', id, version, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt: '2026-11-20T09:00:00Z', billed: false, card: { id, version, name: `Закупка ${id}`, etp_id: `0173${id}`, documents } });
}

const chosen = (over: Partial<DocumentSettings['autoDownload']>, limits: Partial<Pick<DocumentSettings, 'maxFileMb' | 'maxTotalMb'>> = {}): DocumentSettings => ({
  ...DEFAULT_DOCUMENTS,
  ...limits,
  autoDownload: { ...DEFAULT_DOCUMENTS.autoDownload, ...over },
});

/** The documents section of a settings.json holding `content` (nothing: no file), as the app and the CLI read it. */
async function readDocuments(content: unknown): Promise<DocumentSettings> {
  const at = join(dir, `settings-${Math.random().toString(36).slice(2)}`);
  mkdirSync(at);
  if (content !== undefined) writeFileSync(join(at, SETTINGS_FILE), JSON.stringify(content));
  return (await readSettings(at)).documents;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const body = FILES[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    if (req.url === '/55/1/slow' && hang) {
      res.writeHead(200, { 'content-length': String(body.length) });
      return void res.write(body.subarray(0, body.length >> 1), () => slowStarted());
    }
    res.writeHead(200).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await extractor.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  cache?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = mkdtempSync(join(tmpdir(), 'tenderwb-auto-'));
  cache = openCache(join(dir, 'cache.db'));
  store = BlobStore.besideCache(cache.file);
  hits = [];
  hang = false;
  holdCard(77, 1, [{ path: '/77/1/tz', name: 'Техническое задание' }]);
  holdCard(88, 1, [{ path: '/88/1/tz', name: 'Техническое задание' }]);
  holdCard(99, 1, [{ path: '/99/1/tz', name: 'Техническое задание' }]);
  markStore(cache).apply({ tender_ids: [77], add_tags: ['ноутбуки'] });
  listStore(cache).upsertList({ listId: 'lst_paper', name: 'Бумага', createdAt: '2026-11-20T09:00:00Z' });
  listStore(cache).setItems('lst_paper', [88]);
});

describe('automatic download of documents', () => {
  it('is off unless chosen: missing, damaged or empty settings download nothing', async () => {
    for (const settings of [undefined, {}, { documents: null }, { documents: { autoDownload: 'yes' } }, { documents: { autoDownload: { marked: 'true' } } }]) {
      const s = await readDocuments(settings);
      expect(s.autoDownload).toEqual({ marked: false, lists: [], savedSearches: [] });
      expect(await runAutoDownload({ cache, store, extractor, settings: s })).toBeNull();
    }
    expect(hits).toEqual([]);
    expect(documentStore(cache).storedBytes()).toBe(0);
    // A valid section is read as written, its limits too.
    expect(await readDocuments({ documents: { autoDownload: { marked: true, lists: ['lst_paper'], savedSearches: [] }, maxFileMb: 5, maxTotalMb: 50 } })).toEqual(
      chosen({ marked: true, lists: ['lst_paper'] }, { maxFileMb: 5, maxTotalMb: 50 }),
    );
  });

  it('a damaged field of the settings falls back alone: what is still chosen downloads, under the default limits', async () => {
    const s = await readDocuments({ documents: { autoDownload: { marked: true, lists: ['lst_paper', 'Бумага', 7], savedSearches: 'flt_x' }, maxFileMb: 'big', maxTotalMb: 0.5 } });
    expect(s).toEqual(chosen({ marked: true, lists: ['lst_paper'] }, { maxFileMb: 100, maxTotalMb: 2048 }));
    const outcome = await runAutoDownload({ cache, store, extractor, settings: s });
    expect(hits.sort()).toEqual(['/77/1/tz', '/88/1/tz']);
    expect(outcome?.fetched).toMatchObject({ tenders: 2, fresh: 2, failed: 0, stopped: null });
  });

  it('downloads and reads the documents of exactly what is chosen: the marked tenders, then a list; a missing list is said', async () => {
    const marked = await runAutoDownload({ cache, store, extractor, settings: chosen({ marked: true }) });
    expect(hits).toEqual(['/77/1/tz']);
    expect(marked).toMatchObject({ fetched: { tenders: 1, fresh: 1, failed: 0 }, extracted: { read: 1, text: 1 } });

    hits = [];
    const withList = await runAutoDownload({ cache, store, extractor, settings: chosen({ marked: true, lists: ['lst_paper', 'lst_gone'], savedSearches: ['flt_gone'] }) });
    expect(hits).toEqual(['/88/1/tz']);
    expect(withList?.fetched).toMatchObject({ tenders: 2, fresh: 1, held: 1 });
    expect(withList?.scope.missing.map((m) => m.ru)).toEqual([
      'списка lst_gone нет в кэше — его документы не скачиваются',
      'сохранённого поиска flt_gone нет в кэше — его документы не скачиваются',
    ]);
  });

  it('keeps both size limits with a Russian message: a file over its cap is refused, the total is never passed', async () => {
    holdCard(66, 1, [{ path: '/66/1/big', name: 'Сметы' }]);
    listStore(cache).setItems('lst_paper', [66, 88]);
    // 300 KB over a 0.2 MB file cap.
    const perFile = await runAutoDownload({ cache, store, extractor, settings: chosen({ lists: ['lst_paper'] }, { maxFileMb: 0.2 }) });
    expect(perFile?.fetched.failed).toBe(1);
    expect(documentStore(cache).fetchOf(`${origin}/66/1/big`)).toMatchObject({ held: false, reason: { ru: 'файл больше 0,2 МБ — не скачан (предел меняется в настройках)' } });

    // Under its own cap now, but the 300 KB file would pass a 0.25 MB total: not kept, and the job says why it stopped.
    const total = await runAutoDownload({ cache, store, extractor, settings: chosen({ lists: ['lst_paper'] }, { maxTotalMb: 0.25 }) });
    expect(hits.filter((h) => h === '/66/1/big')).toHaveLength(2);
    expect(total?.fetched.stopped?.ru).toBe('достигнут предел места под документы (0,25 МБ) — остальные не скачаны; увеличьте предел (--max-mb или «Настройки»)');
    expect(documentStore(cache).storedBytes()).toBeLessThanOrEqual(0.25 * 1024 * 1024);
    expect(documentStore(cache).fetchOf(`${origin}/66/1/big`)?.held).toBe(false);
  });

  it('a marked tender whose documentation changed is one event, worded in one line, told once; a version not downloaded is no news yet', async () => {
    await runAutoDownload({ cache, store, extractor, settings: chosen({ marked: true }) });
    holdCard(77, 2, [
      { path: '/77/2/tz', name: 'Техническое задание' },
      { path: '/77/2/izm', name: 'Изменения в извещение' },
    ]);
    const outcome = await runAutoDownload({ cache, store, extractor, settings: chosen({ marked: true }) });
    expect(outcome?.changed).toHaveLength(1);
    const event = outcome!.changed[0]!.event as Extract<NotificationEvent, { event: 'marked_documents_changed' }>;
    expect(event).toMatchObject({ event: 'marked_documents_changed', tender_id: 77, name: 'Закупка 77', from_version: 1, version: 2 });
    expect(event.changes.map((c) => [c.document, c.change])).toEqual([
      ['Техническое задание', 'changed'],
      ['Изменения в извещение', 'added'],
    ]);
    const told: Told[] = [];
    const notifier = new Notifier({ channel: 'cli', quietHours: () => null, tell: (t) => told.push(t) });
    notifier.offer(cache, outcome!.changed);
    notifier.offer(cache, (await runAutoDownload({ cache, store, extractor, settings: chosen({ marked: true }) }))!.changed);
    expect(told).toHaveLength(1);
    const words = notificationText(event, 'ru');
    expect(words).toEqual({ title: 'Изменилась документация: Закупка 77', body: 'Техническое задание: 1 правка: «30» → «45»; Изменения в извещение: добавлен' });
    expect(notificationText(event, 'en').body).toBe('Техническое задание: 1 edit: «30» → «45»; Изменения в извещение: added');
    expect(told[0]).toMatchObject({ summary: false, target: { view: 'card', tenderId: 77 } });
    // The app's teller sends it to the window in the same words and under its own kind, leading to the card.
    const sent: unknown[] = [];
    const teller = new AppNotifications({
      settings: { value: { notifications: { enabled: true, quietHours: null } } } as unknown as SettingsFile,
      locale: () => 'ru',
      emit: (event, payload) => sent.push({ event, payload }),
      cache: () => cache,
      checkMs: 3_600_000,
    });
    try {
      teller.documentsChanged(cache, outcome!.changed);
    } finally {
      teller.close();
    }
    expect(sent).toEqual([
      { event: 'notify', payload: { id: expect.any(Number), kind: 'marked_documents_changed', title: 'Изменилась документация: Закупка 77', body: words.body, target: { view: 'card', tenderId: 77 } } },
    ]);
    expect(events.notify.safeParse((sent[0] as { payload: unknown }).payload).success).toBe(true);

    // A marked tender whose older card's documents were never downloaded: its change cannot be told yet, so no news.
    holdCard(99, 2, [{ path: '/99/1/tz', name: 'Техническое задание' }]);
    holdCard(99, 3, [{ path: '/77/2/izm', name: 'Техническое задание' }]);
    markStore(cache).apply({ tender_ids: [99], add_tags: ['мебель'] });
    const later = await runAutoDownload({ cache, store, extractor, settings: chosen({ marked: true }) });
    expect(hits).not.toContain('/99/1/tz');
    expect(later?.changed.map((c) => (c.event as { tender_id: number }).tender_id)).toEqual([77]);
  });

  describe('in the app, the documents:auto job', () => {
    /** A stored card version as the workbench reports it (CurrentDeps.onVersionsStored). */
    const card = (id: number) => ({ kind: 'tender', id, object: { id, documents: [{ id: 1, name: 'ТЗ', url: `${origin}/x`, extension: 'rtf' }] } });

    /** The app's job runner over the test's cache as AppContext wires it: the documents:auto body is AutoDocuments.run. */
    function appJobs(settings: () => DocumentSettings) {
      const emitted: SyncJob[] = [];
      const listeners: ((job: SyncJob) => void)[] = [];
      const jobs: JobManager = new JobManager({
        run: (_spec, signal, hooks) => auto.run(cache, signal, hooks),
        emit: (job) => {
          emitted.push(job);
          for (const l of listeners) l(job);
        },
        toError: (e) => toIpcError(e, 'ru'),
        stopError: () => {
          throw new Error('a documents job spends nothing');
        },
        throttleMs: 0,
      });
      const auto: AutoDocuments = new AutoDocuments({ settings, cache: () => cache, jobs: () => jobs, label: () => 'Документы (автозагрузка)', onChanged: () => undefined });
      return {
        jobs,
        auto,
        emitted,
        onEmit: (l: (job: SyncJob) => void) => listeners.push(l),
        ended: () => jobs.runningFor(AUTO_DOCUMENTS_JOB)?.done ?? Promise.resolve(),
      };
    }

    it('starts on a stored card of a chosen tender only, shows its progress, and a card stored during a run is one more pass, not a second job', async () => {
      let settings = chosen({});
      const app = appJobs(() => settings);
      app.auto.versionsStored([card(77)]);
      settings = chosen({ marked: true });
      // A contract, a feed item (no documents), a card of a tender not chosen: none of them is a reason to run.
      app.auto.versionsStored([{ kind: 'contract', id: 77, object: { documents: [{}] } }, { kind: 'tender', id: 77, object: { id: 77 } }, card(99)]);
      expect(app.jobs.list()).toEqual([]);
      expect(autoPending(cache).owed()).toBe(false);

      // Tenders stored while the first pass has just downloaded: the same job goes over the scope once more.
      let storedDuringRun = false;
      app.onEmit((job) => {
        if (storedDuringRun || job.items !== 1) return;
        storedDuringRun = true;
        app.auto.versionsStored([card(77)]);
      });
      app.auto.versionsStored([card(77)]);
      expect(autoPending(cache).owed()).toBe(true);
      await app.ended();

      const [job, ...others] = app.jobs.list();
      expect(others).toEqual([]);
      expect(job).toMatchObject({ filterId: 'documents:auto', label: 'Документы (автозагрузка)', state: 'done', items: 1, total: 1, charged: 0 });
      const progress = app.emitted.filter((j) => j.jobId === job!.jobId).map((j) => [j.state, j.items, j.total]);
      expect(progress).toContainEqual(['running', 1, 1]);
      // The second pass held what the first downloaded.
      expect(job!.notice).toMatch(/^Документы: 1 документ, новых 0, уже были 1, ошибок 0/);
      expect(hits).toEqual(['/77/1/tz']);
      expect(autoPending(cache).owed()).toBe(false);
    });

    /**
     * Tender 55 in a chosen list, its documents `paths`; the run started and held inside /55/1/slow (the test
     * server sends half of it while `hang` is set).
     */
    async function heldInsideARun(paths: { path: string; name: string }[]) {
      holdCard(55, 1, paths);
      listStore(cache).upsertList({ listId: 'lst_chairs', name: 'Стулья', createdAt: '2026-11-20T09:00:00Z' });
      listStore(cache).setItems('lst_chairs', [55]);
      const settings = chosen({ lists: ['lst_chairs'] });
      hang = true;
      const halfway = new Promise<void>((r) => (slowStarted = r));
      const app = appJobs(() => settings);
      app.auto.versionsStored([card(55)]);
      await halfway;
      return { settings, app };
    }

    it('cut short by a restart, it resumes at the next start and fetches only what was not held', async () => {
      const { settings, app: first } = await heldInsideARun([
        { path: '/55/1/a', name: 'Техническое задание' },
        { path: '/55/1/slow', name: 'Проект контракта' },
        { path: '/55/1/c', name: 'Обоснование НМЦК' },
      ]);
      // The first document is held, the second half received: the app closes (its runner stops every job).
      expect(documentStore(cache).fetchOf(`${origin}/55/1/a`)?.held).toBe(true);
      await first.jobs.cancelAll();
      expect(first.jobs.list()).toMatchObject([{ state: 'cancelled', total: 3 }]);
      expect(hits).toEqual(['/55/1/a', '/55/1/slow']);
      expect(autoPending(cache).owed()).toBe(true);

      // The next start: the cache opened again, a new runner; activating the profile resumes what was owed.
      cache.close();
      cache = openCache(join(dir, 'cache.db'));
      hang = false;
      hits = [];
      const second = appJobs(() => settings);
      second.auto.resume();
      await second.ended();
      expect(hits).toEqual(['/55/1/slow', '/55/1/c']);
      expect(second.jobs.list()).toMatchObject([{ filterId: 'documents:auto', state: 'done', items: 3, total: 3 }]);
      expect(second.jobs.list()[0]!.notice).toMatch(/^Документы: 3 документа, новых 2, уже были 1, ошибок 0/);
      expect(autoPending(cache).owed()).toBe(false);
      // Nothing is owed any more: the start after that runs nothing.
      const third = appJobs(() => settings);
      third.auto.resume();
      expect(third.jobs.list()).toEqual([]);
    });

    it('cancelled by the analyst, it is not resumed at the next start (a close is: the test above)', async () => {
      const { settings, app } = await heldInsideARun([
        { path: '/55/1/a', name: 'Техническое задание' },
        { path: '/55/1/slow', name: 'Проект контракта' },
      ]);
      expect(app.jobs.cancel(app.jobs.list()[0]!.jobId)).toBe(true);
      await app.ended();
      expect(app.jobs.list()).toMatchObject([{ state: 'cancelled' }]);
      expect(autoPending(cache).owed()).toBe(false);
      hang = false;
      const next = appJobs(() => settings);
      next.auto.resume();
      expect(next.jobs.list()).toEqual([]);
      // The next ask runs again, and fetches only what was not held.
      hits = [];
      next.auto.versionsStored([card(55)]);
      await next.ended();
      expect(hits).toEqual(['/55/1/slow']);
    });

    it('ends at the total size limit with its message, and owes nothing more', async () => {
      // 1 MB already stored (another tender's documents) under a 1 MB limit.
      documentStore(cache).recordStored('http://127.0.0.1:9/other.pdf', 'a'.repeat(64), 1024 * 1024, '2026-11-20T09:00:00Z');
      const app = appJobs(() => chosen({ marked: true }, { maxTotalMb: 1 }));
      app.auto.versionsStored([card(77)]);
      await app.ended();
      expect(app.jobs.list()).toMatchObject([
        { filterId: 'documents:auto', state: 'failed', error: { code: 'disk_full', message: 'достигнут предел места под документы (1 МБ) — остальные не скачаны; увеличьте предел (--max-mb или «Настройки»)' } },
      ]);
      expect(hits).toEqual([]);
      expect(autoPending(cache).owed()).toBe(false);
    });
  });
});
