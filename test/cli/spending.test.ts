/**
 * Nothing is spent by surprise, in the CLI: `sync` refuses to spend more than the default cap unless `--max-spend N` or `--no-cap`
 * is given (previewed first, nothing charged, and the message names the cap and the flags); the daily budget
 * of the settings holds; after Ctrl-C the summary equals what the server's ledger shows (a real child process
 * and SIGINT while a page is in flight).
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { api, CliHarness, cliOnSandbox, ctl, failureReason, serverLedger, waitFor } from './helpers';

const PROFILE = 'sb';
let sb: RunningSandbox;
let live: string;
let cli: CliHarness;

beforeAll(async () => {
  // A fresh install's money settings: the default per-run cap of 1 000 units.
  ({ sb, live, cli } = await cliOnSandbox({ profile: PROFILE, money: 'defaults' }));
}, 120_000);

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

const ALL_STATUSES = { status: ['active', 'completed', 'cancelled'] };
const ledgerCount = async (): Promise<number> => (await serverLedger(sb, live)).length;
/** Feed pages (more than the preview's one item) the CLI stored for the saved search 'priced', read from its cache. */
const pricedPagesStored = (): number => {
  const file = join(cli.dataDir, 'profiles', PROFILE, 'cache.db');
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .prepare<[], number>("SELECT count(*) FROM delivery_request d JOIN saved_search s ON s.filter_id = d.filter_id WHERE s.label = 'priced' AND d.items > 1")
      .pluck()
      .get()!;
  } catch {
    return 0; // a file the CLI is still creating (no tables yet): nothing stored
  } finally {
    db.close();
  }
};

