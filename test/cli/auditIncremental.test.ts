/**
 * `tenderwb audit` pulls the ledger as the app's audit does (the CLI pulled all 58,038 rows first and
 * took 307 s, the app answered in 0.3 s): at most AUDIT_PULL_PAGES pages a run, each run going on after the newest
 * row held, the verdict judged as the app judges it, and the output saying, in the user's language, that the pull
 * was partial and that the next run goes on. `--full` reads the whole rest in one run.
 *
 * The server is a few lines of node:http on 127.0.0.1 (port 0) holding a ledger longer than two runs read; the
 * test counts the ledger pages each run asks for, and where each run starts. Every row is a version the cache
 * holds, delivered by one feed page that said what it charged, so a complete pull passes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PULL_PAGES } from '../../src-main/audit/auditPullPages';
import { chargeLog } from '../../src-main/cache/chargeLog';
import { openCache } from '../../src-main/cache/database';
import { versionStore } from '../../src-main/cache/versionStore';
import { tender } from '../cache/helpers';
import { CliHarness } from './helpers';

const PAGE = 100;
/** Two bounded runs and a bit: the third run reaches the end. */
const ROWS = 2 * AUDIT_PULL_PAGES * PAGE + 150;
const PAGES = Math.ceil(ROWS / PAGE);
const TOKEN = 'tenderwb_live_00000000000000000000000000000000';
const AT = '2026-08-01T10:00:00Z';

let server: Server;
let baseUrl: string;
/** The query string of every ledger request since the last `ledgerAsked()`. */
let ledgerQueries: string[] = [];
let ru: CliHarness;
let en: CliHarness;

const ledgerAsked = (): string[] => {
  const asked = ledgerQueries;
  ledgerQueries = [];
  return asked;
};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown = { error: { code: 'not_found', message: url.pathname } };
    let status = 404;
    if (url.pathname === '/api/v2/balance') {
      status = 200;
      body = { balance: { tenders: 100_000, contracts: 100 }, usage_today: { tenders: 0, contracts: 0 } };
    } else if (url.pathname === '/api/v2/balance/ledger') {
      ledgerQueries.push(url.search);
      status = 200;
      const after = Number(url.searchParams.get('starting_after') ?? 0);
      const ids = Array.from({ length: Math.max(0, Math.min(PAGE, ROWS - after)) }, (_, i) => after + 1 + i);
      const data = ids.map((id) => ({ id, balance_type: 'tenders', amount: 1, object_id: 500_000 + id, version: 1, filter_id: 'flt_a', request_id: 'req_feed1' }));
      const more = after + data.length < ROWS;
      body = { data, has_more: more, next_cursor: more ? data.at(-1)!.id : null };
    }
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_00000000000000000001' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  ru = new CliHarness({ token: TOKEN, prefix: 'tenderwb-cli-audit-incr-' });
  en = new CliHarness({ token: TOKEN, prefix: 'tenderwb-cli-audit-incr-en-' });
  writeFileSync(join(en.dataDir, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null, spending: { confirmAbove: 1_000_000_000, runCap: 1_000_000_000, dailyBudget: null } }));
  for (const [cli, profile] of [
    [ru, 'steps'],
    [ru, 'whole'],
    [en, 'steps'],
  ] as const) {
    await cli.ok(['profile', 'add', profile, '--base-url', baseUrl, '--generation', 'current']);
    await cli.ok(['--profile', profile, 'cache', 'stats']);
    holdEveryCharge(join(cli.dataDir, 'profiles', profile, 'cache.db'));
  }
}, 120_000);

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  ru?.cleanup();
  en?.cleanup();
});

/** Every ledger row's version held, delivered by one feed page that said it charged them all. */
function holdEveryCharge(file: string): void {
  const cache = openCache(file);
  try {
    versionStore(cache).record(
      { via: 'feed', requestId: 'req_feed1', filterId: 'flt_a', receivedAt: AT },
      Array.from({ length: ROWS }, (_, i) => ({ kind: 'tender' as const, id: 500_001 + i, version: 1, billed: true, event: 'created' as const, object: tender(500_001 + i, 1) })),
    );
    chargeLog(cache).add({ requestId: 'req_feed1', via: 'feed', balanceType: 'tenders', filterId: 'flt_a', charged: ROWS, stated: true, periodTotal: null, receivedAt: AT });
  } finally {
    cache.close();
  }
}

