/**
 * `--out` can no longer destroy the user's own state. `--out <profile>/cache.db` returned 0 and
 * replaced the live cache, `--out profiles.json` destroyed the profile registry, and a FIFO or a device was
 * replaced by a regular file (an export is renamed over its target). Every command that writes a file asks the
 * one rule (export/outputTarget.ts) first: nothing inside the data folder, only a new or a regular file, a missing
 * folder in one sentence, in the run's language, with nothing written and nothing spent.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { cliOnSandbox, failureReason, type CliHarness } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;
let listId: string;
let cacheFile: string;

beforeAll(async () => {
  ({ sb, cli } = await cliOnSandbox());
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'вакцины']);
  await cli.ok(['sync', 'вакцины']);
  listId = (await cli.ok(['--json', 'list', 'create', 'Вакцины'])).lines[0]!.list_id as string;
  cacheFile = join(cli.dataDir, 'profiles', 'sb', 'cache.db');
  expect(existsSync(cacheFile)).toBe(true);
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

/** Every command that writes a file, aimed at `target`. */
const writers = (target: string): string[][] => [
  ['export', 'list', listId, '--out', target, '--refresh'],
  ['export', 'search', 'вакцины', '--out', target],
  ['export', 'ledger', '--out', target],
  ['export', 'dossier', 'customer', '7736050003', '--out', target],
  ['analytics', 'prices', '--okpd2', '26.20', '--out', target],
  ['calendar', '--out', target, '--label', 'вакцины', '--open-cards'],
];

describe('tenderwb --out', () => {
  it('a target inside the data folder is refused by every writing command, in Russian, exit 2: cache.db, profiles.json and settings.json stay as they were', { timeout: 180_000 }, async () => {
    const registry = join(cli.dataDir, 'profiles.json');
    const settings = join(cli.dataDir, 'settings.json');
    const registryBefore = readFileSync(registry);
    const settingsBefore = readFileSync(settings);
    const cacheInode = statSync(cacheFile).ino;
    const balanceBefore = (await cli.ok(['--json', 'balance'])).lines[0]!.balance;
    // Each writing command once (a CLI start costs seconds on a loaded machine), then the other files.
    const runs = [...writers(cacheFile), ...[registry, settings, join(cli.dataDir, 'profiles', 'sb', 'new.csv'), join(cli.dataDir, 'new.ics')].map((target) => ['export', 'ledger', '--out', target])];
    for (const args of runs) {
      const r = await cli.run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(failureReason(r)).toMatch(/^Файл «.+» находится в папке данных Tender Workbench .*укажите файл в другой папке\.$/);
    }
    // The live cache was not replaced (a rename over it gives a new inode) and still answers.
    expect(statSync(cacheFile).ino).toBe(cacheInode);
    expect(readFileSync(registry).equals(registryBefore)).toBe(true);
    expect(readFileSync(settings).equals(settingsBefore)).toBe(true);
    expect(existsSync(join(cli.dataDir, 'profiles', 'sb', 'new.csv'))).toBe(false);
    expect(existsSync(join(cli.dataDir, 'new.ics'))).toBe(false);
    const after = await cli.ok(['--json', 'export', 'search', 'вакцины', '--out', join(cli.dir('fine'), 'вакцины.csv')]);
    expect(after.lines.at(-1)!.rows).toBeGreaterThan(0);
    // Nothing was spent on the way: --refresh and --open-cards ran after the refusal, not before.
    expect((await cli.ok(['--json', 'balance'])).lines[0]!.balance).toEqual(balanceBefore);
  });

  it('the data folder reached through a symlinked folder or «..» is refused too', async () => {
    const root = cli.dir('links');
    const link = join(root, 'data-link');
    symlinkSync(cli.dataDir, link);
    const fileLink = join(root, 'registry-link.json');
    symlinkSync(join(cli.dataDir, 'profiles.json'), fileLink);
    const registryBefore = readFileSync(join(cli.dataDir, 'profiles.json'));
    for (const target of [join(link, 'profiles.json'), join(root, '..', 'data', 'profiles.json'), fileLink]) {
      const r = await cli.run(['export', 'ledger', '--out', target]);
      expect(r.code, r.stderr).toBe(2);
      expect(failureReason(r)).toContain('в папке данных Tender Workbench');
    }
    expect(readFileSync(join(cli.dataDir, 'profiles.json')).equals(registryBefore)).toBe(true);
    expect(lstatSync(fileLink).isSymbolicLink()).toBe(true);
  });

  it('a FIFO or a folder is not replaced: one sentence, exit 2; a folder given with a trailing slash too', { timeout: 120_000 }, async () => {
    const dir = cli.dir('special');
    const fifo = join(dir, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    for (const args of writers(fifo).filter((a) => a[1] !== 'list' && a[1] !== 'search' && a[0] !== 'analytics')) {
      const r = await cli.run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(failureReason(r)).toBe(`«${fifo}» — не обычный файл (устройство, канал или сокет): выгрузка записывается только в новый или обычный файл.`);
    }
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    // A device is the same rule, asked without writing anything (test/export/outputTarget.test.ts): a CLI run at
    // /dev/null, where tests may run as root, would replace the machine's device node if the rule ever broke.
    for (const target of [dir, `${dir}/`]) {
      const r = await cli.run(['export', 'ledger', '--out', target]);
      expect(r.code).toBe(2);
      expect(failureReason(r)).toBe(`«${target}» — это папка: укажите имя файла в ней.`);
    }
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it('a missing folder is one sentence naming it, not ENOENT about a temporary file; in English when the app speaks English', async () => {
    const missing = join(cli.root, 'no-such-folder');
    const r = await cli.run(['export', 'ledger', '--out', join(missing, 'ledger.csv')]);
    expect(r.code).toBe(2);
    expect(failureReason(r)).toBe(`Папки «${missing}» нет: создайте её или укажите файл в существующей папке.`);
    const json = await cli.run(['--json', 'export', 'ledger', '--out', join(missing, 'ledger.csv')]);
    expect(failureReason(json)).toContain('Папки «');
    const settings = join(cli.dataDir, 'settings.json');
    const before = readFileSync(settings, 'utf8');
    writeFileSync(settings, JSON.stringify({ ...JSON.parse(before), locale: 'en' }));
    try {
      const en = await cli.run(['export', 'ledger', '--out', join(missing, 'ledger.csv')]);
      expect(failureReason(en)).toBe(`The folder «${missing}» does not exist: create it or choose a file in a folder that exists.`);
      const inside = await cli.run(['export', 'ledger', '--out', join(cli.dataDir, 'x.csv')]);
      expect(failureReason(inside)).toMatch(/is inside Tender Workbench's data folder/);
    } finally {
      writeFileSync(settings, before);
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('a sidecar name that is a folder refuses the CSV before it is written; a symlink to a regular file outside is written through and kept', async () => {
    const dir = cli.dir('sidecar');
    mkdirSync(join(dir, 'ledger.csv.provenance.json'));
    const r = await cli.run(['export', 'ledger', '--out', join(dir, 'ledger.csv')]);
    expect(r.code).toBe(2);
    expect(failureReason(r)).toContain('ledger.csv.provenance.json» — это папка');
    expect(existsSync(join(dir, 'ledger.csv'))).toBe(false);

    const real = join(dir, 'real.csv');
    writeFileSync(real, 'old');
    const link = join(dir, 'link.csv');
    symlinkSync(real, link);
    await cli.ok(['export', 'ledger', '--out', link]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).not.toBe('old');
    expect(readFileSync(real, 'utf8')).toContain('\uFEFF');
  });
});
