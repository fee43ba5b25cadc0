/**
 * The push (team/push.ts) against a real PostgreSQL (one throwaway cluster for the file, a database per
 * test): the team database ends with exactly the versions, cards, ledger rows and saved searches the cache holds
 * (pulled ones excepted), also for a cache synced from the sandbox (strict too); a second push moves nothing; overlapping concurrent pushes duplicate nothing and count
 * each row once; kill -9 in the middle of a chunk's transaction, then a rerun, gives exact counts.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheDb } from '../../src-main/cache/database';
import { cardStore } from '../../src-main/cache/cardStore';
import { feedStore, type FeedItem } from '../../src-main/cache/feedStore';
import { ledgerStore } from '../../src-main/cache/ledgerStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { teamLinkStore } from '../../src-main/cache/teamLink';
import { pushToTeam, pushToTeamWith } from '../../src-main/team/push';
import { zeroCounts, type TeamCounts } from '../../src-main/team/types';
import { openTeamConnection, type TeamConnection } from '../../src-main/teamdb/connection';
import { contract, contractItem, tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';
import { startPostgres, type PgCluster } from './postgresCluster';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { mirrorLedger } from '../../src-main/sync/mirrors';
import { previewCost, syncSavedSearch } from '../../src-main/sync/syncEngine';
import { versionStore } from '../../src-main/cache/versionStore';
import { login, makeHarness, port, sink } from '../sync/harness';

let pg: PgCluster;
let databases = 0;
const connections: TeamConnection[] = [];

beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);

afterAll(async () => {
  for (const c of connections) await c.close().catch(() => undefined);
  await pg?.stop();
});

async function teamDatabase(): Promise<{ url: string; db: string; connect: () => Promise<TeamConnection> }> {
  databases += 1;
  const db = `push_${databases}`;
  const url = await pg.createDatabase(db);
  const connect = async (): Promise<TeamConnection> => {
    const team = await openTeamConnection({ url, password: pg.password, appVersion: 'test' });
    connections.push(team);
    return team;
  };
  return { url, db, connect };
}

const count = async (db: string, table: string): Promise<number> => Number(await pg.psql(db, `SELECT count(*) FROM tenderwb.${table}`));

/** Tenders `from`..`to` (two versions for every fifth), their contracts for every tenth, in pages of `pageSize`. */
function fill(cache: CacheDb, from: number, to: number, pageSize = 50): { tenders: number; contracts: number } {
  const feed = feedStore(cache);
  let items: FeedItem[] = [];
  let tenders = 0;
  const flush = (): void => {
    if (items.length) feed.saveFeedPage(tenderPage(items));
    items = [];
  };
  for (let id = from; id <= to; id += 1) {
    for (let v = 1; v <= (id % 5 === 0 ? 2 : 1); v += 1) {
      items.push(tenderItem(tender(id, v, { customer: `Заказчик\t${id % 7}\\ «кавычки»`, price: 1000 + id })));
      tenders += 1;
      if (items.length >= pageSize) flush();
    }
  }
  flush();
  const contracts: FeedItem[] = [];
  for (let id = from; id <= to; id += 10) contracts.push(contractItem(contract(500_000 + id, 1, id)));
  if (contracts.length) feed.saveFeedPage(tenderPage(contracts, { feed: 'contract', filterId: 'flt_contracts' }));
  return { tenders, contracts: contracts.length };
}

function cacheVersions(cache: CacheDb, kind: 1 | 2): number {
  return cache.db.prepare('SELECT count(*) FROM object_version WHERE kind = ?').pluck().get(kind) as number;
}

const sum = (a: TeamCounts, b: TeamCounts): TeamCounts => {
  const out = zeroCounts();
  for (const k of Object.keys(out) as (keyof TeamCounts)[]) out[k] = a[k] + b[k];
  return out;
};

