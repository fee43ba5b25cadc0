/**
 * The pull: analyst A's cache, filled from the sandbox (a saved search synced, one card opened, the
 * ledger mirrored), is in the team database; analyst B pulls it and then holds exactly A's versions, finds them
 * offline, reads the saved search's results, opens A's card with no request to the server, and B's audit finds
 * nothing wrong. A second pull brings nothing, a machine never pulls its own rows, a row committed by a
 * transaction that was running during a pull comes with the next one, and a pull killed with SIGKILL and run
 * again ends with exactly what one run brings.
 *
 * A's rows reach the team database through the real push (team/push.ts); the window test writes team rows with
 * plain SQL, shaped as the push writes them.
 */
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditCache } from '../../src-main/audit/auditCache';
import { cardStore } from '../../src-main/cache/cardStore';
import { chargeLog } from '../../src-main/cache/chargeLog';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { ledgerStore } from '../../src-main/cache/ledgerStore';
import { markStore } from '../../src-main/cache/markStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { teamLinkStore } from '../../src-main/cache/teamLink';
import { versionStore } from '../../src-main/cache/versionStore';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { pullFromTeam, pullFromTeamWith } from '../../src-main/team/pull';
import { pushToTeam } from '../../src-main/team/push';
import { zeroCounts, type TeamCounts } from '../../src-main/team/types';
import { openTeamConnection, type TeamConnection } from '../../src-main/teamdb/connection';
import { inSchema } from '../../src-main/teamdb/schemaName';
import { control, finished, makeCore, sandbox, tempDir, type TestCore } from '../app/helpers';
import { startPostgres, type PgCluster } from './postgresCluster';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SCHEMA = 'tenderwb';
const teamOn = async (database: string): Promise<TeamConnection> =>
  openTeamConnection({ url: await cluster.createDatabase(database), password: cluster.password, schema: SCHEMA, appVersion: '0.0.0-test' });

let cluster: PgCluster;
let sb: RunningSandbox;
let proxy: Server;
/** Paths B asked the server for, through the counting proxy. */
const bAsked: string[] = [];
let a: TestCore;
let b: TestCore;
let cacheA: CacheDb;
let cacheB: CacheDb;
let team: TeamConnection;
let filterId: string;
let openedId: number;
let pushed: TeamCounts;
const opened: { close(): unknown }[] = [];

const cacheFileOf = (t: TestCore): string => join(t.dir, 'profiles', 'sandbox', 'cache.db');
const keysOf = (cache: CacheDb): string[] => [...versionStore(cache).allVersions()].map((v) => `${v.kind}:${v.id}:${v.version}`).sort();

