/**
 * A large call that fails validation must not get a larger answer. Through browser mode's
 * bridge to a real core host (worker thread, the fake core of test/app/host): a 1 MB invalid call gets an error
 * of a few KB that does not echo the input, eight of them at once leave a ninth, ordinary call answered, and an
 * answer over the bound becomes a short error. Sizes and completion are asserted, never wall-clock time.
 */
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHost, type CoreHost } from '../../src-main/app/host/coreHost';
import type { EventName, IpcResponse } from '../../src-main/contract/ipc';
import { CALL_BOUNDS } from '../../src-main/contract/callBounds';
import { dispatch } from '../../src-main/app/host/dispatch';
import { newSecret, SECRET_HEADER, startWebServer, type BridgeHost, type WebServer } from '../../src-main/web/server';

const fakeCore = pathToFileURL(path.join(import.meta.dirname, '..', 'app', 'host', 'fakeCore.ts'));

function post(port: number, secret: string, name: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/bridge/invoke/${name}`,
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', [SECRET_HEADER]: secret },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `{locale:'ru', <key>:1, ...}` of about `bytes` bytes: every extra key is an issue whose message names it. */
function invalidCallOf(bytes: number): string {
  const args: Record<string, unknown> = { locale: 'ru' };
  let size = 20;
  for (let i = 0; size < bytes; i += 1) {
    const key = `unexpected_field_number_${i}_${'x'.repeat(40)}`;
    args[key] = 1;
    size += key.length + 5;
  }
  return JSON.stringify(args);
}

let dir: string;
let core: CoreHost;
let web: WebServer;
const secret = newSecret();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'twb-bounds-'));
  await mkdir(path.join(dir, 'renderer'), { recursive: true });
  await mkdir(path.join(dir, 'data'), { recursive: true });
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  core = await startCoreHost({
    dataDir: path.join(dir, 'data'),
    sandbox: { kind: 'none' },
    platform: { mode: 'browser', openExternal: () => Promise.resolve(false) },
    version: '1',
    coreModule: fakeCore,
  });
  // The bridge's body cap is raised above the call, so the core's own bounds are what is tested.
  web = await startWebServer({ host: core, rendererDir: path.join(dir, 'renderer'), secret, maxBodyBytes: 2 * 1024 * 1024 });
}, 60_000);

afterAll(async () => {
  await web?.close();
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a large invalid call gets a small answer', () => {
  it('a 1 MB call with 17,000 unknown fields is refused in a few KB naming the first few and how many more, without echoing them', async () => {
    const body = invalidCallOf(1024 * 1024);
    expect(body.length).toBeGreaterThanOrEqual(1024 * 1024);
    const answer = await post(web.port, secret, 'app.setLocale', body);
    expect(answer.status).toBe(200);
    expect(answer.text.length).toBeLessThan(4096);
    const parsed = JSON.parse(answer.text) as IpcResponse<unknown>;
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe('invalid_input');
    expect(parsed.error.fields!.length).toBeLessThanOrEqual(CALL_BOUNDS.maxFields);
    // The thousandth unknown key is not named anywhere in the answer.
    expect(answer.text).not.toContain('unexpected_field_number_1000_');
  });

  it('eight such calls at once leave a ninth, ordinary call answered, and every answer small', async () => {
    const body = invalidCallOf(1024 * 1024);
    const floods = Array.from({ length: 8 }, () => post(web.port, secret, 'app.setLocale', body));
    const ordinary = post(web.port, secret, 'app.info', '{}');
    const answers = await Promise.all([...floods, ordinary]);
    for (const a of answers.slice(0, 8)) {
      expect(a.status).toBe(200);
      expect(a.text.length).toBeLessThan(4096);
      expect((JSON.parse(a.text) as IpcResponse<unknown>).ok).toBe(false);
    }
    const info = JSON.parse(answers[8]!.text) as IpcResponse<{ version: string }>;
    expect(info).toMatchObject({ ok: true, value: { version: '1' } });
  });

  it('a call over the size limits (300,000 array items) is refused before validation, in a few hundred bytes', async () => {
    const answer = await post(web.port, secret, 'app.setLocale', JSON.stringify({ locale: 'ru', extra: new Array(300_000).fill(0) }));
    expect(answer.text.length).toBeLessThan(1024);
    const parsed = JSON.parse(answer.text) as IpcResponse<unknown>;
    expect(parsed).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: ['(arguments)'] } });
    // Named as too large (the core's language, Russian by default), not as the one unknown field `extra`.
    if (!parsed.ok) expect(parsed.error.message).toMatch(/^Вызов слишком большой/);
  });
});

describe('the bounded message speaks the user\'s language', () => {
  it('names the first five issues and how many more, in English when the core speaks English', async () => {
    const handlers = { 'search.offline': () => Promise.resolve({ rows: [], count: 0, countIsEstimate: false }) };
    // Eight fields of the wrong type: eight issues.
    const args = { text: 1, limit: 'x', offset: 'y', regions: 'r', price: 3, publishDate: 4, endDate: 5, okpd2: 6 };
    const en = await dispatch(handlers, 'search.offline', args, 'en');
    const ru = await dispatch(handlers, 'search.offline', args, 'ru');
    expect(en.ok || ru.ok).toBe(false);
    if (en.ok || ru.ok) return;
    expect(en.error.message.split('; ')).toHaveLength(6);
    expect(en.error.message).toMatch(/; and 3 more$/);
    expect(ru.error.message).toMatch(/; и ещё 3$/);
    expect(en.error.fields).toHaveLength(8);
  });
});

describe('the bridge bounds every answer', () => {
  class HugeHost implements BridgeHost {
    constructor(private readonly answer: IpcResponse<unknown>) {}
    invoke(): Promise<IpcResponse<unknown>> {
      return Promise.resolve(this.answer);
    }
    on(_listener: (event: EventName, payload: unknown) => void): () => void {
      return () => undefined;
    }
  }

  async function through(answer: IpcResponse<unknown>, maxAnswerChars?: number): Promise<{ text: string; parsed: IpcResponse<unknown> }> {
    const server = await startWebServer({ host: new HugeHost(answer), rendererDir: path.join(dir, 'renderer'), secret, maxAnswerChars });
    try {
      const r = await post(server.port, secret, 'cache.info', '{}');
      return { text: r.text, parsed: JSON.parse(r.text) as IpcResponse<unknown> };
    } finally {
      await server.close();
    }
  }

  it('replaces an answer over the bound by a short error', async () => {
    const { text, parsed } = await through({ ok: true, value: { rows: 'r'.repeat(200_000) } }, 100_000);
    expect(text.length).toBeLessThan(1024);
    expect(parsed).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('clips an error whatever made it: message, request id and fields', async () => {
    const { text, parsed } = await through({
      ok: false,
      error: { code: 'server', message: 'm'.repeat(500_000), requestId: 'q'.repeat(10_000), fields: Array.from({ length: 10_000 }, (_, i) => `f${i}`) },
    });
    expect(text.length).toBeLessThan(4096);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.fields).toHaveLength(CALL_BOUNDS.maxFields);
  });
});