describe('tenderwb sync and money', () => {
  it('a sync previewed above the default cap is refused before it pays, naming the cap and the flags', async () => {
    await cli.ok(['search', '--query', JSON.stringify(ALL_STATUSES), '--label', 'all']);
    const before = await ledgerCount();
    const refused = await cli.run(['sync', 'all']);
    expect(refused.code).toBe(2);
    const reason = failureReason(refused);
    expect(reason).toMatch(/может списать до \d[\d\s]* ед\. — больше лимита по умолчанию \(1\s000 ед\.\); ничего не списано/);
    expect(reason).toContain('--max-spend');
    expect(reason).toContain('--no-cap');
    expect(await ledgerCount()).toBe(before);

    const both = await cli.run(['sync', 'all', '--max-spend', '5', '--no-cap']);
    expect(both.code).toBe(2);
    expect(failureReason(both)).toBe('укажите --max-spend N или --no-cap, но не оба');
  });

  it('--max-spend N stops there and says how to go on', async () => {
    const before = await ledgerCount();
    const capped = await cli.run(['sync', 'all', '--max-spend', '30']);
    expect(capped.code).toBe(0);
    expect(capped.stdout).toMatch(/all: объектов \d+ на \d+ стр\., списано 30 ед\., бесплатно \d+ — остановлено на лимите трат/);
    expect(capped.stderr).toMatch(/остановлено на --max-spend 30 \(списано 30\): запустите снова с бóльшим --max-spend/);
    expect(await ledgerCount()).toBe(before + 30);
  });

  // Before the Ctrl-C test: that one may buy most of the catalogue before its signal lands on a loaded
  // machine, and this one needs tenders not yet held to reach its budget.
  it('the daily budget of the settings stops a run with today\'s figures, then refuses before paying', async () => {
    const today = (await serverLedger(sb, live)).length; // every charge of this account was made today by this cache
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null, spending: { confirmAbove: 100, runCap: null, dailyBudget: today + 12 } }));
    await cli.ok(['search', '--query', JSON.stringify({ ...ALL_STATUSES, regions: [78, 50, 16] }), '--label', 'three']);
    const before = await ledgerCount();
    const stopped = await cli.run(['sync', 'three']);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toMatch(/остановлено на лимите трат/);
    expect(await ledgerCount()).toBe(today + 12);
    expect(before).toBeLessThan(today + 12);
    expect(stopped.stderr).toContain(`остановлено на дневном бюджете ${today + 12} ед. (сегодня по московскому времени списано ${today + 12})`);
    const refused = await cli.run(['sync', 'three', '--no-cap']);
    expect(refused.code).toBe(5);
    expect(failureReason(refused)).toMatch(new RegExp(`^дневной бюджет исчерпан: сегодня \\(по московскому времени\\) списано ${today + 12} ед\\. из ${today + 12}`));
    // The tests after this one run without a daily budget again.
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null, spending: { confirmAbove: 100, runCap: 1000, dailyBudget: null } }));
  });

  it("a sync's summary counts what its cost preview charged: a tender that came after the search was saved", async () => {
    // The saved search is made while the list is empty, so its own preview buys nothing; the tender added then is
    // bought by the sync's cost preview (the first item of the feed), and the run itself reads nothing new.
    const made = await api(sb, 'POST', '/lists', { token: live, key: `preview-${Date.now()}`, body: { name: 'preview' } });
    expect(made.status).toBe(200);
    const listId = made.json.list_id as string;
    await cli.ok(['search', '--query', JSON.stringify({ list_id: listId }), '--label', 'preview-list']);
    const bought = new Set((await serverLedger(sb, live)).filter((r) => r.balance_type === 'tenders').map((r) => r.object_id as number));
    let tender = 1;
    while (bought.has(tender)) tender++;
    expect((await api(sb, 'POST', `/lists/${listId}/items`, { token: live, key: `preview-add-${Date.now()}`, body: { ids: [tender] } })).status).toBe(200);
    const before = await ledgerCount();
    const r = await cli.run(['--json', 'sync', 'preview-list']);
    expect(r.code).toBe(0);
    expect(await ledgerCount()).toBe(before + 1);
    expect(r.lines[0]).toMatchObject({ label: 'preview-list', stopped_by: 'done', charged: 1 });
  });

  it('Ctrl-C during the cost preview: the preview is let finish and counted, nothing more is read, exit 0', async () => {
    await cli.ok(['search', '--query', JSON.stringify({ ...ALL_STATUSES, regions: [77, 47] }), '--label', 'early-stop']);
    await ctl(sb, 'faults', { delay_ms: 1500 });
    try {
      const before = await ledgerCount();
      const { child, done } = cli.spawn(['--json', 'sync', 'early-stop']);
      const cacheFile = join(cli.dataDir, 'profiles', PROFILE, 'cache.db');
      await waitFor(() => (existsSync(`${cacheFile}-wal`) ? true : undefined), 20_000, 'the sync to open the cache');
      child.kill('SIGINT');
      const r = await done;
      expect(r.code).toBe(0);
      expect(r.lines[0]).toMatchObject({ label: 'early-stop', stopped_by: 'cancelled', pages: 0, items: 0 });
      await ctl(sb, 'faults', { delay_ms: 0 });
      expect(r.lines[0].charged).toBe((await ledgerCount()) - before);
    } finally {
      await ctl(sb, 'faults', { delay_ms: 0 });
    }
  });

  it('after Ctrl-C the summary counts the page that was in flight: it equals the ledger', async () => {
    await ctl(sb, 'faults', { delay_ms: 400 });
    try {
      await cli.ok(['search', '--query', JSON.stringify({ ...ALL_STATUSES, price: { from: 1 } }), '--label', 'priced']);
      const before = await ledgerCount();
      const pagesBefore = pricedPagesStored();
      const { child, done } = cli.spawn(['--json', 'sync', 'priced', '--no-cap']);
      // One page stored; the next is then on its way (each answer takes 400 ms). Watched in the CLI's own cache,
      // not through the server's ledger: every ledger request waits the same 400 ms, so a few polls of a long
      // ledger outlasted the whole sync on a loaded machine and the Ctrl-C came after it had ended.
      await waitFor(() => (pricedPagesStored() > pagesBefore ? true : undefined), 20_000, 'the first page');
      child.kill('SIGINT');
      const r = await done;
      expect(r.code).toBe(0);
      expect(r.lines[0]).toMatchObject({ label: 'priced', stopped_by: 'cancelled' });
      await ctl(sb, 'faults', { delay_ms: 0 });
      expect(r.lines[0].charged).toBeGreaterThan(0);
      expect(r.lines[0].charged).toBe((await ledgerCount()) - before);
    } finally {
      await ctl(sb, 'faults', { delay_ms: 0 });
    }
  });
});

