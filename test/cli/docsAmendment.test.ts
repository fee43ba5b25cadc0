/**
 * `tenderwb docs` over the sandbox, the parts docs.test.ts leaves: `docs fetch --marked` downloads
 * the marked tenders' documents and only theirs; `docs fetch --auto` does nothing unless settings.json's
 * `documents` section chooses something, then downloads what it chooses; and `docs diff` on a real amendment
 * (the sandbox's `tick` with updates rewrites a document's text) prints the words that changed, with `--json`
 * one object per document, and the notifications' one line as its heading.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { cardStore } from '../../src-main/cache/cardStore';
import { documentStore } from '../../src-main/cache/documentStore';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { api, ctl, type Json } from '../sandbox/helpers';
import { cliOnSandbox, filesUnder, type CliHarness } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;
let live: string;

beforeAll(async () => {
  ({ sb, cli, live } = await cliOnSandbox());
}, 300_000);
afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

const settingsFile = (): string => join(cli.dataDir, 'settings.json');
const setDocuments = (documents: unknown): void => {
  const s = JSON.parse(readFileSync(settingsFile(), 'utf8')) as Json;
  writeFileSync(settingsFile(), JSON.stringify({ ...s, documents }));
};
const active = (c: Json): boolean => c.status === 'active' || c.status?.id === 1 || c.status?.code === 'active';
const cacheFile = (): string => filesUnder(join(cli.dataDir, 'profiles')).find((f) => f.endsWith('cache.db'))!;

describe('tenderwb docs fetch --marked and --auto', () => {
  it('--marked downloads the documents of the marked tenders only, and names a marked tender whose card is not held', async () => {
    await cli.ok(['card', 'tender', '3']);
    await cli.ok(['card', 'tender', '5']);
    await cli.ok(['mark', 'tender', '3', '--tag', 'документы']);
    await cli.ok(['mark', 'tender', '4', '--tag', 'документы', '--allow-missing']);
    const r = await cli.ok(['--json', 'docs', 'fetch', '--marked']);
    const files = r.lines.filter((l) => !l.summary);
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files.map((f) => f.tender_id))).toEqual(new Set([3]));
    expect(r.lines.find((l) => l.summary)).toMatchObject({ tenders: 1, files: files.length, failed: 0, no_card: [4] });
    // Tender 5's card is held but it is not marked: nothing of it was downloaded.
    const five = await cli.ok(['--json', 'docs', 'list', '5']);
    expect(five.lines.every((d) => d.state === 'not_downloaded')).toBe(true);
  }, 300_000);

  it('--auto does nothing while the settings choose nothing, and says where to choose; then downloads what they choose', async () => {
    const off = await cli.ok(['docs', 'fetch', '--auto']);
    expect(off.stderr).toContain('Автоматическая загрузка документов выключена: выберите отмеченные закупки, списки или сохранённые поиски в «Настройки → Документы»');
    expect((await cli.ok(['--json', 'docs', 'list', '5'])).lines.every((d) => d.state === 'not_downloaded')).toBe(true);

    setDocuments({ autoDownload: { marked: true, lists: ['lst_none'], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 });
    const on = await cli.run(['--json', 'docs', 'fetch', '--auto']);
    expect(on.code).toBe(0);
    expect(on.lines.find((l) => l.summary)).toMatchObject({ auto: true, tenders: 1, new: 0, failed: 0, stopped: null, no_card: [4] });
    expect(new Set(on.lines.filter((l) => !l.summary).map((l) => l.tender_id))).toEqual(new Set([3]));
    const said = await cli.ok(['docs', 'fetch', '--auto']);
    expect(said.stderr).toContain('списка lst_none нет в кэше — его документы не скачиваются');
    // The total limit of the settings holds too, said in Russian: 1 MB, already taken by other documents.
    const cache = openCache(cacheFile());
    try {
      documentStore(cache).recordStored('http://127.0.0.1:9/other.pdf', 'a'.repeat(64), 1024 * 1024, '2026-11-20T09:00:00Z');
    } finally {
      cache.close();
    }
    setDocuments({ autoDownload: { marked: true, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 1 });
    await cli.ok(['mark', 'tender', '5', '--tag', 'документы']);
    const full = await cli.run(['docs', 'fetch', '--auto']);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain('достигнут предел места под документы (1 МБ) — остальные не скачаны');
    expect((await cli.ok(['--json', 'docs', 'list', '5'])).lines.every((d) => d.state === 'not_downloaded')).toBe(true);
    setDocuments({ autoDownload: { marked: false, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 });
  }, 300_000);
});

describe('tenderwb sync honours the automatic download', () => {
  it('after its pages are stored, sync downloads the documents of the saved searches the settings choose, only of held cards', async () => {
    const search = await cli.ok(['--json', 'search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'vac']);
    await cli.ok(['sync', 'vac']);
    // A saved search is chosen by its id, as the app's Settings writes it.
    setDocuments({ autoDownload: { marked: false, lists: [], savedSearches: [search.lines.find((l) => l.filter_id)!.filter_id] }, maxFileMb: 100, maxTotalMb: 2048 });
    try {
      const first = await cli.ok(['--json', 'sync', 'vac']);
      const auto = first.lines.find((l) => l.auto === true);
      // No card of the search's tenders is held: nothing to download, each named (a card is the analyst's to open).
      expect(auto).toMatchObject({ summary: true, tenders: 0, files: 0 });
      const ids = auto!.no_card as number[];
      expect(ids.length).toBeGreaterThan(0);
      await cli.ok(['card', 'tender', String(ids[0])]);
      const second = await cli.ok(['--json', 'sync', 'vac']);
      expect(second.lines.find((l) => l.auto === true)).toMatchObject({ tenders: 1, failed: 0, no_card: ids.slice(1) });
      const listed = await cli.ok(['--json', 'docs', 'list', String(ids[0])]);
      expect(listed.lines.length).toBeGreaterThan(0);
      for (const d of listed.lines) expect(['text_extracted', 'scan']).toContain(d.state);
    } finally {
      setDocuments({ autoDownload: { marked: false, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 });
    }
    // Off again: sync prints no documents line.
    expect((await cli.ok(['--json', 'sync', 'vac'])).lines.some((l) => l.auto === true)).toBe(false);
  }, 600_000);
});

describe('tenderwb docs diff on a real amendment', () => {
  it('prints the words that changed in the amended documents, and --json gives one object per document with its word diff', async () => {
    // Open tenders at version 1, their cards held and documents downloaded; then the sandbox amends most tenders.
    const candidates: number[] = [];
    for (let id = 2000; candidates.length < 10 && id > 1700; id--) {
      const c = await api(sb, 'GET', `/tenders/${id}`, { token: live });
      if (c.status === 200 && c.json.version === 1 && active(c.json)) candidates.push(id);
    }
    expect(candidates.length).toBeGreaterThan(0);
    for (const id of candidates) await cli.ok(['card', 'tender', String(id)]);
    await cli.ok(['docs', 'fetch', ...candidates.flatMap((id) => ['--tender', String(id)])]);
    await ctl(sb, 'tick', { updated: 1500 });
    // The amended card, as a sync and a card opening would store it (the CLI shows a held card without asking).
    let amended: number | null = null;
    const cache = openCache(cacheFile());
    try {
      for (const id of candidates) {
        const c = await api(sb, 'GET', `/tenders/${id}`, { token: live });
        if (c.json.version > 1 && active(c.json)) {
          cardStore(cache).saveCard({ kind: 'tender', id, version: c.json.version, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt: new Date().toISOString(), billed: false, card: c.json });
          amended = id;
          break;
        }
      }
    } finally {
      cache.close();
    }
    expect(amended).not.toBeNull();
    await cli.ok(['docs', 'fetch', '--tender', String(amended)]);

    const json = await cli.ok(['--json', 'docs', 'diff', String(amended)]);
    const changed = json.lines.filter((l) => l.change === 'changed');
    expect(changed.length).toBeGreaterThan(0);
    for (const d of changed) {
      expect(d.from).toBe(1);
      expect(d.from_sha256).not.toBe(d.to_sha256);
      expect(d.diff.some((p: Json) => p.kind === 'added')).toBe(true);
    }
    // The very words: what the notice's new text adds, e.g. its revision line «Редакция № 2».
    const added = changed.flatMap((d) => d.diff.filter((p: Json) => p.kind === 'added').map((p: Json) => String(p.text).trim()));
    const removed = changed.flatMap((d) => d.diff.filter((p: Json) => p.kind === 'removed').map((p: Json) => String(p.text).trim()));
    const to = json.lines[0].to as number;
    expect(added.join(' ')).toMatch(new RegExp(`Редакция|№|${to}|\\d`));

    const human = await cli.ok(['docs', 'diff', String(amended)]);
    // The heading: the notifications' one line (i18n/documentChangeText.ts), then each document's word diff.
    expect(human.stderr).toMatch(new RegExp(`Закупка ${amended}: документация версии 1 → ${to}: .*(правк|добавлен|удалён)`));
    for (const word of added.slice(0, 3)) if (word) expect(human.stdout).toContain(`{+${word}`);
    for (const word of removed.slice(0, 3)) if (word) expect(human.stdout).toContain(`[-${word}`);
  }, 600_000);
});
