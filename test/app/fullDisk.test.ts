/**
 * A full disk, in the app: its core with the data folder on a disk that really fills (a tmpfs of a few MB,
 * test/cache/smallDisk.ts). A sync job that meets the full disk fails with `disk_full` and the one sentence in the
 * user's language (never ENOSPC nor SQLite's words), keeps the pages stored before, and nothing is judged damaged
 * (no notice, nothing moved aside); an export whose file fills its disk answers the same; with room again the sync
 * completes and the export is written.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toIpcError } from '../../src-main/workspace/errors';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { mountSmallDisk, unmountSmallDisks } from '../cache/smallDisk';
import { control, finished, makeCore, platform, sandbox, type TestCore } from './helpers';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const CRITERIA: { status: ('active' | 'completed' | 'cancelled')[] } = { status: ['active', 'completed', 'cancelled'] };
const RAW_WORDS = /ENOSPC|EISDIR|SQLITE|database or disk is full|disk I\/O|no space left/i;

let sb: RunningSandbox;
const cores: TestCore[] = [];

beforeAll(async () => {
  sb = await sandbox();
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
});

afterAll(async () => {
  try {
    for (const c of cores) await c.close();
    await sb?.close();
  } finally {
    unmountSmallDisks();
  }
});

describe('the app on a disk that fills', () => {
  it('a sync job and an export that fill their disks fail with disk_full in one sentence, judge nothing damaged, and succeed with room', async () => {
    const dataDisk = mountSmallDisk(32);
    const exportDisk = mountSmallDisk(2);
    const dataDir = join(dataDisk.dir, 'data');
    mkdirSync(dataDir);
    const t = await makeCore(sb.baseUrl, { dataDir, platform: platform(dataDir, { chooseSavePath: async (name) => join(exportDisk.dir, name) }) });
    cores.push(t);
    await t.call('search.offline', { text: '', offset: 0, limit: 1 }); // the profile's cache is open from here on
    const folder = join(dataDir, 'profiles', 'sandbox');

    dataDisk.fill(384 * 1024);
    const run = await t.call('search.run', { criteria: CRITERIA, label: 'Все' });
    const failed = await finished(t, run.jobId);
    expect(failed.state).toBe('failed');
    expect(failed.error?.code).toBe('disk_full');
    expect(failed.error?.message).toMatch(/^На диске не осталось места.*Освободите место на диске и повторите\.$/);
    expect(failed.error?.message).not.toMatch(RAW_WORDS);
    expect(failed.items).toBeGreaterThan(0); // it filled midway: a page was stored first
    expect(await t.call('cache.damaged', {})).toEqual([]);
    expect(readdirSync(folder).filter((f) => /damaged/.test(f))).toEqual([]);

    dataDisk.unfill();
    const again = await finished(t, (await t.call('search.run', { criteria: CRITERIA, label: 'Все' })).jobId);
    expect(again.state).toBe('done');
    const held = (await t.call('search.results', { filterId: run.filterId, offset: 0, limit: 1 })).cachedCount;
    expect(held).toBeGreaterThan(failed.items);

    exportDisk.fill(64 * 1024);
    const refused = await t.call('search.export', { filterId: run.filterId, columns: ['id', 'name', 'price'], format: 'csv' }).catch((e: unknown) => e);
    const answer = toIpcError(refused, 'ru');
    expect(answer.code).toBe('disk_full');
    expect(answer.message).toMatch(/^На диске не осталось места/);
    expect(answer.message).not.toMatch(RAW_WORDS);
    expect(readdirSync(exportDisk.dir).filter((f) => f !== '.filler')).toEqual([]);
    expect(toIpcError(refused, 'en').message).toMatch(/^The disk is full/);

    exportDisk.unfill();
    const written = await t.call('search.export', { filterId: run.filterId, columns: ['id', 'name', 'price'], format: 'csv' });
    expect(written.rows).toBe(held);
  });
});
