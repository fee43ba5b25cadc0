/**
 * A hostile server through the app core, against proxies in front of the sandbox. An echoed token: a server that echoes the
 * token in its error's code, message, request id and details, and in every page's request id; the error
 * payload the bridge returns (message and requestId, both languages) and the cache file hold no token.
 * A trickle: a server that trickles its answers; the cost preview is answered (a retryable timeout in the
 * user's language) within the configured deadline instead of hanging.
 *
 * A server that writes the token with `\u` escapes into the tenders and cards it delivers;
 * the bridge's answers (results, card, offline search) and the cache hold none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { toIpcError } from '../../src-main/workspace/errors';
import { finished, makeCore, sandbox, type TestCore } from '../app/helpers';
import { scanForSecrets } from '../cli/helpers';
import { escapedForm, escapedTokenProxy, forward, startHostile, tokenEchoProxy, trickle, type HostileServer } from './server';

let sb: RunningSandbox;
let proxy: HostileServer;
let t: TestCore;

beforeAll(async () => {
  sb = await sandbox();
  proxy = await startHostile(tokenEchoProxy(new URL(sb.baseUrl).origin, /^GET \/api\/v2\/balance$/));
  t = await makeCore(`${proxy.origin}/api/v2`);
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await sb?.close();
});

/** The tokens the core sent (the built-in profile logs in by itself). */
const tokensSent = (): string[] =>
  [...new Set(proxy.stats.requests.map((r) => /^Bearer\s+(.+)$/.exec(String(r.headers.authorization ?? ''))?.[1]).filter((x): x is string => !!x))];

describe('the app core against a server that echoes the token', () => {
  it('the error payload and the cache hold no token', async () => {
    const run = await t.call('search.run', { criteria: { keywords: ['поставка'] } });
    expect(run.filterId).toBeTruthy();
    const e = await t.call('balance.get', {}).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).not.toBeNull();
    const secrets = tokensSent();
    expect(secrets.length).toBeGreaterThan(0);
    for (const locale of ['ru', 'en'] as const) {
      const payload = toIpcError(e, locale);
      expect(payload.requestId).toBe('err_***');
      for (const s of secrets) expect(JSON.stringify(payload)).not.toContain(s);
    }
    await t.core.close();
    const scan = scanForSecrets([t.dir], secrets);
    expect(scan.hits).toEqual([]);
    expect(scanForSecrets([t.dir], ['page_***']).hits.some((h) => h.includes('cache.db'))).toBe(true);
  });
});

describe('the app core against a server that trickles its answers', () => {
  it('search.preview is answered with a retryable timeout in the user’s language, not left hanging', async () => {
    let trickling = false;
    const slow = await startHostile(async (req, res, body, stats) => {
      // The built-in profile's login goes through; then every answer trickles one byte at a time.
      if (trickling) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return trickle(res, stats, 20);
      }
      const answer = await forward(new URL(sb.baseUrl).origin, req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.text);
    });
    const core = await makeCore(`${slow.origin}/api/v2`, {
      tuning: { probeIntervalMs: 150, client: { maxAttempts: 3, backoff: { baseMs: 10, maxMs: 50 }, timeouts: { headersMs: 5_000, bodyMs: 5_000, deadlineMs: 300 } } },
    });
    try {
      await core.call('balance.get', {});
      trickling = true;
      const e = await core.call('search.preview', { criteria: { keywords: ['поставка'] } }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).not.toBeNull();
      expect(toIpcError(e, 'ru').message).toMatch(/не ответил вовремя/);
      expect(toIpcError(e, 'en').message).toMatch(/did not answer in time/);
      await slow.abandoned(1);
    } finally {
      await core.close();
      await slow.close();
    }
  });
});

describe('the app core against a server that writes the token with \\u escapes into what it delivers', () => {
  it('the bridge’s results, card and offline search and the cache hold none of it', async () => {
    const echoing = escapedTokenProxy(new URL(sb.baseUrl).origin);
    const escaping = await startHostile(echoing);
    const core = await makeCore(`${escaping.origin}/api/v2`);
    try {
      const run = await core.call('search.run', { criteria: { keywords: ['поставка'] }, maxSpend: 5 });
      await finished(core, run.jobId);
      const results = await core.call('search.results', { filterId: run.filterId });
      expect(results.rows.length).toBeGreaterThan(0);
      const card = await core.call('card.tender', { id: results.rows[0]!.id });
      const offline = await core.call('search.offline', { text: 'поставка' });
      expect(echoing.echoed()).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(results)).toContain('эхо ***');
      const secrets = [
        ...new Set(escaping.stats.requests.map((r) => /^Bearer\s+(.+)$/.exec(String(r.headers.authorization ?? ''))?.[1]).filter((x): x is string => !!x)),
      ];
      expect(secrets.length).toBeGreaterThan(0);
      for (const answer of [results, card, offline]) {
        for (const s of secrets) {
          expect(JSON.stringify(answer)).not.toContain(s);
          expect(JSON.stringify(answer)).not.toContain(escapedForm(s));
        }
      }
      await core.core.close();
      expect(scanForSecrets([core.dir], [...secrets, ...secrets.map(escapedForm)]).hits).toEqual([]);
    } finally {
      await core.close();
      await escaping.close();
    }
  });
});