/** Forwards every request to the sandbox and records its path: B's requests are counted at the wire. */
function countingProxy(origin: string): Promise<Server> {
  const server = createServer((req, res) => {
    bAsked.push(req.url ?? '');
    const upstream = httpRequest(`${origin}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A fresh cache of a machine with nothing of its own. */
function emptyCache(): CacheDb {
  const cache = openCache(join(tempDir('twb-pull-'), 'cache.db'));
  opened.push(cache);
  return cache;
}

const tenderRow = (id: number) => ({ id, version: 1, name: `Поставка ${id}`, status: 'submission' });

beforeAll(async () => {
  [cluster, sb] = await Promise.all([startPostgres(), sandbox()]);
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
  proxy = await countingProxy(sb.origin);
  const proxied = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${new URL(sb.baseUrl).pathname}`;
  [a, b] = await Promise.all([makeCore(sb.baseUrl), makeCore(proxied)]);

  // A: a saved search synced, one card opened, the ledger mirrored.
  const run = await a.call('search.run', { criteria: { keywords: ['ремонт'] }, label: 'Ремонт' });
  expect((await finished(a, run.jobId)).state).toBe('done');
  filterId = run.filterId;
  const rows = (await a.call('search.results', { filterId, sort: { column: 'id', direction: 'asc' }, offset: 0, limit: 1 })).rows;
  openedId = rows[0]!.id;
  expect((await a.call('card.tender', { id: openedId })).source).toBe('server');
  await a.call('ledger.list', { offset: 0, limit: 1 });
  await b.call('search.offline', { text: '', offset: 0, limit: 1 }); // B's profile and cache are open from here on

  cacheA = openCache(cacheFileOf(a));
  cacheB = openCache(cacheFileOf(b));
  opened.push(cacheA, cacheB);
  team = await teamOn('team_main');
  pushed = await pushToTeam(cacheA, team);
});

afterAll(async () => {
  for (const c of opened) c.close();
  await team?.close();
  await Promise.all([a?.close(), b?.close()]);
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await sb?.close();
  await cluster?.stop();
});

describe('team pull', () => {
  it("B holds exactly A's versions, searches them offline, opens A's card with no request, and its audit is clean", async () => {
    expect(pushed.tender_version).toBeGreaterThan(10);
    expect(pushed.card).toBe(1);
    expect(pushed.ledger_row).toBeGreaterThan(0);
    expect(pushed.saved_search).toBe(1);

    const counts = await pullFromTeam(cacheB, team);
    expect(counts).toEqual({ ...pushed, shared_change: 0 });
    expect(keysOf(cacheB)).toEqual(keysOf(cacheA));
    // No response told B of a charge: its own side of the audit stays empty.
    expect(chargeLog(cacheB).all()).toEqual([]);
    // The first delivery as the team told it, under a request row that names the pusher.
    const told = (cache: CacheDb) =>
      versionStore(cache)
        .deliveries('tender', openedId)
        .map(({ version, via, requestId, filterId, event, billed, receivedAt }) => ({ version, via, requestId, filterId, event, billed, receivedAt }));
    expect(told(cacheB)).toEqual(told(cacheA));
    expect(cacheB.db.prepare('SELECT DISTINCT team_machine FROM delivery_request').pluck().all()).toEqual([teamLinkStore(cacheA).machineId]);

    // The derived tables came by the same write path: offline search, the saved search's results, the ledger.
    const offlineB = await b.call('search.offline', { text: 'ремонт', offset: 0, limit: 500 });
    const offlineA = await a.call('search.offline', { text: 'ремонт', offset: 0, limit: 500 });
    expect(offlineB.rows.map((r) => r.id).sort()).toEqual(offlineA.rows.map((r) => r.id).sort());
    expect(offlineB.rows.length).toBeGreaterThan(0);
    const resultsA = await a.call('search.results', { filterId, offset: 0, limit: 5 });
    const resultsB = await b.call('search.results', { filterId, offset: 0, limit: 5 });
    expect(resultsB.cachedCount).toBe(resultsA.cachedCount);
    expect(searchStore(cacheB).get(filterId)).toMatchObject({ label: 'Ремонт', events: ['created'] });
    // A's ledger rows are a teammate's claim here, kept apart from B's own ledger (which B reads from the API).
    expect(ledgerStore(cacheB).teamOnlyCount()).toBe(ledgerStore(cacheA).count());
    expect(ledgerStore(cacheB).count()).toBe(0);

    // A pulled version is held: its card opens from the cache, and B sent no request for it.
    const card = await b.call('card.tender', { id: openedId });
    expect(card.source).toBe('cache');
    expect(bAsked.filter((path) => path.includes(`/tenders/${openedId}`))).toEqual([]);

    // Nothing the audit would call wrong: a teammate's ledger rows are not charges of this ledger, no charge was logged here.
    const verdict = await auditCache(cacheB, null);
    expect(verdict.unexplained).toEqual([]);
    expect(verdict.repeatCharges).toEqual([]);
    expect(verdict.matched).toBe(verdict.rows);
    expect(verdict.ok).toBe(true);

    // A second pull moves nothing, and A never pulls its own rows.
    expect(await pullFromTeam(cacheB, team)).toEqual(zeroCounts());
    expect(await pullFromTeam(cacheA, team)).toEqual(zeroCounts());
    // What B pulled is the team's already: B's push sends none of it back.
    expect(await pushToTeam(cacheB, team)).toEqual(zeroCounts());
  });

  it('a row committed by a transaction that was running during a pull comes with the next pull', async () => {
    const other = await teamOn('team_window');
    const slow = await other.pool.connect();
    try {
      const insert = (id: number) =>
        inSchema(SCHEMA, `INSERT INTO S.tender_version (id, version, body, delivered_at, via, event, billed, machine_id)
          VALUES (${id}, 1, '${JSON.stringify(tenderRow(id))}', now(), 'feed', 'created', false, gen_random_uuid())`);
      const c = emptyCache();
      // The slow pusher starts, writes and holds its transaction open; a fast one commits after it started.
      await slow.query('BEGIN');
      await slow.query(insert(900_001));
      await other.pool.query(insert(900_002));
      expect((await pullFromTeam(c, other)).tender_version).toBe(0);
      await slow.query('COMMIT');
      // Both are past the first pull's watermark, so the next pull reads them: nothing slipped behind the cursor.
      expect((await pullFromTeam(c, other)).tender_version).toBe(2);
      expect(keysOf(c)).toEqual(['tender:900001:1', 'tender:900002:1']);
      expect((await pullFromTeam(c, other)).tender_version).toBe(0);
      // A cursor from another server (past every id this one gave) reads the window from the start again.
      const elsewhere = emptyCache();
      teamLinkStore(elsewhere).link(other.teamId, SCHEMA);
      teamLinkStore(elsewhere).setPullCursor(other.teamId, '900000000000', new Date().toISOString());
      expect((await pullFromTeam(elsewhere, other)).tender_version).toBe(2);

      // A version first delivered with its card: the card joins that delivery (one delivery, one request row).
      const card = JSON.stringify({ ...tenderRow(900_003), positions: [{ title: 'Насос' }] });
      await other.pool.query(
        inSchema(SCHEMA, `INSERT INTO S.tender_version (id, version, body, delivered_at, via, request_id, billed, machine_id)
          VALUES (900003, 1, $1, now(), 'card', 'req_card_1', true, '00000000-0000-4000-8000-000000000001')`),
        [card],
      );
      await other.pool.query(
        inSchema(SCHEMA, `INSERT INTO S.card (kind, id, version, positions_page, positions_limit, body, delivered_at, request_id, billed, machine_id)
          VALUES ('tender', 900003, 1, 1, 20, $1, now(), 'req_card_1', true, '00000000-0000-4000-8000-000000000001')`),
        [card],
      );
      await other.pool.query(
        inSchema(SCHEMA, `INSERT INTO S.contract_version (id, version, body, delivered_at, via, event, filter_id, billed, machine_id)
          VALUES (700001, 2, '{"id":700001,"version":2,"tender_id":900003}', now(), 'feed', 'updated', 'flt_other', true, gen_random_uuid())`),
      );
      // A teammate's mark travels as a shared change, handed to the shared changes' apply.
      await other.pool.query(
        inSchema(SCHEMA, `INSERT INTO S.shared_change (machine_id, local_seq, entity, key, field, value, at, author)
          VALUES ('00000000-0000-4000-8000-000000000002', 1, 'mark', '900003', 'status', '"reviewing"', now(), 'Вера')`),
      );
      // Saved searches: a local one of the same filter stays as it is; a pulled label taken here comes unnamed.
      searchStore(c).upsert({ filterId: 'flt_local', params: { q: 'mine' }, label: 'Моё', events: ['created'] });
      await other.pool.query(
        inSchema(SCHEMA, `INSERT INTO S.saved_search (filter_id, label, params, events, created_at, machine_id) VALUES
          ('flt_local', 'Чужое', '{"q":"theirs"}', '["created"]', now(), gen_random_uuid()),
          ('flt_other', 'Моё', '{"q":"other"}', '["created","updated"]', now(), gen_random_uuid())`),
      );
      // Stopped between pages: what was written stays, the cursor does not move.
      const before = teamLinkStore(c).link(other.teamId, SCHEMA).pullCursor;
      const stop = new AbortController();
      await expect(pullFromTeamWith(c, other, { pageRows: 1, signal: stop.signal, onProgress: (p) => p.done > 0 && stop.abort() })).rejects.toThrow();
      expect(teamLinkStore(c).link(other.teamId, SCHEMA).pullCursor).toBe(before);
      expect(await pullFromTeam(c, other)).toMatchObject({ tender_version: 0, contract_version: 1, card: 1, saved_search: 1, shared_change: 1 });
      expect(markStore(c).marksFor([900_003]).get(900_003)).toMatchObject({ status: 'reviewing' });
      expect(versionStore(c).deliveries('contract', 700_001)).toMatchObject([{ version: 2, via: 'feed', event: 'updated', filterId: 'flt_other', billed: true }]);
      expect(versionStore(c).deliveries('tender', 900_003)).toHaveLength(1);
      expect(cardStore(c).getCard('tender', 900_003, 1, 1, 20)).toMatchObject({ positions: [{ title: 'Насос' }] });
      expect(chargeLog(c).all()).toEqual([]);
      expect(searchStore(c).get('flt_local')).toMatchObject({ label: 'Моё', params: { q: 'mine' } });
      expect(searchStore(c).get('flt_other')).toMatchObject({ label: null, params: { q: 'other' }, events: ['created', 'updated'] });
    } finally {
      slow.release();
      await other.close();
    }
  });

  it('a pull killed with SIGKILL and run again ends with exactly what one pull brings', async () => {
    const target = emptyCache();
    const file = target.file;
    target.close();
    // The pull blocks on the card table (this lock) after writing every version page: killed there, mid-pull.
    const locker = await team.pool.connect();
    let lines = '';
    try {
      await locker.query('BEGIN');
      await locker.query(inSchema(SCHEMA, 'LOCK TABLE S.card IN ACCESS EXCLUSIVE MODE'));
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'pullChild.ts'), file, cluster.urlOf('team_main'), SCHEMA], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TENDERWB_TEAM_PASSWORD: cluster.password },
      });
      let stderr = '';
      child.stdout!.on('data', (d: Buffer) => (lines += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      // Past the versions (the contract table's first line), the child waits on the lock: killed there.
      const versionsWritten = (): boolean => lines.includes('"table":"contract_version"');
      let ended = false;
      void exited.then(() => (ended = true));
      while (!versionsWritten()) {
        if (ended) throw new Error(`the pull child ended before it was killed: ${stderr}\n${lines}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(lines.split('\n').filter((l) => l.includes('"table":"tender_version"')).length).toBeGreaterThan(2); // several pages
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    expect(lines).not.toContain('"counts"');

    const again = openCache(file);
    opened.push(again);
    expect(keysOf(again)).toEqual(keysOf(cacheA)); // the version pages written before the kill are whole
    expect(teamLinkStore(again).link(team.teamId, SCHEMA).pullCursor).toBeNull();
    const rerun = await pullFromTeam(again, team);
    expect(rerun).toEqual({ ...pushed, tender_version: 0, contract_version: 0, shared_change: 0 });
    expect(keysOf(again)).toEqual(keysOf(cacheA));
    const deliveries = (cache: CacheDb) => cache.db.prepare('SELECT count(*) FROM delivery').pluck().get();
    expect(deliveries(again)).toBe(deliveries(cacheB)); // nothing written twice by the rerun
    expect(cardStore(again).cachedPages('tender', openedId, versionStore(cacheA).latestVersion('tender', openedId)!)).toHaveLength(1);
    expect(await pullFromTeam(again, team)).toEqual(zeroCounts());
  });
});
