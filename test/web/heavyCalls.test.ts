/**
 * 32 parallel 1 MB bridge calls kept `app.info` unanswered for 3.9 s. Browser mode's bridge gives large
 * calls turns (src-main/web/callTurns.ts): at most `maxHeavyCalls` are in the core at once, the rest wait with their
 * bodies unread, past the waiting room the bridge answers busy, and a light call never waits for a turn.
 *
 * The core is a fake whose large calls stay unanswered until the test lets them go, so "in flight" is a state the
 * test holds, not a moment it hopes to catch; every wait is for a condition (vi.waitFor), never for time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName, IpcResponse } from '../../src-main/contract/ipc';
import { newSecret, SECRET_HEADER, startWebServer, type BridgeHost, type WebServer, type WebServerOptions } from '../../src-main/web/server';

/** The large call's method: any method name of the contract does; the fake core holds it. */
const HEAVY = 'app.setLocale';
/** A body of about 256 KB: heavy by the bridge's default bound (64 KiB). */
const HEAVY_BODY = JSON.stringify({ locale: 'ru', padding: 'x'.repeat(256 * 1024) });
const UNTIL = { timeout: 30_000, interval: 20 };

class HoldingHost implements BridgeHost {
  /** Large calls in the core now, each waiting for the test to answer it. */
  readonly held: (() => void)[] = [];
  heavyReceived = 0;
  mostAtOnce = 0;
  invoke(name: string): Promise<IpcResponse<unknown>> {
    if (name !== HEAVY) return Promise.resolve({ ok: true, value: { version: '1', locale: 'ru' } });
    this.heavyReceived += 1;
    return new Promise((resolve) => {
      this.held.push(() => resolve({ ok: true, value: null }));
      this.mostAtOnce = Math.max(this.mostAtOnce, this.held.length);
    });
  }
  /** Answers the oldest large call held. */
  letOneGo(): void {
    this.held.shift()!();
  }
  on(_listener: (event: EventName, payload: unknown) => void): () => void {
    return () => undefined;
  }
}

type Answer = { status: number; json: IpcResponse<unknown> };

let dir: string;
let host: HoldingHost;
let web: WebServer | undefined;
const secret = newSecret();

function call(name: string, body: string): { req: ClientRequest; answer: Promise<Answer> } {
  const port = web!.port;
  let req!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = request(
      { host: '127.0.0.1', port, method: 'POST', path: `/bridge/invoke/${name}`, headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', [SECRET_HEADER]: secret } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as IpcResponse<unknown> }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  return { req, answer };
}

async function serve(o: Partial<WebServerOptions> = {}): Promise<WebServer> {
  web = await startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret, ...o });
  return web;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'twb-heavy-'));
  await mkdir(path.join(dir, 'renderer'), { recursive: true });
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  host = new HoldingHost();
});

