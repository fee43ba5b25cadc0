/**
 * Enrichment (`tenderwb enrich`, current/enrich.ts): the cards of cached tenders without positions,
 * opened through the one card rule. Against a sandbox (default and strict):
 * - the preview comes from the cache alone and asks nothing; a worst case above the confirmation threshold is
 *   refused before any request unless --yes or --max-spend consents;
 * - held versions are charged nothing (the server's ledger does not move), and the run's requests are exactly
 *   the positions pages the sandbox's own cards call for (sum of ceil(positions_total / 20), read here with a
 *   test token), so nothing is opened twice, even across a Ctrl-C and a rerun that resumes from the cache;
 * - after the world moved on (newer versions on the server), --max-spend N stops at exactly N units charged,
 *   and a consented rerun finishes with the ledger growing by exactly what it reports;
 * - a customer's contracts read by `tenderwb contracts --customer INN` (a dossier's backfill) count as that
 *   customer's in the insight store, also where the server does not name a contract's customer (strict).
 */
import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { contractFactsByCustomer, insightStore } from '../../src-main/cache/insightStore';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { api, cliOnSandbox, ctl, failureReason, serverLedger, waitFor, type CliHarness, type Json } from './helpers';

const PROFILE = 'sb';
/** The sync's cap: about this many tenders are held (the exact count is read from the cache). */
const SYNC_CAP = 30;
let HELD = 0;
let sb: RunningSandbox;
let live: string;
let test: string;
let cli: CliHarness;
let tenderIds: number[] = [];

const cacheFile = (): string => join(cli.dataDir, 'profiles', PROFILE, 'cache.db');
/** Reads the CLI's cache file (read-only) while no CLI holds it, or while one writes it (WAL). */
function readCache<T>(read: (db: Database.Database) => T, fallback: T): T {
  if (!existsSync(cacheFile())) return fallback;
  const db = new Database(cacheFile(), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}
/** Card answers the CLI stored: one request each (a page fetched twice would be two). */
const cardRequests = (): number => readCache((db) => db.prepare<[], number>("SELECT count(*) FROM delivery_request WHERE via = 'card'").pluck().get()!, 0);
const ledgerCount = async (): Promise<number> => (await serverLedger(sb, live)).length;
const settings = (confirmAbove: number, locale: 'ru' | 'en' = 'ru'): void =>
  writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale, activeProfile: null, spending: { confirmAbove, runCap: 1_000_000_000, dailyBudget: null } }));

beforeAll(async () => {
  ({ sb, live, test, cli } = await cliOnSandbox({ profile: PROFILE }));
  await cli.ok(['search', '--query', JSON.stringify({ status: ['active', 'completed', 'cancelled'] }), '--label', 'e']);
  await cli.ok(['sync', 'e', '--max-spend', String(SYNC_CAP)]);
  tenderIds = readCache((db) => db.prepare<[], number>('SELECT id FROM tender ORDER BY id').pluck().all(), []);
  HELD = tenderIds.length;
}, 180_000);

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

/** Positions pages of 20 each tender's card has on the server, read independently with a test token. */
async function pagesOnServer(ids: readonly number[]): Promise<number> {
  let pages = 0;
  for (const id of ids) {
    const r = await api(sb, 'GET', `/tenders/${id}`, { token: test });
    if (r.status !== 200) throw new Error(`GET /tenders/${id} answered ${r.status}: ${r.text}`);
    expect(typeof r.json.positions_total).toBe('number');
    pages += Math.max(1, Math.ceil(r.json.positions_total / 20));
  }
  return pages;
}

