/**
 * Browser mode's loopback server (src-main/web/server.ts) with a fake core host: the per-run secret, Host and
 * Origin checks, body limits, the contract's method names, one-time downloads, the event stream and the
 * static renderer with its headers. Plain HTTP requests (node:http, so Host and Origin can be forged).
 */
import { mkdtemp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, IpcResponse } from '../../src-main/contract/ipc';
import { contentSecurityPolicyHeader } from '../../src-main/contract/windowOptions';
import { contentDisposition, newSecret, secretMatches, SECRET_HEADER, startWebServer, type BridgeHost, type WebServer } from '../../src-main/web/server';

class FakeHost implements BridgeHost {
  calls: { name: string; args: unknown }[] = [];
  listeners = new Set<(event: EventName, payload: unknown) => void>();
  answer: (name: string, args: unknown) => Promise<IpcResponse<unknown>> = (name, args) => Promise.resolve({ ok: true, value: { name, args } });
  invoke(name: string, args: unknown): Promise<IpcResponse<unknown>> {
    this.calls.push({ name, args });
    return this.answer(name, args);
  }
  on(listener: (event: EventName, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: EventName, payload: unknown): void {
    for (const l of this.listeners) l(event, payload);
  }
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: unknown };

function raw(port: number, method: string, urlPath: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: urlPath, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

let dir: string;
let host: FakeHost;
let web: WebServer;
let secret: string;

const invoke = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  raw(web.port, 'POST', `/bridge/invoke/${name}`, { 'content-type': 'application/json', [SECRET_HEADER]: secret, ...headers }, JSON.stringify(body));

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'twb-web-'));
  await mkdir(path.join(dir, 'renderer', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(path.join(dir, 'renderer', 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the renderer');
  host = new FakeHost();
  secret = newSecret();
  web = await startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret, maxBodyBytes: 4096, keepAliveMs: 50 });
});

afterEach(async () => {
  await web.close();
  await rm(dir, { recursive: true, force: true });
});

describe('address and secret', () => {
  it('listens on 127.0.0.1 and puts the secret only in the fragment', () => {
    expect(web.origin).toBe(`http://127.0.0.1:${web.port}`);
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/#k=${secret}`);
    expect(new URL(web.url).search).toBe('');
  });

  it('makes a fresh 32-byte secret per run', () => {
    const a = newSecret();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newSecret()).not.toBe(a);
  });

  it('compares secrets exactly', () => {
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(secret.slice(0, -1), secret)).toBe(false);
    expect(secretMatches(secret + 'x', secret)).toBe(false);
    expect(secretMatches('', secret)).toBe(false);
    expect(secretMatches(undefined, secret)).toBe(false);
  });

  it('calls the core with the secret and answers its envelope', async () => {
    const r = await invoke('app.info', {});
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true, value: { name: 'app.info', args: {} } });
    expect(r.headers['cache-control']).toBe('no-store');
    expect(host.calls).toEqual([{ name: 'app.info', args: {} }]);
  });

  it('passes an empty body as no arguments', async () => {
    const r = await raw(web.port, 'POST', '/bridge/invoke/profiles.list', { 'content-type': 'application/json', [SECRET_HEADER]: secret });
    expect(r.status).toBe(200);
    expect(host.calls).toEqual([{ name: 'profiles.list', args: undefined }]);
  });

  it('refuses bridge calls without the secret or with a wrong one, before the core sees them', async () => {
    for (const headers of [{}, { [SECRET_HEADER]: '' }, { [SECRET_HEADER]: newSecret() }, { [SECRET_HEADER]: secret.slice(1) }] as Record<string, string>[]) {
      const r = await raw(web.port, 'POST', '/bridge/invoke/app.info', { 'content-type': 'application/json', ...headers }, '{}');
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
      expect(r.text).not.toContain(secret);
    }
    const events = await raw(web.port, 'GET', '/bridge/events', { [SECRET_HEADER]: 'wrong' });
    expect(events.status).toBe(401);
    expect(host.calls).toEqual([]);
    expect(host.listeners.size).toBe(0);
  });

  it('does not take the secret from a query string or a cookie', async () => {
    const q = await raw(web.port, 'POST', `/bridge/invoke/app.info?k=${secret}`, { 'content-type': 'application/json' }, '{}');
    expect(q.status).toBe(401);
    const c = await raw(web.port, 'POST', '/bridge/invoke/app.info', { 'content-type': 'application/json', cookie: `k=${secret}` }, '{}');
    expect(c.status).toBe(401);
  });
});