describe('tenderwb sync on an earlier-generation profile and money', () => {
  it('a first load stops at the default cap and says so; a later one previewed above the cap is refused before it pays (an English installation)', async () => {
    const old = new CliHarness({ token: live, money: 'defaults', prefix: 'tenderwb-cli-money-earlier-' });
    try {
      // The app's language is English here: the CLI speaks it, every line of it.
      mkdirSync(old.dataDir, { recursive: true });
      writeFileSync(join(old.dataDir, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null }));
      await old.ok(['profile', 'add', 'old', '--generation', 'earlier', '--base-url', sb.earlierBaseUrl]);
      await old.ok(['filters']);
      // Filter 1 holds every tender of the catalogue (2 000), and a first load has no estimate yet.
      const first = await old.run(['sync', '1']);
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/1\s000 units charged/);
      expect(first.stderr).toMatch(/stopped at the default cap of 1\s000 units \(1\s000 charged\): give --max-spend N or --no-cap/);

      writeFileSync(join(old.dataDir, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null, spending: { confirmAbove: 100, runCap: 300, dailyBudget: null } }));
      const refused = await old.run(['sync', '1']);
      expect(refused.code).toBe(2);
      expect(failureReason(refused)).toMatch(/may charge up to 1\s000 units, more than the default cap of 300 units; nothing was charged/);
    } finally {
      old.cleanup();
    }
  });
});

describe('tenderwb contracts and list load: the money rule of sync', () => {
  const tenders = Array.from({ length: 1000 }, (_, i) => i + 1).join(',');
  const settings = (spending: { confirmAbove: number; runCap: number | null; dailyBudget: number | null }) =>
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null, spending }));

  it('a contract set previewed above the default cap is refused before it pays for more than the preview, naming the flags; --max-spend N stops there', async () => {
    settings({ confirmAbove: 100, runCap: 20, dailyBudget: null });
    try {
      const before = await ledgerCount();
      const refused = await cli.run(['contracts', '--tenders', tenders]);
      expect(refused.code).toBe(2);
      const reason = failureReason(refused);
      expect(reason).toMatch(/может списать до \d[\d\s]* ед\. — больше лимита по умолчанию \(20 ед\.\); ничего не списано, кроме первого объекта оценки \(1 ед\.\)/);
      expect(reason).toContain('--max-spend');
      expect(reason).toContain('--no-cap');
      expect(await ledgerCount()).toBe(before + 1);

      const capped = await cli.run(['contracts', '--tenders', tenders, '--max-spend', '10']);
      expect(capped.code).toBe(0);
      expect(capped.stdout).toMatch(/контракты: в кэше \d+ из \d[\d\s]*, списано 10 ед\. — остановлено на лимите трат/);
      expect(capped.stderr).toMatch(/остановлено на --max-spend 10 \(списано 10\)/);
      expect(await ledgerCount()).toBe(before + 1 + 10); // the refused run's preview item, then this run's 10

      const bad = await cli.run(['contracts', '--customer', '7830002294']);
      expect(bad.code).toBe(2);
      expect(failureReason(bad)).toMatch(/контрольное число/);
    } finally {
      settings({ confirmAbove: 100, runCap: 1000, dailyBudget: null });
    }
  });

  it('list load reads the list\'s tenders under the default cap, and a used-up daily budget refuses it before anything is paid', async () => {
    const listId = (await cli.ok(['--json', 'list', 'create', 'деньги']).then((r) => r.lines[0].list_id)) as string;
    await cli.ok(['list', 'add', listId, ...Array.from({ length: 60 }, (_, i) => String(1901 + i))]);
    settings({ confirmAbove: 100, runCap: 25, dailyBudget: null });
    try {
      const refused = await cli.run(['list', 'load', listId]);
      expect(refused.code).toBe(2);
      expect(failureReason(refused)).toMatch(/больше лимита по умолчанию \(25 ед\.\)/);
      const loaded = await cli.run(['list', 'load', listId, '--no-cap']);
      expect(loaded.code).toBe(0);
      expect(loaded.stdout).toMatch(new RegExp(`список ${listId}: в кэше 60 из 60, списано \\d+ ед\\. — всё загружено`));

      const today = await ledgerCount();
      settings({ confirmAbove: 100, runCap: null, dailyBudget: today });
      const before = await ledgerCount();
      const budget = await cli.run(['list', 'load', listId, '--no-cap']);
      expect(budget.code).toBe(5);
      expect(failureReason(budget)).toMatch(/^дневной бюджет исчерпан/);
      expect(await ledgerCount()).toBe(before);
    } finally {
      settings({ confirmAbove: 100, runCap: 1000, dailyBudget: null });
    }
  });
});
