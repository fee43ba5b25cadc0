/**
 * Offline is noticed within about 2 seconds, even when nothing calls the server, and shown once.
 * The free TCP heartbeat (no API request, no rate or ledger cost) finds a stopped server; a flapping series of
 * misses is one change, not many; the server found again brings the app back through the probe.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Connectivity, tcpReachable } from '../../src-main/workspace/connectivity';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { eventsOf, makeCore, sandbox, until, type TestCore } from './helpers';

let sb: RunningSandbox | null = null;
let t: TestCore | null = null;
afterAll(async () => {
  await t?.close();
  await sb?.close();
});

async function listening(): Promise<{ server: Server; url: string }> {
  const server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { server, url: `http://127.0.0.1:${port}/api/v2` };
}

describe('connectivity heartbeat', () => {
  it('tcpReachable: true while a server listens, false once it is gone', async () => {
    const { server, url } = await listening();
    expect(await tcpReachable(url)).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await tcpReachable(url)).toBe(false);
  });

  it('misses while online go offline once; a hit while offline probes and comes back once', async () => {
    let reachable = true;
    const changes: boolean[] = [];
    let beats = 0;
    const c = new Connectivity({
      intervalMs: 60_000,
      heartbeatMs: 50,
      heartbeat: async () => {
        beats += 1;
        return reachable;
      },
      probe: async () => reachable,
      onChange: (online) => changes.push(online),
      onOnline: async () => undefined,
    });
    // Several more heartbeats answered (counted, not a pause: a loaded machine beats slower).
    const fiveMoreBeats = async (what: string) => {
      const from = beats;
      await until(() => beats >= from + 5, 20_000, what);
    };
    try {
      reachable = false;
      await until(() => !c.online, 20_000, 'offline');
      await fiveMoreBeats('more misses');
      expect(changes).toEqual([false]);
      reachable = true;
      await until(() => c.online, 20_000, 'online');
      await fiveMoreBeats('more hits');
      expect(changes).toEqual([false, true]);
    } finally {
      c.close();
    }
  });

  it('the app core notices a stopped server within about 2 s with no call made', async () => {
    sb = await sandbox();
    // Default heartbeat (no tuning of it); a slow probe so only the heartbeat can notice.
    t = await makeCore(sb.baseUrl, { tuning: { probeIntervalMs: 60_000 } });
    await t.call('balance.get', {});
    expect((await t.call('app.info', {})).online).toBe(true);
    await sb.close();
    sb = null;
    const core = t;
    // About 2 s (1 s beat + 1 s timeout at worst). Not timed here (a loaded machine is slower): the probe is
    // a minute away, so only the heartbeat can have noticed within this wait.
    await until(() => eventsOf(core, 'app.status').some((s) => !s.online), 30_000, 'app.status offline');
    expect((await core.call('app.info', {})).online).toBe(false);
    expect(eventsOf(core, 'app.status').filter((s) => !s.online)).toHaveLength(1);
  });
});