describe('Host and Origin (DNS rebinding, CSRF)', () => {
  it('accepts 127.0.0.1:PORT and localhost:PORT as Host', async () => {
    expect((await invoke('app.info', {}, { host: `localhost:${web.port}` })).status).toBe(200);
    expect((await invoke('app.info', {}, { host: `LOCALHOST:${web.port}` })).status).toBe(200);
  });

  it('refuses any other Host, even with the right secret, on every route', async () => {
    for (const h of ['evil.example', `evil.example:${web.port}`, '127.0.0.1', `127.0.0.1:${web.port + 1}`, `[::1]:${web.port}`, `0.0.0.0:${web.port}`]) {
      const r = await invoke('app.info', {}, { host: h });
      expect(r.status, h).toBe(403);
      const page = await raw(web.port, 'GET', '/', { host: h });
      expect(page.status, h).toBe(403);
    }
    expect(host.calls).toEqual([]);
  });

  it('refuses a foreign Origin and cross-site fetches, even with the right secret', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${web.port + 1}`, `https://127.0.0.1:${web.port}`, 'null']) {
      const r = await invoke('app.info', {}, { origin });
      expect(r.status, origin).toBe(403);
    }
    expect((await invoke('app.info', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await invoke('app.info', {}, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect(host.calls).toEqual([]);
    expect((await invoke('app.info', {}, { origin: web.origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await invoke('app.info', {}, { origin: `http://localhost:${web.port}` })).status).toBe(200);
  });

  it('answers only JSON bodies (no form posts) and only POST', async () => {
    const form = await raw(web.port, 'POST', '/bridge/invoke/app.info', { 'content-type': 'text/plain', [SECRET_HEADER]: secret }, '{}');
    expect(form.status).toBe(415);
    const get = await raw(web.port, 'GET', '/bridge/invoke/app.info', { [SECRET_HEADER]: secret });
    expect(get.status).toBe(405);
    const options = await raw(web.port, 'OPTIONS', '/bridge/invoke/app.info', { origin: 'http://evil.example' });
    expect(options.status).toBe(403);
    expect(options.headers['access-control-allow-origin']).toBeUndefined();
    expect(host.calls).toEqual([]);
  });
});

describe('input', () => {
  it('answers invalid_input for an unknown method without calling the core', async () => {
    for (const name of ['nope', 'constructor', '__proto__', 'app.info.x', encodeURIComponent('../app.info')]) {
      const r = await invoke(name, {});
      expect(r.status, name).toBe(404);
      expect(r.json, name).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(host.calls).toEqual([]);
  });

  it('answers invalid_input for a body that is not JSON', async () => {
    const r = await raw(web.port, 'POST', '/bridge/invoke/app.info', { 'content-type': 'application/json', [SECRET_HEADER]: secret }, '{nope');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(5000) });
    const declared = await invoke('search.offline', JSON.parse(big));
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: web.port,
          method: 'POST',
          path: '/bridge/invoke/search.offline',
          headers: { host: `127.0.0.1:${web.port}`, 'content-type': 'application/json', [SECRET_HEADER]: secret, 'transfer-encoding': 'chunked' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write('x'.repeat(1000));
      req.end();
    });
    expect(chunked).toBe(413);
    expect(host.calls).toEqual([]);
  });

  it('turns a core that throws into an internal error without details', async () => {
    host.answer = () => Promise.reject(new Error('secret path /home/user/x'));
    const r = await invoke('app.info', {});
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: false, error: { code: 'internal', message: expect.any(String) } });
    expect(r.text).not.toContain('/home/user');
  });
});

describe('static renderer', () => {
  it('serves index.html with the CSP and strict headers, never cached', async () => {
    const r = await raw(web.port, 'GET', '/');
    expect(r.status).toBe(200);
    expect(r.text).toContain('<title>t</title>');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe(contentSecurityPolicyHeader);
    // Framing is refused by the header: the meta tag cannot.
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cache-control']).toBe('no-store');
    expect((await raw(web.port, 'GET', '/index.html')).headers['cache-control']).toBe('no-store');
  });

  it('serves hashed assets with their type', async () => {
    const r = await raw(web.port, 'GET', '/assets/index-abc.js');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves anything outside the renderer directory', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/nope.js', '/assets/']) {
      const r = await raw(web.port, 'GET', p);
      expect(r.status, p).not.toBe(200);
      expect(r.text, p).not.toContain('outside the renderer');
    }
  });

  it('answers only GET and HEAD for files', async () => {
    expect((await raw(web.port, 'POST', '/', {}, '')).status).toBe(405);
    expect((await raw(web.port, 'HEAD', '/')).status).toBe(200);
  });
});

