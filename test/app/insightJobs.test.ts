/**
 * The fetching jobs in the app (insights.backfill*, insights.enrich*; current/backfill.ts,
 * current/enrich.ts) against the sandbox, default and strict:
 * - a customer's backfill is previewed with the API's own total, runs as a job, and afterwards every contract
 *   its feed delivered counts as that customer's in the insight store, also where the contract does not name
 *   its customer (the strict sandbox: the reference promises only id, suppliers, execution);
 * - the Contracts view's set of one customer (contracts.query) is such a backfill too;
 * - enrichment of those contracts is previewed from the cache (cards to open, 0 units expected, at most one
 *   per contract), runs as a job that charges nothing for the versions held (the account's balance does not
 *   move), and leaves nothing to open.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { openCache } from '../../src-main/cache/database';
import { contractFactsByCustomer, insightStore } from '../../src-main/cache/insightStore';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { apiGet, demoToken, finished, makeCore, sandbox, sleep, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;
let oracle: ApiClient;
let live: string;

beforeAll(async () => {
  sb = await sandbox();
  t = await makeCore(sb.baseUrl);
  // The oracle reads with a test token: never charged, so the app's account sees only its own deliveries.
  const r = await fetch(`${sb.baseUrl}/auth/login?login=demo-test&password=demo&token_name=oracle`, { method: 'POST' });
  const testToken = ((await r.json()) as { token: string }).token;
  oracle = new ApiClient({ baseUrl: sb.baseUrl, token: () => testToken });
  live = await demoToken(sb);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

/** The server's total of a contract QUERY, from a ready answer. */
async function contractTotal(body: Record<string, unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const page = await oracle.queryContracts({ ...body, limit: 1 } as never);
    if (page.state === 'ready' && typeof page.total === 'number') return page.total;
    await sleep(200);
  }
  throw new Error('no ready total');
}

/** A customer with a few contracts (between 2 and 60), found through the API's own answers. */
async function customerWithContracts(except?: string): Promise<{ inn: string; total: number }> {
  let page = await oracle.queryTenders({ status: ['completed'], limit: 100 } as never);
  for (let i = 0; page.results.length === 0 && i < 200; i++) {
    await sleep(200);
    page = await oracle.queryTenders({ status: ['completed'], limit: 100 } as never);
  }
  const inns = [...new Set(page.results.map((it) => (it.object as { organization?: { inn?: string } }).organization?.inn).filter((v): v is string => typeof v === 'string'))];
  for (const inn of inns.filter((i) => i !== except)) {
    const total = await contractTotal({ customer: { inn: [inn] } });
    if (total >= 2 && total <= 60) return { inn, total };
  }
  throw new Error('no customer with 2-60 contracts among the first completed tenders');
}

const cacheFile = (): string => join(t.dir, 'profiles', 'sandbox', 'cache.db');
/** A customer's contracts as the insight store's readers give them to the dossier, with where each customer came from. */
function contractsOfCustomer(inn: string): { id: number; source: string | null }[] {
  const cache = openCache(cacheFile());
  try {
    return contractFactsByCustomer(cache, inn).map((c) => ({ id: c.id, source: insightStore(cache).customerSourceOf(c.id) }));
  } finally {
    cache.close();
  }
}
const contractBalance = async (): Promise<number> => (await apiGet(sb, live, '/balance')).contracts as number;

describe('the fetching jobs of the dossiers', () => {
  let customer: { inn: string; total: number };

  it("a customer's backfill: the API's total previewed, then every delivered contract counted as that customer's", async () => {
    customer = await customerWithContracts();
    const estimate = await t.call('insights.backfillEstimate', { kind: 'customer', inn: customer.inn });
    expect(estimate.spend.total).toBe(customer.total);
    const started = await t.call('insights.backfillStart', { kind: 'customer', inn: customer.inn });
    const job = await finished(t, started.jobId);
    expect(job).toMatchObject({ state: 'done', total: customer.total });
    // Named for what it is wherever its set is named: the job, and the spend by search once the ledger is read.
    expect(job.label).toBe(`Контракты заказчика ИНН ${customer.inn}`);
    await t.call('ledger.list', { refresh: true, offset: 0, limit: 1 });
    const spend = await t.call('ledger.spend', { days: 7 });
    expect(spend.bySearch.find((x) => x.filterId === started.filterId)?.label).toBe(`Контракты заказчика ИНН ${customer.inn}`);
    const attributed = contractsOfCustomer(customer.inn);
    expect(attributed).toHaveLength(customer.total);
    // Where the server names no customer (strict), the backfill's attribution is what makes them this customer's.
    if (sb.strict) expect(attributed.every((c) => c.source === 'attribution')).toBe(true);
  });

  it("the Contracts view's set of one customer is a backfill too: its contracts are that customer's", async () => {
    const other = await customerWithContracts(customer.inn);
    const q = await t.call('contracts.query', { set: { by: 'customer', inn: [other.inn] } });
    expect(await finished(t, q.jobId)).toMatchObject({ state: 'done', total: other.total });
    expect(contractsOfCustomer(other.inn)).toHaveLength(other.total);
    customer = { inn: customer.inn, total: customer.total + other.total };
  });

  it("enrichment of those contracts: previewed from the cache, 0 units for the versions held, nothing left after", async () => {
    const n = customer.total;
    const estimate = await t.call('insights.enrichEstimate', { kinds: ['contract'] });
    expect(estimate).toMatchObject({ kinds: ['contract'], objects: n, cards: n, pages: 0, requests: n, expectedCost: 0, worstCase: n });
    expect(estimate.spend).toMatchObject({ estimate: n, needsConfirm: false });
    const balance = await contractBalance();
    const started = await t.call('insights.enrichStart', { kinds: ['contract'] });
    const job = await finished(t, started.jobId);
    expect(job).toMatchObject({ state: 'done', filterId: 'enrich', items: n, total: n, charged: 0 });
    expect(job.pages).toBeGreaterThanOrEqual(n);
    expect(await contractBalance()).toBe(balance);
    expect((await t.call('insights.enrichEstimate', { kinds: ['contract'] })).objects).toBe(0);
  });
});