afterEach(async () => {
  // Whatever a failed test left held is let go, so the server can close.
  while (host.held.length > 0) host.letOneGo();
  await web?.close();
  web = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('heavy bridge calls take turns', () => {
  it('with the cap of large calls held in the core and the rest waiting, app.info is answered; no more than the cap are ever in the core at once', { timeout: 60_000 }, async () => {
    const server = await serve({ maxHeavyCalls: 2 });
    const heavy = Array.from({ length: 12 }, () => call(HEAVY, HEAVY_BODY));
    let heavyAnswered = 0;
    for (const h of heavy) void h.answer.then(() => (heavyAnswered += 1));
    await vi.waitFor(() => {
      expect(host.held).toHaveLength(2);
      expect(server.heavyCalls()).toEqual({ running: 2, waiting: 10 });
    }, UNTIL);

    const info = await call('app.info', '{}').answer;
    expect(info).toEqual({ status: 200, json: { ok: true, value: { version: '1', locale: 'ru' } } });
    // Answered while every large call is still pending.
    expect(heavyAnswered).toBe(0);
    expect(host.held).toHaveLength(2);

    // Each large call let go lets one waiting call in, never more.
    for (let left = 12; left > 0; left -= 1) {
      await vi.waitFor(() => expect(host.held.length).toBe(Math.min(2, left)), UNTIL);
      host.letOneGo();
    }
    const answers = await Promise.all(heavy.map((h) => h.answer));
    expect(answers.every((a) => a.status === 200 && a.json.ok)).toBe(true);
    expect(host.heavyReceived).toBe(12);
    expect(host.mostAtOnce).toBe(2);
    expect(server.heavyCalls()).toEqual({ running: 0, waiting: 0 });
  });

  it('past the waiting room a large call is answered busy at once, in the user’s language, and the others still run', { timeout: 60_000 }, async () => {
    const server = await serve({ maxHeavyCalls: 1, maxHeavyWaiting: 2 });
    const admitted = Array.from({ length: 3 }, () => call(HEAVY, HEAVY_BODY));
    await vi.waitFor(() => expect(server.heavyCalls()).toEqual({ running: 1, waiting: 2 }), UNTIL);

    const refused = await call(HEAVY, HEAVY_BODY).answer;
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ ok: false, error: { code: 'rate_limited', message: 'Приложение занято: слишком много больших запросов сразу. Повторите через несколько секунд.' } });
    expect(host.heavyReceived).toBe(1);

    for (let left = 3; left > 0; left -= 1) {
      await vi.waitFor(() => expect(host.held).toHaveLength(1), UNTIL);
      host.letOneGo();
    }
    expect((await Promise.all(admitted.map((h) => h.answer))).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(host.mostAtOnce).toBe(1);
  });

  it('a waiting large call whose client went away never reaches the core, and its turn passes on to the next', { timeout: 60_000 }, async () => {
    const logs: string[] = [];
    const server = await serve({ maxHeavyCalls: 1, log: (m) => logs.push(m) });
    const first = call(HEAVY, HEAVY_BODY);
    await vi.waitFor(() => expect(host.held).toHaveLength(1), UNTIL);
    // A call that states its whole length, sends part of its body, and is gone while it waits.
    const port = server.port;
    const cut = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/bridge/invoke/${HEAVY}`,
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', 'content-length': String(HEAVY_BODY.length), [SECRET_HEADER]: secret },
    });
    cut.on('error', () => undefined);
    cut.write(HEAVY_BODY.slice(0, 100_000));
    await vi.waitFor(() => expect(server.heavyCalls()).toEqual({ running: 1, waiting: 1 }), UNTIL);
    const third = call(HEAVY, HEAVY_BODY);
    await vi.waitFor(() => expect(server.heavyCalls()).toEqual({ running: 1, waiting: 2 }), UNTIL);
    cut.destroy();

    host.letOneGo();
    expect((await first.answer).status).toBe(200);
    // The cut call's turn comes, its body cannot be read whole, and the third call is let in.
    await vi.waitFor(() => expect(host.held).toHaveLength(1), UNTIL);
    host.letOneGo();
    expect((await third.answer).status).toBe(200);
    expect(host.heavyReceived).toBe(2);
    expect(server.heavyCalls()).toEqual({ running: 0, waiting: 0 });
    // Nobody to answer is not a failure worth a line.
    expect(logs).toEqual([]);
  });

  it('a body at the bound is light and never waits; one byte over it is heavy', { timeout: 60_000 }, async () => {
    const server = await serve({ maxHeavyCalls: 1, heavyCallBytes: 1024 });
    const first = call(HEAVY, HEAVY_BODY);
    await vi.waitFor(() => expect(host.held).toHaveLength(1), UNTIL);
    const atBound = JSON.stringify({ pad: 'x'.repeat(1024 - 10) });
    expect(Buffer.byteLength(atBound)).toBe(1024);
    expect((await call('app.info', atBound).answer).status).toBe(200);
    const over = call(HEAVY, atBound + ' ');
    await vi.waitFor(() => expect(server.heavyCalls()).toEqual({ running: 1, waiting: 1 }), UNTIL);
    host.letOneGo();
    await vi.waitFor(() => expect(host.held).toHaveLength(1), UNTIL);
    host.letOneGo();
    expect((await Promise.all([first.answer, over.answer])).map((a) => a.status)).toEqual([200, 200]);
  });
});