describe('team push', () => {
  it('sends what the cache holds (not what was pulled), with its delivery and BI columns; a second push moves nothing', async () => {
    const { db, connect } = await teamDatabase();
    const team = await connect();
    const cache = tempCache();
    const { tenders, contracts } = fill(cache, 1, 240);
    cardStore(cache).saveCard({
      kind: 'tender', id: 7, version: 1, positionsPage: 1, positionsLimit: 20, requestId: 'req_card', receivedAt: '2026-07-02T10:00:00.000Z',
      billed: false, card: { ...tender(7, 1), positions: [{ title: 'Бумага А4' }] },
    });
    ledgerStore(cache).upsertRows([1, 2, 3].map((id) => ({
      id, balanceType: 'tenders' as const, amount: 1, objectId: id, version: 1, filterId: 'flt_test', requestId: `req_${id}`, createdAt: '2026-07-01T12:00:00Z',
    })));
    const searches = searchStore(cache);
    searches.upsert({ filterId: 'flt_test', params: { keywords: ['бумага'] }, label: 'бумага', events: ['created', 'updated'] });
    searches.upsert({ filterId: 'flt_test', params: { keywords: ['бумага'] }, label: 'бумага офисная', events: ['created', 'updated'] });
    // A page pulled from the team (team_machine set) is the team's already: never pushed back.
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(9_001, 1))]));
    cache.db.prepare("UPDATE delivery_request SET team_machine = '00000000-0000-4000-8000-000000000001' WHERE request_seq = (SELECT max(request_seq) FROM delivery_request)").run();

    const progress: string[] = [];
    const first = await pushToTeamWith(cache, team, { chunkRows: 60, onProgress: (p) => progress.push(`${p.table}:${p.done}/${p.total}`) });
    expect(first).toEqual({ ...zeroCounts(), tender_version: tenders, contract_version: contracts, card: 1, ledger_row: 3, saved_search: 1 });
    expect(cacheVersions(cache, 1)).toBe(tenders + 1);
    expect(await count(db, 'tender_version')).toBe(tenders);
    expect(await count(db, 'contract_version')).toBe(contracts);
    expect(await count(db, 'card')).toBe(1);
    expect(await count(db, 'ledger_row')).toBe(3);
    expect(await pg.psql(db, 'SELECT label FROM tenderwb.saved_search')).toBe('бумага офисная');
    expect(progress).toContain(`tender_version:${tenders}/${tenders}`);
    // Escaped text, BI columns read by the cache's readers, the first delivery's metadata, this machine's id.
    const machine = teamLinkStore(cache).machineId;
    expect(await pg.psql(db, `SELECT concat_ws('|', notice_number, customer_name, customer_inn, price, published_at AT TIME ZONE 'UTC', event, billed, via,
      body->>'name', machine_id) FROM tenderwb.tender_version WHERE id = 10 AND version = 2`))
      .toBe(`0373100000010|Заказчик\t3\\ «кавычки»|7701234567|1010|2026-07-01 07:00:00|updated|t|feed|Поставка канцелярских товаров для нужд учреждения 10|${machine}`);
    expect(await pg.psql(db, "SELECT concat_ws('|', registry_number, tender_id, supplier_inns, signed_at AT TIME ZONE 'UTC') FROM tenderwb.contract_version WHERE id = 500011"))
      .toBe('2770123456726000500011|11|{7707654321}|2026-07-25 09:00:00');
    expect(await pg.psql(db, "SELECT body->'positions'->0->>'title' FROM tenderwb.card")).toBe('Бумага А4');

    expect(await pushToTeam(cache, team)).toEqual(zeroCounts());
    expect(await count(db, 'tender_version')).toBe(tenders);

    // What arrives afterwards is all the next push sends: one new version, one renamed search.
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(3, 2))]));
    searches.upsert({ filterId: 'flt_test', params: { keywords: ['бумага'] }, label: 'бумага А4', events: ['created'] });
    expect(await pushToTeam(cache, team)).toEqual({ ...zeroCounts(), tender_version: 1, saved_search: 1 });
    expect(await pg.psql(db, 'SELECT label || events::text FROM tenderwb.saved_search')).toBe('бумага А4["created"]');
  }, 60_000);

  it('a cache synced from the sandbox (a saved search\'s tenders and contracts, the ledger) arrives whole', async () => {
    const { db, connect } = await teamDatabase();
    const sb: RunningSandbox = await startSandbox({ port: 0, seed: 23, tenders: 400 });
    const h = makeHarness(sb, await login(sb, 'demo'));
    try {
      const preview = await previewCost(port(h), sink(h), 'tender', { status: ['active', 'completed'] });
      searchStore(h.cache).upsert({ filterId: preview.filterId, params: { status: ['active', 'completed'] }, label: 'все', events: ['created', 'updated'] });
      const run = await syncSavedSearch(port(h), sink(h), { filterId: preview.filterId, feeds: ['tender', 'contract'], streams: ['created', 'updated'] });
      expect(run.stoppedBy).toBe('done');
      await mirrorLedger(h.client, h.cache);
      const held = { tender: 0, contract: 0 };
      for (const v of versionStore(h.cache).allVersions()) held[v.kind] += 1;
      const ledgerRows = ledgerStore(h.cache).count();
      expect(held.tender).toBeGreaterThan(0);
      expect(ledgerRows).toBeGreaterThan(0);

      const pushed = await pushToTeam(h.cache, await connect());
      expect(pushed).toEqual({ ...zeroCounts(), tender_version: held.tender, contract_version: held.contract, ledger_row: ledgerRows, saved_search: 1 });
      expect(await count(db, 'tender_version')).toBe(held.tender);
      expect(await count(db, 'contract_version')).toBe(held.contract);
      expect(await count(db, 'ledger_row')).toBe(ledgerRows);
      // Every version is the cache's own JSON, whole.
      const sample = versionStore(h.cache).latest('tender', Number(await pg.psql(db, 'SELECT min(id) FROM tenderwb.tender_version')))!;
      expect(JSON.parse(await pg.psql(db, `SELECT body::text FROM tenderwb.tender_version WHERE id = ${sample.id} AND version = ${sample.version}`))).toEqual(sample.object);
    } finally {
      h.dispose();
      await sb.close();
    }
  }, 120_000);

  it('two machines with overlapping versions, and one machine twice at once, push at the same time: every version once, counted once', async () => {
    const { db, connect } = await teamDatabase();
    const [teamA, teamB, teamC] = [await connect(), await connect(), await connect()];
    const a = tempCache();
    const b = tempCache();
    fill(a, 1, 400, 20);
    fill(b, 201, 600, 20);
    const [ra, rb, rc] = await Promise.all([
      pushToTeamWith(a, teamA, { chunkRows: 40 }),
      pushToTeamWith(b, teamB, { chunkRows: 40 }),
      pushToTeamWith(a, teamC, { chunkRows: 40 }),
    ]);
    const tenders = Number(await pg.psql(db, 'SELECT count(*) FROM (SELECT DISTINCT id, version FROM tenderwb.tender_version) v'));
    // Tenders 1..600 with two versions for every fifth.
    expect(tenders).toBe(600 + 120);
    expect(await count(db, 'tender_version')).toBe(tenders);
    expect(await count(db, 'contract_version')).toBe(60);
    const total = sum(sum(ra, rb), rc);
    expect(total.tender_version).toBe(tenders);
    expect(total.contract_version).toBe(60);
    expect(await pushToTeam(a, teamA)).toEqual(zeroCounts());
    expect(await pushToTeam(b, teamB)).toEqual(zeroCounts());
  }, 60_000);

  it('kill -9 in the middle of a chunk, then a rerun: exact counts, nothing twice, nothing missing', async () => {
    const { db, url, connect } = await teamDatabase();
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    const cache = tempCache(file);
    const { tenders } = fill(cache, 1, 6_000, 200);
    const chunkRows = 600;
    // The child pushes the same file; this connection stays closed to writes meanwhile (WAL readers only).
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'pushChild.ts'), file, url, String(chunkRows), '3'], {
      env: { ...process.env, TEAM_PASSWORD: pg.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    await new Promise<void>((frozen, failed) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('frozen')) frozen();
      });
      child.on('exit', () => failed(new Error(`the push child ended before freezing: ${stdout} ${stderr}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // Three chunks committed; the fourth's transaction died with its connection: no partial rows visible.
    const before = await count(db, 'tender_version');
    expect(before).toBe(3 * chunkRows);
    expect(teamLinkStore(cache).link((await connect()).teamId, 'tenderwb').push.requestSeq).toBeGreaterThan(0);

    const team = await connect();
    const rerun = await pushToTeam(cache, team);
    expect(before + rerun.tender_version).toBe(tenders);
    expect(await count(db, 'tender_version')).toBe(tenders);
    expect(Number(await pg.psql(db, 'SELECT count(*) FROM (SELECT DISTINCT id, version FROM tenderwb.tender_version) v'))).toBe(tenders);
    expect(await pushToTeam(cache, team)).toEqual(zeroCounts());
  }, 120_000);
});
