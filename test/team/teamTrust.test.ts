/**
 * A teammate's word is not the API's. A teammate with write access forged a tender version
 * (v999, «цена 1 рубль») that became the row shown and exported, and 300 pre-claimed ledger ids kept the 21 real
 * charges out of the local ledger, so the audit reported false repeat charges. Now:
 * - what a pull brings is marked as the team's (its delivery request names the pushing machine; a ledger row
 *   pulled is a teammate's claim, apart from the API's ledger);
 * - a version without delivery evidence (request id and page) is history only: it never becomes an object's
 *   latest over a version the API delivered, and a version the API delivers later becomes the latest over it;
 * - the API's answer of the same key wins: its body replaces a teammate's version of the same number, and its
 *   ledger row replaces a teammate's claim of the same id;
 * - the audit, the ledger and the mirror's starting point read the API's rows only.
 * The team database is a throwaway PostgreSQL cluster; the API's deliveries are written as the API clients write
 * them (versionStore.record, ledgerStore.upsertRows).
 */
import { describe, expect, it, vi } from 'vitest';
import type { CacheDb } from '../../src-main/cache/database';
import { ledgerStore, type LedgerRow } from '../../src-main/cache/ledgerStore';
import { chargesByBalanceType } from '../../src-main/cache/otherProfileCache';
import { cacheStats } from '../../src-main/cache/stats';
import { teamLinkStore } from '../../src-main/cache/teamLink';
import { versionStore } from '../../src-main/cache/versionStore';
import { auditCache } from '../../src-main/audit/auditCache';
import { versionsOf } from '../../src-main/current/cards';
import { pullFromTeamOutcome } from '../../src-main/team/pull';
import type { TeamConnection } from '../../src-main/teamdb/connection';
import { inSchema } from '../../src-main/teamdb/schemaName';
import { tempCache, tender } from '../cache/helpers';
import { teamDatabases } from './teamDatabases';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SCHEMA = 'tenderwb';
const VERA = '00000000-0000-4000-8000-00000000000b';
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const at = (minutes: number): string => new Date(NOW + minutes * 60_000).toISOString();

const teamDb = teamDatabases('trust', SCHEMA).open;

const sql = (team: TeamConnection, text: string, params: unknown[] = []) => team.pool.query(inSchema(SCHEMA, text), params);

/** A tender version as a teammate pushed it: with the API's delivery evidence (request id and page) or without. */
const teamVersion = (team: TeamConnection, body: Record<string, unknown>, evidence: { requestId: string; filterId: string } | null) =>
  sql(
    team,
    `INSERT INTO S.tender_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id)
     VALUES ($1, $2, $3::jsonb, $4, 'feed', 'created', $5, $6, true, $7)`,
    [body.id, body.version, JSON.stringify(body), at(-60), evidence?.requestId ?? null, evidence?.filterId ?? null, VERA],
  );

/** A card answer of the API, as the card client records it. */
const apiDelivers = (cache: CacheDb, requestId: string, ...objects: Record<string, unknown>[]) =>
  versionStore(cache).record(
    { via: 'card', requestId, receivedAt: at(0) },
    objects.map((object) => ({ kind: 'tender' as const, id: object.id as number, version: object.version as number, billed: true, event: null, object })),
  );

const latest = (cache: CacheDb, id: number) => {
  const v = versionStore(cache).latest('tender', id);
  return v ? { version: v.version, price: (v.object as { price: number }).price } : null;
};

