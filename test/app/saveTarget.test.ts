/**
 * An export's target, in the app: the save dialog lets the user pick any file, the profile's own cache.db, the
 * settings or a FIFO too. The app refuses them by the CLI's rule (export/outputTarget.ts), in the user's language,
 * before anything is written, and an export to a proper place still works afterwards.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { exportsDirOf, finished, makeCore, platform, sandbox, tempDir, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;
let filterId: string;
/** What the "save dialog" answers next. */
let chosen: string | null = null;
const dir = tempDir();

beforeAll(async () => {
  sb = await sandbox();
  t = await makeCore(sb.baseUrl, { dataDir: dir, platform: platform(dir, { chooseSavePath: async (name) => chosen ?? join(exportsDirOf(dir), name) }) });
  mkdirSync(exportsDirOf(dir), { recursive: true });
  const run = await t.call('search.run', { criteria: { keywords: ['компьютер'] }, label: 'компьютеры' });
  filterId = run.filterId;
  expect((await finished(t, run.jobId)).state).toBe('done');
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('the save dialog’s file', () => {
  it('the profile’s cache.db and settings.json are refused by every export: nothing replaced, the sentence in Russian', async () => {
    const cacheFile = join(dir, 'profiles', 'sandbox', 'cache.db');
    const settings = join(dir, 'settings.json');
    const inode = statSync(cacheFile).ino;
    const settingsBefore = readFileSync(settings);
    const refused = { code: 'invalid_input', text: { ru: expect.stringMatching(/находится в папке данных Tender Workbench/) } };
    for (const target of [cacheFile, settings, join(dir, 'profiles', 'sandbox', 'new.csv')]) {
      chosen = target;
      await expect(t.call('search.export', { filterId, columns: ['id'] })).rejects.toMatchObject(refused);
      await expect(t.call('ledger.export', { columns: ['id'] })).rejects.toMatchObject(refused);
      await expect(t.call('calendar.exportIcs', { scope: { kind: 'search', filterId } })).rejects.toMatchObject(refused);
    }
    chosen = null;
    expect(statSync(cacheFile).ino).toBe(inode);
    expect(readFileSync(settings).equals(settingsBefore)).toBe(true);
    expect(existsSync(join(dir, 'profiles', 'sandbox', 'new.csv'))).toBe(false);
    const fine = await t.call('search.export', { filterId, columns: ['id'] });
    expect(fine.saved).toBe(true);
    expect(fine.rows).toBeGreaterThan(0);
  });

  it('a FIFO is not replaced and a missing folder is one sentence, each in the user’s language', async () => {
    const fifo = join(exportsDirOf(dir), 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    chosen = fifo;
    await expect(t.call('ledger.export', { columns: ['id'] })).rejects.toMatchObject({ code: 'invalid_input', text: { ru: expect.stringContaining('не обычный файл') } });
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const missing = join(exportsDirOf(dir), 'нет такой папки');
    chosen = join(missing, 'ledger.csv');
    await expect(t.call('ledger.export', { columns: ['id'] })).rejects.toMatchObject({
      code: 'invalid_input',
      text: { ru: `Папки «${missing}» нет: создайте её или укажите файл в существующей папке.`, en: `The folder «${missing}» does not exist: create it or choose a file in a folder that exists.` },
    });
    chosen = null;
  });
});