describe('tenderwb audit over a ledger longer than one run reads', () => {
  it('reads at most AUDIT_PULL_PAGES pages a run, each run after the newest row held, says the pull was partial, and passes once the end is reached', { timeout: 120_000 }, async () => {
    ledgerAsked();
    const first = await ru.run(['--profile', 'steps', '--json', 'audit']);
    const firstAsked = ledgerAsked();
    expect(first.code, first.stderr).toBe(0);
    expect(firstAsked).toHaveLength(AUDIT_PULL_PAGES);
    expect(firstAsked[0]).toBe('?limit=100');
    // The rows held are judged; the charges responses told of wait for a whole ledger, as in the app.
    expect(first.lines).toEqual([
      expect.objectContaining({ ok: true, ledger_pull: 'partial', ledger_pulled: false, rows: AUDIT_PULL_PAGES * PAGE, matched: AUDIT_PULL_PAGES * PAGE, unexplained: [], repeat_charges: [], missing_by_request: [] }),
    ]);

    const second = await ru.run(['--profile', 'steps', 'audit']);
    const secondAsked = ledgerAsked();
    expect(second.code, second.stderr).toBe(0);
    expect(secondAsked).toHaveLength(AUDIT_PULL_PAGES);
    // Not from the start again: after the newest row the first run stored.
    expect(new URLSearchParams(secondAsked[0]).get('starting_after')).toBe(String(AUDIT_PULL_PAGES * PAGE));
    const lines = second.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `Журнал списаний загружен не весь (в кэше строк: ${(2 * AUDIT_PULL_PAGES * PAGE).toLocaleString('ru-RU')}): сверены загруженные строки, а списания из ответов сверятся с журналом, когда он будет загружен до конца. Следующий запуск tenderwb audit продолжит загрузку с этого места; tenderwb audit --full загрузит журнал до конца сразу.`,
    );
    expect(lines.at(-1)).toBe('итог: каждое списание объяснено, ничего не оплачено дважды, все списания есть в журнале');

    const third = await ru.run(['--profile', 'steps', '--json', 'audit']);
    const thirdAsked = ledgerAsked();
    expect(third.code, third.stderr).toBe(0);
    expect(thirdAsked).toHaveLength(PAGES - 2 * AUDIT_PULL_PAGES);
    expect(new URLSearchParams(thirdAsked[0]).get('starting_after')).toBe(String(2 * AUDIT_PULL_PAGES * PAGE));
    expect(third.lines).toEqual([
      expect.objectContaining({ ok: true, ledger_pull: 'complete', ledger_pulled: true, rows: ROWS, matched: ROWS, missing_by_request: [], missing_by_balance: [], over_ledger: [] }),
    ]);
    // A complete pull says nothing of a partial one.
    const done = await ru.run(['--profile', 'steps', 'audit']);
    expect(done.code).toBe(0);
    expect(done.stdout).not.toContain('не весь');
  });

  it('--full reads the whole ledger in one run and judges every charge against it', { timeout: 120_000 }, async () => {
    ledgerAsked();
    const whole = await ru.run(['--profile', 'whole', '--json', 'audit', '--full']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(ledgerAsked()).toHaveLength(PAGES);
    expect(whole.lines).toEqual([expect.objectContaining({ ok: true, ledger_pull: 'complete', ledger_pulled: true, rows: ROWS, matched: ROWS })]);
  });

  it('says a partial pull in English where the installation speaks English', { timeout: 120_000 }, async () => {
    const r = await en.run(['--profile', 'steps', 'audit']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      `The ledger was not pulled whole (${(AUDIT_PULL_PAGES * PAGE).toLocaleString('ru-RU')} rows held): the rows held were audited; the charges responses told of are checked once it is pulled to its end. The next "tenderwb audit" goes on from here; "tenderwb audit --full" pulls the rest of the ledger at once.`,
    );
    expect(r.stdout).not.toMatch(/[А-Яа-яЁё]/);
  });
});
