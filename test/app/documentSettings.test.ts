/**
 * The documents section of settings.json: its defaults, the migration of files written before it, and
 * the per-field fallback of a damaged one (a damaged limit is never read as "no limit" and never costs the chosen
 * lists). One reader decides what the section means: the app (documents.settings, its automatic download job)
 * and the CLI (docs fetch, --auto, sync) read the same file the same way.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS, readSettings, SettingsFile, SETTINGS_FILE } from '../../src-main/workspace/settings';
import { documentSettingsSchema } from '../../src-main/contract/settingsShapes';
import { CliContext } from '../../src-main/cli/context';
import { createOutput } from '../../src-main/cli/output';
import { makeCore } from './helpers';

const root = mkdtempSync(join(tmpdir(), 'tenderwb-doc-settings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
async function read(content: unknown) {
  const dir = join(root, String(n++));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, SETTINGS_FILE), typeof content === 'string' ? content : JSON.stringify(content));
  return readSettings(dir);
}

describe('documents settings', () => {
  it('a fresh install downloads nothing on its own and caps a file at 100 MB and all documents at 2048 MB', async () => {
    const s = await readSettings(join(root, 'none'));
    expect(s.documents).toEqual({ autoDownload: { marked: false, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 });
    expect(DEFAULT_DOCUMENTS).toEqual(s.documents);
  });

  it('a settings file written before the documents section keeps its other settings and gets the documents defaults', async () => {
    const s = await read({ locale: 'en', activeProfile: 'work', spending: { confirmAbove: 5, runCap: null, dailyBudget: 70 } });
    expect(s.locale).toBe('en');
    expect(s.activeProfile).toBe('work');
    expect(s.spending).toEqual({ confirmAbove: 5, runCap: null, dailyBudget: 70 });
    expect(s.documents).toEqual(DEFAULT_DOCUMENTS);
  });

  it('a saved documents section reads back as written', async () => {
    const documents = { autoDownload: { marked: true, lists: ['lst_a1'], savedSearches: ['flt_b-2'] }, maxFileMb: 25, maxTotalMb: 10_000 };
    expect((await read({ documents })).documents).toEqual(documents);
  });

  it('a damaged field falls back alone: a bad limit takes the default limit, not none, and the lists stay', async () => {
    const s = await read({ documents: { autoDownload: { marked: 'yes', lists: ['lst_keep', 'not-a-list', 7, 'lst_keep'], savedSearches: 'flt_x' }, maxFileMb: -3, maxTotalMb: 1.5 } });
    expect(s.documents).toEqual({ autoDownload: { marked: false, lists: ['lst_keep'], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 });
  });

  it('the app and the CLI read one settings file the same way: a damaged field falls back alone in both, a saved search is chosen by its id', async () => {
    const dir = join(root, 'both');
    mkdirSync(dir, { recursive: true });
    const documents = { autoDownload: { marked: true, lists: ['lst_a', '../x'], savedSearches: ['flt_vac', 'вакцины'] }, maxFileMb: 2.5, maxTotalMb: 512 };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ locale: 'ru', documents }));
    const read = { autoDownload: { marked: true, lists: ['lst_a'], savedSearches: ['flt_vac'] }, maxFileMb: 100, maxTotalMb: 512 };
    const cli = new CliContext(createOutput(true), { dataDir: dir, json: true }, {});
    expect(await cli.documentSettings()).toEqual(read);
    const app = await makeCore(null, { dataDir: dir });
    try {
      expect(await app.call('documents.settings', {})).toEqual(read);
    } finally {
      await app.close();
    }
  });

  it('a documents section that is not an object gives the defaults and the rest of the file survives', async () => {
    const s = await read({ locale: 'en', documents: 'big' });
    expect(s.locale).toBe('en');
    expect(s.documents).toEqual(DEFAULT_DOCUMENTS);
  });

  it('the section written through SettingsFile is read back by the next start', async () => {
    const dir = join(root, 'write');
    const file = new SettingsFile(dir, await readSettings(dir));
    const documents = { autoDownload: { marked: true, lists: [], savedSearches: ['flt_q'] }, maxFileMb: 1, maxTotalMb: 3 };
    await file.update({ documents });
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).documents).toEqual(documents);
    expect((await readSettings(dir)).documents).toEqual(documents);
  });

  it('the strict schema (what the app accepts from the renderer) refuses ids of another kind, fractions and zero', () => {
    const ok = { autoDownload: { marked: false, lists: ['lst_1'], savedSearches: ['flt_1'] }, maxFileMb: 100, maxTotalMb: 2048 };
    expect(documentSettingsSchema.safeParse(ok).success).toBe(true);
    expect(documentSettingsSchema.safeParse({ ...ok, autoDownload: { ...ok.autoDownload, lists: ['flt_1'] } }).success).toBe(false);
    expect(documentSettingsSchema.safeParse({ ...ok, maxFileMb: 2.5 }).success).toBe(false);
    expect(documentSettingsSchema.safeParse({ ...ok, maxTotalMb: 0 }).success).toBe(false);
    expect(documentSettingsSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});
