/**
 * Issue 13, finding 4, through the app core: a server (here a proxy in front of the sandbox) that echoes the
 * token in its error's code, message, request id and details, and in every page's request id. The error
 * payload the bridge returns (message and requestId, both languages) and the cache file hold no token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { toIpcError } from '../../src-main/app/errors';
import { makeCore, sandbox, type TestCore } from '../app/helpers';
import { scanForSecrets } from '../cli/helpers';
import { startHostile, tokenEchoProxy, type HostileServer } from './server';

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