describe('what a teammate can and cannot do to this copy', () => {
  it('a made-up version without delivery evidence never becomes the row shown over the API’s, and the API’s later version wins over it', async () => {
    const team = await teamDb();
    const cache = tempCache();
    apiDelivers(cache, 'req_api_1', tender(21, 1, { price: 100_000 }));
    // The forgery of the attack: v999, «цена 1 рубль», no request id nor page.
    await teamVersion(team, tender(21, 999, { price: 1, name: 'цена 1 рубль' }), null);
    // A tender only the team has, made up the same way.
    await teamVersion(team, tender(22, 999, { price: 1, name: 'цена 1 рубль' }), null);

    const pulled = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(pulled.counts.tender_version).toBe(2);
    // Held (nothing a teammate pushed is lost) and marked as the team's: its delivery names Vera's machine.
    expect(versionStore(cache).has('tender', 21, 999)).toBe(true);
    expect(cache.db.prepare('SELECT team_machine, team_evidence FROM delivery_request r JOIN object_version v ON v.first_request_seq = r.request_seq WHERE v.id = 21 AND v.version = 999').get()).toEqual({
      team_machine: VERA,
      team_evidence: 0,
    });
    // The card's version history says whose word each version is.
    expect(versionsOf(cache, 'tender', 21).map((v) => [v.version, v.from])).toEqual([
      [1, 'api'],
      [999, 'team_unproven'],
    ]);
    // The row shown, searched and exported stays the API's.
    expect(latest(cache, 21)).toEqual({ version: 1, price: 100_000 });
    expect(cache.db.prepare('SELECT version FROM tender_view WHERE id = 21').pluck().get()).toBe(1);
    // Only the team knows tender 22: its unproven version is shown until the API says otherwise...
    expect(latest(cache, 22)).toEqual({ version: 999, price: 1 });
    // ...and the API's version becomes the latest over it, although its number is lower.
    apiDelivers(cache, 'req_api_2', tender(22, 3, { price: 250_000 }));
    expect(latest(cache, 22)).toEqual({ version: 3, price: 250_000 });
    expect(cache.db.prepare('SELECT version FROM tender_view WHERE id = 22').pluck().get()).toBe(3);
    // A teammate's later unproven version does not move it back.
    await teamVersion(team, tender(22, 1000, { price: 2 }), null);
    await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(latest(cache, 22)).toEqual({ version: 3, price: 250_000 });
  });

  it('a contract is judged alike: a made-up contract version without evidence does not become its latest', async () => {
    const team = await teamDb();
    const cache = tempCache();
    versionStore(cache).record({ via: 'card', requestId: 'req_api_c', receivedAt: at(0) }, [
      { kind: 'contract', id: 41, version: 1, billed: true, event: null, object: { id: 41, version: 1, tender_id: 21, price: 90_000 } },
    ]);
    await sql(
      team,
      `INSERT INTO S.contract_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id)
       VALUES (41, 999, '{"id": 41, "version": 999, "tender_id": 22, "price": 1}'::jsonb, $1, 'feed', 'created', NULL, NULL, true, $2)`,
      [at(-60), VERA],
    );
    await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(versionStore(cache).has('contract', 41, 999)).toBe(true);
    expect(versionStore(cache).latestVersion('contract', 41)).toBe(1);
    expect(cache.db.prepare('SELECT tender_id FROM contract WHERE id = 41').pluck().get()).toBe(21);
  });

  it('the API’s answer of the same version replaces a teammate’s body, even one that carried delivery evidence', async () => {
    const team = await teamDb();
    const cache = tempCache();
    // Evidence makes a teammate's version count as delivered (it is shared data), until the API answers for it.
    await teamVersion(team, tender(23, 2, { price: 1 }), { requestId: 'req_team', filterId: 'flt_team' });
    await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(latest(cache, 23)).toEqual({ version: 2, price: 1 });
    expect(versionsOf(cache, 'tender', 23).map((v) => v.from)).toEqual(['team']);

    apiDelivers(cache, 'req_api_3', tender(23, 2, { price: 180_000 }));
    expect(latest(cache, 23)).toEqual({ version: 2, price: 180_000 });
    expect((versionStore(cache).get('tender', 23, 2)!.object as { price: number }).price).toBe(180_000);
    expect(cache.db.prepare('SELECT version FROM tender_view WHERE id = 23').pluck().get()).toBe(2);
    // From then on the version counts as delivered here by the API (its first delivery is the API's request).
    expect(versionStore(cache).get('tender', 23, 2)!.firstVia).toBe('card');
    expect(versionsOf(cache, 'tender', 23).map((v) => v.from)).toEqual(['api']);
    expect(cache.db.prepare('SELECT r.request_id, r.team_machine FROM delivery_request r JOIN object_version v ON v.first_request_seq = r.request_seq WHERE v.id = 23').get()).toEqual({
      request_id: 'req_api_3',
      team_machine: null,
    });
  });

  it('the analyst’s setting refuses teammates’ versions and cards without delivery evidence: held and named, taken once it is lifted', async () => {
    const team = await teamDb();
    const cache = tempCache();
    teamLinkStore(cache).setRefuseUnproven(true);
    await teamVersion(team, tender(31, 999, { price: 1 }), null);
    await teamVersion(team, tender(32, 1), { requestId: 'req_team', filterId: 'flt_team' });
    await sql(
      team,
      `INSERT INTO S.card (kind, id, version, positions_page, positions_limit, body, delivered_at, request_id, billed, machine_id)
       VALUES ('tender', 31, 999, 1, 20, '{"id":31,"positions":[]}'::jsonb, $1, NULL, true, $2)`,
      [at(-60), VERA],
    );
    const refused = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(refused.counts).toMatchObject({ tender_version: 1, card: 0 });
    expect(refused.skipped.map((s) => [s.table, s.id, s.version, s.reason])).toEqual([
      ['tender_version', '31', '999', 'unproven'],
      ['card', '31', '999', 'unproven'],
    ]);
    expect(versionStore(cache).has('tender', 31, 999)).toBe(false);
    expect(versionStore(cache).has('tender', 32, 1)).toBe(true);
    // Still refused at the next pull while the setting holds; taken (and released) once it is lifted.
    expect((await pullFromTeamOutcome(cache, team, { now: () => NOW })).held).toBe(2);
    expect(versionStore(cache).has('tender', 31, 999)).toBe(false);
    teamLinkStore(cache).setRefuseUnproven(false);
    const lifted = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(lifted.counts).toMatchObject({ tender_version: 1, card: 1 });
    expect(lifted.held).toBe(0);
    expect(versionStore(cache).has('tender', 31, 999)).toBe(true);
  });

  it('300 claimed ledger ids neither hide the API’s 21 real charges nor count as charges: the audit sees no repeat', async () => {
    const team = await teamDb();
    const cache = tempCache();
    // 21 tenders this machine received from the API, each charged once.
    const objects = Array.from({ length: 21 }, (_, i) => tender(101 + i, 1));
    apiDelivers(cache, 'req_api_l', ...objects);
    // A teammate claims ids 1..300, every one a charge of tender 101 v1.
    await sql(
      team,
      `INSERT INTO S.ledger_row (id, balance_type, amount, object_id, version, request_id, created_at, machine_id)
       SELECT g, 'tenders', 1, 101, 1, 'req_api_l', $1, $2 FROM generate_series(1, 300) g`,
      [at(-30), VERA],
    );
    const pulled = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(pulled.counts.ledger_row).toBe(300);
    const ledger = ledgerStore(cache);
    // Kept as the team's claims: not this ledger, and not where the mirror's next read starts.
    expect(ledger.teamOnlyCount()).toBe(300);
    expect(ledger.count()).toBe(0);
    expect(ledger.maxId()).toBe(0);
    // Nor what another profile's summary reads as this account's spend (read-only, from the file).
    expect(chargesByBalanceType(cache.file, 'current')).toEqual([]);
    expect(cacheStats(cache).ledgerRows).toBe(0);
    const claimed = await auditCache(cache, null);
    expect(claimed.rows).toBe(0);
    expect(claimed.repeatCharges).toEqual([]);

    // The API's ledger (read after maxId = 0, so from its start): its rows replace the claims of their ids.
    const real: LedgerRow[] = objects.map((o, i) => ({
      id: i + 1,
      balanceType: 'tenders',
      amount: 1,
      objectId: o.id as number,
      version: 1,
      filterId: null,
      requestId: 'req_api_l',
      createdAt: at(-1),
    }));
    expect(ledger.upsertRows(real)).toBe(21);
    expect(ledger.count()).toBe(21);
    expect(ledger.teamOnlyCount()).toBe(279);
    expect([...ledger.rows()].map((r) => r.objectId)).toEqual(objects.map((o) => o.id));
    const verdict = await auditCache(cache, null);
    expect(verdict.rows).toBe(21);
    expect(verdict.matched).toBe(21);
    expect(verdict.repeatCharges).toEqual([]);
    expect(verdict.unexplained).toEqual([]);
    expect(chargesByBalanceType(cache.file, 'current')).toEqual([{ balanceType: 'tenders', movements: 21, units: 21 }]);
    expect(cacheStats(cache).ledgerRows).toBe(21);
    // A claim pulled after the API's row of its id changes nothing.
    await sql(team, `UPDATE S.ledger_row SET object_id = 102 WHERE id = 1`);
    await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(ledger.rowsFor(101, 1).map((r) => r.id)).toEqual([1]);
  });
});
