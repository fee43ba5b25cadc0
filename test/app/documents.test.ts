/**
 * documents.* through the app core: the contract refuses bad calls at the boundary; a tender's
 * documents are listed with their states, downloaded as a job with progress (no units), read, found
 * «в документах» with highlighted pieces and the tender's name, and opened as a copy under a safe name (Electron:
 * the system's program; browser mode: a download); a second download resumes and fetches nothing again; the
 * automatic download chosen in the settings runs as a job of its own (documents:auto).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, type MethodName } from '../../src-main/contract/ipc';
import type { HostPlatform } from '../../src-main/app/hostPlatform';
import { noCardText } from '../../src-main/app/documentJobs';
import { coreOnSandbox, eventsOf, finished, platform, rejection, tempDir } from './helpers';

const refused = (name: MethodName, args: unknown): string[] => {
  const r = parseArgs(name, args);
  return r.ok ? [] : (r.error.fields ?? ['?']);
};

describe('documents.* arguments are checked at the main-process boundary', () => {
  it('a tender id, a list id, a document ordinal and a search text must be what they say', () => {
    expect(refused('documents.ofTender', { tenderId: 3 })).toEqual([]);
    expect(refused('documents.ofTender', { tenderId: -1 })).not.toEqual([]);
    expect(refused('documents.ofTender', { tenderId: '3' })).not.toEqual([]);
    expect(refused('documents.fetch', { scope: { kind: 'list', listId: 'lst_a' } })).toEqual([]);
    expect(refused('documents.fetch', { scope: { kind: 'list', listId: '../etc' } })).not.toEqual([]);
    expect(refused('documents.fetch', { scope: { kind: 'marked' } })).not.toEqual([]);
    expect(refused('documents.open', { tenderId: 3, ordinal: 0 })).not.toEqual([]);
    expect(refused('documents.open', { tenderId: 3, ordinal: 1, path: '/etc/passwd' })).not.toEqual([]);
    expect(refused('documents.search', { text: '   ' })).not.toEqual([]);
    expect(refused('documents.search', { text: 'ГОСТ', status: 'no-such-status' })).not.toEqual([]);
    expect(refused('documents.diff', { tenderId: 3, from: 0 })).not.toEqual([]);
  });

  it('the documents settings take whole megabytes above zero and ids of their own kind only', () => {
    const ok = { autoDownload: { marked: true, lists: ['lst_1'], savedSearches: ['flt_1'] }, maxFileMb: 100, maxTotalMb: 2048 };
    expect(refused('documents.setSettings', ok)).toEqual([]);
    expect(refused('documents.setSettings', { ...ok, maxFileMb: 0 })).toContain('maxFileMb');
    expect(refused('documents.setSettings', { ...ok, maxTotalMb: 1.5 })).toContain('maxTotalMb');
    expect(refused('documents.setSettings', { ...ok, autoDownload: { ...ok.autoDownload, savedSearches: ['lst_1'] } })).toContain('autoDownload.savedSearches.0');
  });
});

const TENDER = 3;
const opened: string[] = [];
const host: HostPlatform = { ...platform(tempDir('twb-docs-exports-')), openPath: async (p) => (opened.push(p), true) };
const env = coreOnSandbox({ platform: host });

describe('a tender’s documents in the app', () => {
  it('are listed not downloaded, downloaded as a job without units, then listed with their states and sizes', async () => {
    const { t } = env;
    await t.call('card.tender', { id: TENDER });
    const before = await t.call('documents.ofTender', { tenderId: TENDER });
    expect(before.version).not.toBeNull();
    expect(before.documents.length).toBeGreaterThan(0);
    expect(before.documents.every((d) => d.state === 'not_downloaded' && d.bytes === null && d.openable)).toBe(true);
    const notYet = await rejection(t.call('documents.open', { tenderId: TENDER, ordinal: 1 }));
    expect(notYet).toMatchObject({ code: 'not_found' });
    expect(notYet.message).toContain('не скачан');

    const { jobId, tenders } = await t.call('documents.fetch', { scope: { kind: 'tender', tenderId: TENDER } });
    expect(tenders).toBe(1);
    const job = await finished(t, jobId);
    expect(job).toMatchObject({ state: 'done', charged: 0, items: before.documents.length, total: before.documents.length, label: `Документы закупки ${TENDER}` });
    expect(job.notice).toMatch(/^Документы: \d+ документ\S*, новых \d+, уже были 0, ошибок 0; текст прочитан/);
    expect(eventsOf(t, 'sync.progress').filter((j) => j.jobId === jobId).length).toBeGreaterThan(1);

    const after = await t.call('documents.ofTender', { tenderId: TENDER });
    expect(after.documents.map((d) => d.name)).toEqual(before.documents.map((d) => d.name));
    for (const d of after.documents) {
      expect(['text_extracted', 'scan']).toContain(d.state);
      expect(d.bytes).toBeGreaterThan(0);
    }

    // Run again, it resumes: every file is held already.
    const again = await finished(t, (await t.call('documents.fetch', { scope: { kind: 'tender', tenderId: TENDER } })).jobId);
    expect(again.notice).toContain(`новых 0, уже были ${before.documents.length}`);
  });

  it('a downloaded document opens as a copy under a safe name: the system’s program in Electron, a download in browser mode', async () => {
    const { t } = env;
    const docs = await t.call('documents.ofTender', { tenderId: TENDER });
    const first = docs.documents[0]!;
    const r = await t.call('documents.open', { tenderId: TENDER, ordinal: first.ordinal });
    expect(r).toMatchObject({ opened: true, downloadUrl: null });
    const path = opened.at(-1)!;
    expect(basename(path)).toBe(r.fileName);
    expect(r.fileName).toMatch(/^[\p{L}\p{N} \-_()№,]+(\.[a-z0-9]+)?$/u);
    expect(readFileSync(path).length).toBe(first.bytes);

    const openPath = host.openPath;
    delete host.openPath;
    host.publishDownload = async (_file, name) => `/download/x-${name}`;
    try {
      const b = await t.call('documents.open', { tenderId: TENDER, ordinal: first.ordinal });
      expect(b).toMatchObject({ opened: false, downloadUrl: `/download/x-${r.fileName}`, fileName: r.fileName });
    } finally {
      host.openPath = openPath!;
      delete host.publishDownload;
    }
  });

  it('«в документах» finds the tender by a word of its documents, with its name and the matched words as pieces', async () => {
    const { t } = env;
    const hits = (await t.call('documents.search', { text: 'ГОСТ' })).hits;
    const hit = hits.find((h) => h.tenderId === TENDER);
    expect(hit).toBeDefined();
    expect(hit!.tenderName).toEqual(expect.any(String));
    expect(hit!.snippet.some((p) => p.hit && /гост/i.test(p.text))).toBe(true);
    const plain = hit!.snippet.map((p) => p.text).join('');
    expect(plain.includes(String.fromCharCode(2)) || plain.includes(String.fromCharCode(3))).toBe(false);
    expect(await rejection(t.call('documents.search', { text: '-ГОСТ' }))).toMatchObject({ code: 'invalid_input' });
  });

  it('«Скачать все документы списка» downloads the members’ documents as one job, resuming what is held and naming a member never opened', async () => {
    const { t } = env;
    const list = await t.call('lists.create', { name: 'Документы списка' });
    await t.call('lists.addItems', { listId: list.listId, ids: [TENDER, 1999] });
    const held = (await t.call('documents.ofTender', { tenderId: TENDER })).documents.length;
    const { jobId, tenders } = await t.call('documents.fetch', { scope: { kind: 'list', listId: list.listId } });
    expect(tenders).toBe(2);
    const job = await finished(t, jobId);
    expect(job).toMatchObject({ state: 'done', charged: 0, label: 'Документы списка «Документы списка»' });
    expect(job.notice).toContain(`уже были ${held}`);
    expect(job.notice).toContain('закупок, чья карточка не открывалась: 1');
    expect(await rejection(t.call('documents.fetch', { scope: { kind: 'list', listId: 'lst_nope' } }))).toMatchObject({ code: 'not_found' });
  });

  it('a diff of a tender with one held version is refused with what to do', async () => {
    const r = await rejection(env.t.call('documents.diff', { tenderId: TENDER }));
    expect(r.code).toBe('not_found');
    expect(r.message).toContain('сравнивать не с чем');
  });

  it('the settings round-trip through the core and reach settings.json; choosing the marked tenders downloads theirs at once, as the documents:auto job', async () => {
    const { t } = env;
    expect(await t.call('documents.settings', {})).toEqual({ autoDownload: { marked: false, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 });
    await t.call('marks.apply', { tender_ids: [TENDER], add_tags: ['документы'] });
    expect((await t.call('sync.jobs', {})).some((j) => j.filterId === 'documents:auto')).toBe(false);
    const next = { autoDownload: { marked: true, lists: [], savedSearches: [] }, maxFileMb: 5, maxTotalMb: 4096 };
    expect(await t.call('documents.setSettings', next)).toEqual(next);
    expect(JSON.parse(readFileSync(`${t.dir}/settings.json`, 'utf8')).documents).toEqual(next);
    // A job like «Скачать документы»: its progress on sync.progress; what is held is not fetched again.
    const auto = (await t.call('sync.jobs', {})).find((j) => j.filterId === 'documents:auto');
    expect(auto).toBeDefined();
    const held = (await t.call('documents.ofTender', { tenderId: TENDER })).documents.length;
    const job = await finished(t, auto!.jobId);
    expect(job).toMatchObject({ state: 'done', charged: 0, items: held, total: held, label: 'Документы (автозагрузка)' });
    expect(job.notice).toContain(`новых 0, уже были ${held}`);
    expect(eventsOf(t, 'sync.progress').some((j) => j.jobId === auto!.jobId && j.state === 'running')).toBe(true);
  });
});

describe('a documents run tells of tenders skipped for want of their card', () => {
  it('tenders skipped for want of their card: the pronoun agrees with the count (её for one, их for three)', () => {
    expect(noCardText(1).ru).toMatch(/: 1 — .*откройте её$/);
    expect(noCardText(3).ru).toMatch(/: 3 — .*откройте их$/);
    expect(noCardText(3).en).toMatch(/open them$/);
  });
});
