/**
 * A hostile server through the CLI, against hostile proxies in front of a real sandbox: a feed whose cursor never
 * advances ends `sync` with exit code 1 and a sentence naming the feed; a server that echoes the
 * token in its words gets it printed on no stderr line (with and without --json) and stored nowhere in the
 * cache file; a body that never ends is cut at the cap, not buffered.
 *
 * A server that writes the token with `\u` escapes into the tenders it delivers (names,
 * descriptions, keys) and into cards gets it rebuilt nowhere: not in cache.db or its WAL, `cache search`,
 * `card` (text and --json), nor the CSV and XLSX exports. A cycling cursor: a feed whose cursor alternates A/B over
 * the same page ends `sync` with exit code 1 after a bounded number of requests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { CliHarness, ctl, failureReason, randomPart, scanForSecrets, startCliSandbox, tokens } from '../cli/helpers';
import { alternatingCursorProxy, escapedForm, escapedTokenProxy, flood, startHostile, stuckCursorProxy, tokenEchoProxy, type HostileServer } from './server';

const QUERY = JSON.stringify({ keywords: ['поставка'] });
let sb: RunningSandbox;
let live: string;
const started: HostileServer[] = [];
const harnesses: CliHarness[] = [];

beforeAll(async () => {
  sb = await startCliSandbox();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  ({ live } = await tokens(sb));
});

afterAll(async () => {
  for (const s of started) await s.close();
  for (const h of harnesses) h.cleanup();
  await sb?.close();
});

async function cliThrough(proxy: HostileServer): Promise<CliHarness> {
  started.push(proxy);
  const cli = new CliHarness({ token: live, prefix: 'tenderwb-hostile-' });
  harnesses.push(cli);
  await cli.ok(['profile', 'add', 'h', '--base-url', `${proxy.origin}/api/v2`]);
  return cli;
}

describe('tenderwb against hostile servers', () => {
  it('sync of a feed that never advances stops with exit code 1, naming the feed', async () => {
    const proxy = await startHostile(stuckCursorProxy(new URL(sb.baseUrl).origin));
    const cli = await cliThrough(proxy);
    await cli.ok(['search', '--query', QUERY, '--label', 'stuck', '--events', 'created']);
    const before = proxy.stats.requests.length;
    const r = await cli.run(['sync', 'stuck', '--no-cap']);
    expect(r.code).toBe(1);
    expect(failureReason(r)).toMatch(/ту же страницу ленты «закупки, новые».*синхронизация остановлена.*код no_progress/);
    // Bounded: not hundreds of repeats (the page under the stuck cursor and one repeat, after the first pages).
    expect(proxy.stats.requests.length - before).toBeLessThan(10);
    const json = await cli.run(['--json', 'sync', 'stuck', '--no-cap']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr.trim().split('\n').pop()!).error).toMatch(/ленты «закупки, новые»/);
  });

  it('sync of a feed whose cursor alternates A/B over the same page stops with exit code 1 after a bounded number of requests', async () => {
    const proxy = await startHostile(alternatingCursorProxy(new URL(sb.baseUrl).origin));
    const cli = await cliThrough(proxy);
    await cli.ok(['search', '--query', QUERY, '--label', 'ab', '--events', 'created']);
    const before = proxy.stats.requests.length;
    const r = await cli.run(['sync', 'ab', '--no-cap'], { timeoutMs: 120_000 });
    expect(r.code).toBe(1);
    expect(failureReason(r)).toMatch(/ту же страницу ленты «закупки, новые».*синхронизация остановлена.*код no_progress/);
    // 703 requests in 7 minutes until killed. Now the pages before the cursor games and three repeats.
    expect(proxy.stats.requests.length - before).toBeLessThan(12);
  });

  it('a token echoed in the error and in every request id is on no stderr line and nowhere in cache.db', async () => {
    const proxy = await startHostile(tokenEchoProxy(new URL(sb.baseUrl).origin, /^GET \/api\/v2\/balance$/));
    const cli = await cliThrough(proxy);
    await cli.ok(['search', '--query', QUERY, '--label', 'echo', '--events', 'created']);
    await cli.ok(['sync', 'echo', '--max-spend', '5']);
    const plain = await cli.run(['balance']);
    const json = await cli.run(['--json', 'balance']);
    for (const r of [plain, json]) {
      expect(r.code).toBe(1);
      expect(r.stderr).not.toContain(live);
      expect(r.stderr).not.toContain(randomPart(live));
      // The server's words are shown, with the token cut out of them.
      expect(failureReason(r)).toMatch(/код refused_\*\*\*.*запрос err_\*\*\*/);
    }
    const scan = scanForSecrets([cli.dataDir], [live, randomPart(live)]);
    expect(scan.hits).toEqual([]);
    // The scan read the cache, and the request ids it stored are the server's, redacted.
    const control = scanForSecrets([cli.dataDir], ['page_***']);
    expect(control.hits.some((h) => h.includes('cache.db'))).toBe(true);
  });

  it('a body that never ends is cut at the cap: exit 1 with a retryable sentence, the connection dropped', async () => {
    const proxy = await startHostile((_req, res, _body, stats) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"balance":');
      flood(res, stats, Infinity);
    });
    const cli = await cliThrough(proxy);
    const r = await cli.run(['balance']);
    expect(r.code).toBe(1);
    expect(failureReason(r)).toMatch(/слишком большой ответ.*код response_too_large/);
    // Two attempts, each dropped by the CLI after the cap (16 MiB), not read to the 1.5 GB of the report.
    expect(proxy.stats.requests).toHaveLength(2);
    await proxy.abandoned(2);
    expect(proxy.stats.bytesWritten).toBeLessThan(256 * 1024 * 1024);
  });

  it('a token written with \\u escapes into delivered tenders and cards is rebuilt nowhere: cache, WAL, search, card, CSV, XLSX', async () => {
    const echoing = escapedTokenProxy(new URL(sb.baseUrl).origin);
    const proxy = await startHostile(echoing);
    const cli = await cliThrough(proxy);
    await cli.ok(['search', '--query', QUERY, '--label', 'esc', '--events', 'created']);
    await cli.ok(['sync', 'esc', '--max-spend', '5']);
    const found = await cli.ok(['--json', 'cache', 'search', 'поставка']);
    const id = (found.lines.find((l) => typeof l.id === 'number') as { id: number } | undefined)?.id;
    expect(id).toBeGreaterThan(0);
    const cardJson = await cli.ok(['--json', 'card', 'tender', String(id)]);
    const cardText = await cli.ok(['card', 'tender', String(id)]);
    const plain = await cli.ok(['cache', 'search', 'поставка']);
    const out = cli.dir('exports');
    await cli.ok(['export', 'search', 'esc', '--out', join(out, 'esc.csv'), '--format', 'plain']);
    await cli.ok(['export', 'search', 'esc', '--out', join(out, 'esc.xlsx'), '--format', 'xlsx']);
    // The attack ran: pages and the card came with the token in escapes, the names with what is left of it.
    expect(echoing.echoed()).toBeGreaterThanOrEqual(2);
    expect(cardText.stdout).toContain('эхо ***');
    expect(readFileSync(join(out, 'esc.csv'), 'utf8')).toContain('эхо ***');

    const secrets = [live, randomPart(live), escapedForm(live)];
    for (const r of [found, cardJson, cardText, plain]) for (const s of secrets) expect(r.stdout + r.stderr).not.toContain(s);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(out, 'esc.xlsx'));
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.text)))));
    expect(cells.some((c) => c.includes('эхо ***'))).toBe(true);
    for (const s of secrets) expect(cells.filter((c) => c.includes(s))).toEqual([]);
    // cache.db and its WAL byte by byte and value by value (packs inflated), and the export files.
    const scan = scanForSecrets([cli.dataDir, out], secrets);
    expect(scan.files.some((f) => f.endsWith('cache.db'))).toBe(true);
    expect(scan.hits).toEqual([]);
  });
});