describe('tenderwb enrich', () => {
  it('says what it will open from the cache alone, and refuses a worst case above the threshold without consent', async () => {
    expect(HELD).toBeGreaterThan(10);
    const ledger = await ledgerCount();
    const preview = await cli.ok(['--json', 'enrich', '--tenders', '--preview']);
    expect(preview.lines).toEqual([
      { preview: { kinds: ['tender'], objects: HELD, cards: HELD, pages: 0, requests: HELD, perMinute: 100, minutes: 1, expectedCost: 0, worstCase: HELD } },
    ]);
    // In the app's language: Russian by default, English when the settings say so.
    const human = await cli.ok(['enrich', '--preview']);
    expect(human.stdout).toMatch(new RegExp(`^Дополнение карточками: без позиций — ${HELD} объект\\S*; откроется ${HELD} карточ\\S*; не меньше ${HELD} запрос\\S*, около 1 мин при 100 запросах в минуту\\. Стоимость: 0 ед\\. за уже полученные версии`));
    settings(1_000_000_000, 'en');
    expect((await cli.ok(['enrich', '--preview'])).stdout).toMatch(new RegExp(`^Enrichment: ${HELD} items without positions; ${HELD} cards to open; at least ${HELD} requests, about 1 min at 100 requests a minute\\. Cost: 0 units for the versions held`));

    settings(HELD - 1);
    try {
      const refused = await cli.run(['enrich', '--tenders']);
      expect(refused.code).toBe(2);
      expect(failureReason(refused)).toMatch(new RegExp(`^дополнение может списать до ${HELD} ед\\. \\(ожидается 0\\) — больше порога подтверждения ${HELD - 1} ед\\.; ничего не открыто\\. Добавьте --yes`));
    } finally {
      settings(1_000_000_000);
    }
    expect(cardRequests()).toBe(0);
    expect(await ledgerCount()).toBe(ledger);
  });

  it('charges nothing for held versions, resumes after Ctrl-C, and opens each page once', async () => {
    const expectedRequests = await pagesOnServer(tenderIds);
    const ledger = await ledgerCount();
    await ctl(sb, 'faults', { delay_ms: 500 });
    let first;
    try {
      const { child, done } = cli.spawn(['--json', 'enrich', '--tenders']);
      await waitFor(() => (cardRequests() >= 2 ? true : undefined), 30_000, 'two cards stored');
      child.kill('SIGINT');
      first = await done;
    } finally {
      await ctl(sb, 'faults', { delay_ms: 0 });
    }
    expect(first.code).toBe(0);
    const stopped = first.lines[1];
    expect(stopped).toMatchObject({ stopped_by: 'cancelled', charged: 0 });
    expect(stopped.objects).toBeLessThan(HELD);
    expect(stopped.remaining).toBe(HELD - stopped.objects);

    const rerun = await cli.ok(['--json', 'enrich', '--tenders']);
    expect(rerun.lines[0].preview.objects).toBe(HELD - stopped.objects);
    expect(rerun.lines[1]).toMatchObject({ stopped_by: 'done', objects: HELD - stopped.objects, charged: 0, remaining: 0 });
    // Every page the server's cards call for, each stored once across both runs, and not one unit charged.
    expect(cardRequests()).toBe(expectedRequests);
    expect(stopped.requests + rerun.lines[1].requests).toBeGreaterThanOrEqual(expectedRequests);
    expect(await ledgerCount()).toBe(ledger);
    expect((await cli.ok(['--json', 'enrich', '--tenders', '--preview'])).lines[0].preview.objects).toBe(0);
    expect((await cli.ok(['enrich', '--tenders'])).stdout).toBe('Дополнение карточками: у всех объектов кэша позиции уже есть — открывать нечего.\n');
  });

  it('with newer versions on the server, --max-spend N stops at exactly N units; a consented rerun finishes', async () => {
    // More tenders held (versions delivered now), then newer versions of most of them on the server: their
    // cards are first deliveries (one unit each), which no preview can know.
    await cli.ok(['sync', 'e', '--max-spend', String(SYNC_CAP)]);
    const added = readCache((db) => db.prepare<[], number>('SELECT count(*) FROM tender').pluck().get()!, 0) - HELD;
    expect(added).toBeGreaterThan(10);
    expect((await cli.ok(['--json', 'enrich', '--tenders', '--preview'])).lines[0].preview).toMatchObject({ objects: added, worstCase: added });
    await ctl(sb, 'tick', { updated: 2000 });
    const ledger = await ledgerCount();

    const none = await cli.ok(['--json', 'enrich', '--tenders', '--max-spend', '0']);
    expect(none.lines[1]).toMatchObject({ stopped_by: 'spend_cap', requests: 0, charged: 0, remaining: added });
    const capped = await cli.ok(['--json', 'enrich', '--tenders', '--max-spend', '3']);
    expect(capped.lines[1]).toMatchObject({ stopped_by: 'spend_cap', charged: 3 });
    expect(capped.stderr).toBe('');
    expect(await ledgerCount()).toBe(ledger + 3);

    const rest = await cli.ok(['--json', 'enrich', '--tenders', '--yes']);
    expect(rest.lines[1]).toMatchObject({ stopped_by: 'done', remaining: 0 });
    expect(await ledgerCount()).toBe(ledger + 3 + rest.lines[1].charged);
  });
});

/** The server's contract total of a customer (a ready answer, read with the test token). */
async function customerContractTotal(inn: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const r = await api(sb, 'POST', '/contracts/query', { token: test, body: { customer: { inn: [inn] }, limit: 1 } });
    const body = r.json as Json;
    if (r.status === 200 && body.state === 'ready' && typeof body.total === 'number') return body.total;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no ready contract total for ${inn}`);
}

describe('tenderwb contracts --customer INN (a dossier backfill)', () => {
  it("every contract the customer's feed delivered counts as that customer's", async () => {
    let chosen: { inn: string; total: number } | null = null;
    for (const id of tenderIds) {
      // The customer of a held tender (`organization.inn`, guaranteed), as the sandbox itself answers it.
      const inn = (await api(sb, 'GET', `/tenders/${id}`, { token: test })).json?.organization?.inn as string | undefined;
      if (!inn) continue;
      const total = await customerContractTotal(inn);
      if (total >= 2 && total <= 60) {
        chosen = { inn, total };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { inn, total } = chosen!;
    await cli.ok(['contracts', '--customer', inn]);
    // Read through the insight store's own readers, as the dossier reads them.
    const cache = openCache(cacheFile());
    try {
      const facts = contractFactsByCustomer(cache, inn);
      expect(facts).toHaveLength(total);
      if (sb.strict) expect(facts.every((c) => insightStore(cache).customerSourceOf(c.id) === 'attribution')).toBe(true);
    } finally {
      cache.close();
    }
  });
});