describe('downloads', () => {
  it('serves a published file once, with its name, then forgets it', async () => {
    const file = path.join(dir, 'export.csv');
    await writeFile(file, '\ufeffid;name\r\n1;Поставка\r\n');
    const url = await web.publishDownload(file, 'Список «ИТ» 2025.csv');
    expect(url).toMatch(/^\/download\/[A-Za-z0-9_-]{32,}$/);
    const first = await raw(web.port, 'GET', url);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Поставка');
    expect(first.headers['content-disposition']).toBe(contentDisposition('Список «ИТ» 2025.csv'));
    expect(first.headers['content-disposition']).toContain("filename*=UTF-8''%D0%A1%D0%BF%D0%B8%D1%81%D0%BE%D0%BA");
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await raw(web.port, 'GET', url);
    expect(second.status).toBe(404);
    // Not asked to remove it: the file stays where the core put it.
    await expect(stat(file)).resolves.toBeTruthy();
  });

  it('removes a served or expired file when asked to', async () => {
    await web.close();
    web = await startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret, removeServedFiles: true, downloadTtlMs: 50 });
    const served = path.join(dir, 'served.csv');
    const expired = path.join(dir, 'expired.csv');
    await writeFile(served, 's');
    await writeFile(expired, 'e');
    const url = await web.publishDownload(served, 'served.csv');
    await web.publishDownload(expired, 'expired.csv');
    expect((await raw(web.port, 'GET', url)).text).toBe('s');
    await expect.poll(() => stat(served).then(() => true, () => false)).toBe(false);
    await expect.poll(() => stat(expired).then(() => true, () => false)).toBe(false);
  });

  it('refuses unknown ids and a wrong Host', async () => {
    expect((await raw(web.port, 'GET', '/download/nope')).status).toBe(404);
    const file = path.join(dir, 'a.csv');
    await writeFile(file, 'a');
    const url = await web.publishDownload(file, 'a.csv');
    expect((await raw(web.port, 'GET', url, { host: 'evil.example' })).status).toBe(403);
    // The refused request did not use up the download.
    expect((await raw(web.port, 'GET', url)).status).toBe(200);
  });

  it('forgets a download nobody fetched in time', async () => {
    await web.close();
    web = await startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret, downloadTtlMs: 20 });
    const file = path.join(dir, 'b.csv');
    await writeFile(file, 'b');
    const url = await web.publishDownload(file, 'b.csv');
    await new Promise((r) => setTimeout(r, 60));
    expect((await raw(web.port, 'GET', url)).status).toBe(404);
  });

  it('quotes awkward file names safely', () => {
    expect(contentDisposition('a"b\\c.csv')).toBe(`attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`);
    expect(contentDisposition("it's (1).csv")).toContain("filename*=UTF-8''it%27s%20%281%29.csv");
  });
});

describe('event stream', () => {
  it('streams the core events as JSON lines until the client goes away', async () => {
    const lines: unknown[] = [];
    const ac = new AbortController();
    const response = await fetch(`${web.origin}/bridge/events`, { headers: { [SECRET_HEADER]: secret }, signal: ac.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    await expect.poll(() => host.listeners.size).toBe(1);
    host.emit('app.status', { online: false, pendingEdits: 2 });
    host.emit('feed.updated', { filterId: 'flt_1', created: 3, updated: 0 });
    let buffer = '';
    while (lines.length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const p of parts) if (p.trim() !== '') lines.push(JSON.parse(p));
    }
    expect(lines).toEqual([
      { event: 'app.status', payload: { online: false, pendingEdits: 2 } },
      { event: 'feed.updated', payload: { filterId: 'flt_1', created: 3, updated: 0 } },
    ]);
    ac.abort();
    await expect.poll(() => host.listeners.size).toBe(0);
  });

  it('limits how many streams are open at once', async () => {
    await web.close();
    web = await startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret, maxEventStreams: 1 });
    const ac = new AbortController();
    const first = await fetch(`${web.origin}/bridge/events`, { headers: { [SECRET_HEADER]: secret }, signal: ac.signal });
    expect(first.status).toBe(200);
    const second = await raw(web.port, 'GET', '/bridge/events', { [SECRET_HEADER]: secret });
    expect(second.status).toBe(429);
    ac.abort();
  });

  it('ends open streams on close', async () => {
    const response = await fetch(`${web.origin}/bridge/events`, { headers: { [SECRET_HEADER]: secret } });
    const reader = response.body!.getReader();
    await reader.read();
    await web.close();
    let done = false;
    for (let i = 0; i < 10 && !done; i++) done = (await reader.read().catch(() => ({ done: true }))).done;
    expect(done).toBe(true);
    web = await startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret });
  });
});

describe('start', () => {
  it('refuses to start without a built renderer, with a hint', async () => {
    await expect(startWebServer({ host, rendererDir: path.join(dir, 'missing') })).rejects.toThrow(/electron-vite build/);
  });

  it('refuses a short secret', async () => {
    await expect(startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret: 'short' })).rejects.toThrow(/secret/);
  });
});
