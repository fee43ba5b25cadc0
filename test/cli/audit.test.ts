/**
 * `tenderwb audit` cannot pass over nothing: against a server whose ledger lists no
 * rows, the audit passes only while no response showed a charge; once the cache holds a charge a response
 * told of, the audit fails with a clear one-line reason and carries every category in `--json`.
 *
 * The server is a few lines of node:http on 127.0.0.1 (port 0): GET /balance and an empty ledger.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeLog } from '../../src-main/cache/chargeLog';
import { openCache } from '../../src-main/cache/database';
import { CliHarness, failureReason } from './helpers';

const PROFILE = 'strict';
let server: Server;
let baseUrl: string;
let cli: CliHarness;
const ledgerQueries: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown = { error: { code: 'not_found', message: url.pathname } };
    let status = 404;
    if (url.pathname === '/api/v2/balance') {
      status = 200;
      body = { balance: { tenders: 97, contracts: 100 }, usage_today: { tenders: 0, contracts: 0 }, last_updated: '2026-08-01T10:00:00+03:00' };
    } else if (url.pathname === '/api/v2/balance/ledger') {
      ledgerQueries.push(url.search);
      status = 200;
      body = { data: [], has_more: false, next_cursor: null };
    }
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_00000000000000000001' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  cli = new CliHarness({ token: 'tenderwb_live_00000000000000000000000000000000', prefix: 'tenderwb-cli-audit-' });
  await cli.ok(['profile', 'add', PROFILE, '--base-url', baseUrl, '--generation', 'current']);
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  cli?.cleanup();
});

describe('tenderwb audit over an empty ledger', () => {
  it('passes while nothing was charged, fails once a response showed charges', async () => {
    const clean = await cli.run(['--json', 'audit']);
    expect(clean.code).toBe(0);
    expect(clean.lines).toEqual([expect.objectContaining({ ok: true, rows: 0, vacuous: false, seen: { tenders: 0, contracts: 0 } })]);
    // The first ledger request carries no starting_after.
    expect(ledgerQueries[0]).toBe('?limit=100');

    // A feed page charged 3 units (the cache logs what responses said).
    const cache = openCache(join(cli.dataDir, 'profiles', PROFILE, 'cache.db'));
    try {
      chargeLog(cache).add({ requestId: 'req_feed1', via: 'feed', balanceType: 'tenders', filterId: 'flt_a', charged: 3, stated: true, periodTotal: 3, receivedAt: '2026-08-01T10:00:00Z' });
    } finally {
      cache.close();
    }

    const dirty = await cli.run(['--json', 'audit']);
    expect(dirty.code).toBe(1);
    expect(failureReason(dirty)).toBe('в журнале списаний нет строк, хотя по ответам сервера списано 3 ед.: журнал не показывает, что было списано');
    expect(dirty.lines).toEqual([
      expect.objectContaining({
        ok: false,
        vacuous: true,
        rows: 0,
        matched: 0,
        seen: { tenders: 3, contracts: 0 },
        missing_by_request: [{ request_id: 'req_feed1', balance_type: 'tenders', via: 'feed', said: 3, stated: true, in_ledger: 0 }],
        missing_by_balance: [{ balance_type: 'tenders', seen: 3, in_ledger: 0 }],
        over_ledger: [{ balance_type: 'tenders', figure: 'period_total', value: 3, in_ledger: 0 }],
      }),
    ]);

    const human = await cli.run(['audit']);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('списаний нет в журнале: 3');
    expect(human.stdout).toContain('ответ req_feed1 (feed, закупки): сообщил о списании 3, в журнале 0');
    expect(human.stdout).toContain('итог: НЕ ПРОЙДЕНА — журнал пуст, хотя списания были');
    expect(human.stdout).not.toContain('каждое списание объяснено');
  });
});
