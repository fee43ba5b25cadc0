/**
 * Tender documents, "the client downloads and keeps them": a document download against hostile servers (an endless
 * body, a declared huge length, a trickle, a redirect to file: and data:, a 0-byte file, a URL with a password)
 * stores nothing and says why; no credentials reach a document host; the same bytes are stored once; a
 * `kill -9` during a download leaves no file under a final name, only a temporary one the next sweep removes.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BlobStore } from '../../src-main/docfiles/blobStore';
import { downloadDocument } from '../../src-main/docfiles/download';

type Handler = (path: string, res: ServerResponse, headers: IncomingHttpHeaders) => void;
let server: Server;
let origin: string;
const routes = new Map<string, Handler>();
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
const timers: NodeJS.Timeout[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, headers: req.headers });
    const h = routes.get(path);
    if (!h) return void res.writeHead(404).end();
    h(path, res, req.headers);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const dirs: string[] = [];
const newStore = (): BlobStore => {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-blobs-'));
  dirs.push(dir);
  return new BlobStore(dir);
};
/** Every final file of a store (its two-letter folders), not the temporary ones. */
const finals = (s: BlobStore): string[] => readdirSync(s.dir).filter((d) => d !== 'tmp').flatMap((d) => readdirSync(join(s.dir, d)));
afterEach(() => {
  for (const t of timers.splice(0)) clearInterval(t);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n% a small document\n%%EOF\n');

describe('hostile document servers', () => {
  it('an endless body is cut at the cap and nothing is kept', async () => {
    routes.set('/endless', (_p, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(64 * 1024, 65);
      const t = setInterval(() => res.write(chunk), 1);
      timers.push(t);
      res.on('close', () => clearInterval(t));
    });
    const store = newStore();
    const r = await downloadDocument(`${origin}/endless`, store, { maxBytes: 1024 * 1024, deadlineMs: 60_000 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe('too_large');
      expect(r.reason.ru).toMatch(/файл больше 1 МБ/);
    }
    expect(finals(store)).toEqual([]);
    expect(store.temporaryFiles()).toEqual([]);
  });

  it('a declared length over the cap is refused before the body is read', async () => {
    routes.set('/huge', (_p, res) => {
      res.writeHead(200, { 'content-length': String(500 * 1024 * 1024) });
      res.write(Buffer.alloc(10));
    });
    const store = newStore();
    const r = await downloadDocument(`${origin}/huge`, store, { maxBytes: 1024 * 1024 });
    expect(r.ok ? null : r.code).toBe('too_large');
    expect(store.temporaryFiles()).toEqual([]);
  });

  it('a trickle that never ends is stopped by the deadline over the whole exchange', async () => {
    routes.set('/trickle', (_p, res) => {
      res.writeHead(200);
      const t = setInterval(() => res.write('x'), 20);
      timers.push(t);
      res.on('close', () => clearInterval(t));
    });
    const store = newStore();
    const r = await downloadDocument(`${origin}/trickle`, store, { deadlineMs: 400, bodyTimeoutMs: 10_000 });
    expect(r.ok ? null : r.code).toBe('timeout');
    expect(finals(store)).toEqual([]);
    expect(store.temporaryFiles()).toEqual([]);
  });

  it('a redirect to file:, data: or ftp: is refused; to http on the same host is followed', async () => {
    routes.set('/to-file', (_p, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    routes.set('/to-data', (_p, res) => res.writeHead(301, { location: 'data:text/plain,hello' }).end());
    routes.set('/to-ftp', (_p, res) => res.writeHead(307, { location: 'ftp://127.0.0.1/x' }).end());
    routes.set('/to-pdf', (_p, res) => res.writeHead(302, { location: '/pdf' }).end());
    routes.set('/pdf', (_p, res) => res.writeHead(200, { 'content-length': String(PDF.length) }).end(PDF));
    const store = newStore();
    for (const path of ['/to-file', '/to-data', '/to-ftp']) {
      const r = await downloadDocument(`${origin}${path}`, store);
      expect(r.ok ? null : r.code, path).toBe('bad_scheme');
    }
    const followed = await downloadDocument(`${origin}/to-pdf`, store);
    expect(followed.ok && followed.finalUrl).toBe(`${origin}/pdf`);
  });

  it('a 0-byte file is a failure, not a document', async () => {
    routes.set('/empty', (_p, res) => res.writeHead(200, { 'content-length': '0' }).end());
    const store = newStore();
    const r = await downloadDocument(`${origin}/empty`, store);
    expect(r.ok ? null : r.code).toBe('empty');
    expect(finals(store)).toEqual([]);
  });

  it('no credentials reach a document host: no Authorization, no cookie; a URL with a password is not asked for', async () => {
    routes.set('/pdf', (_p, res) => res.writeHead(200).end(PDF));
    seen.length = 0;
    const store = newStore();
    expect((await downloadDocument(`${origin}/pdf`, store)).ok).toBe(true);
    const headers = seen.at(-1)!.headers;
    expect(Object.keys(headers).sort()).toEqual(['accept', 'connection', 'host', 'user-agent'].filter((k) => k in headers).sort());
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    seen.length = 0;
    const withPassword = await downloadDocument(origin.replace('http://', 'http://user:secret@') + '/pdf', store);
    expect(withPassword.ok ? null : withPassword.code).toBe('credentials_in_url');
    expect(seen).toEqual([]);
  });

  it('the same bytes under two URLs are stored once, under their sha256', async () => {
    routes.set('/a.pdf', (_p, res) => res.writeHead(200).end(PDF));
    routes.set('/b.pdf', (_p, res) => res.writeHead(200).end(PDF));
    const store = newStore();
    const a = await downloadDocument(`${origin}/a.pdf`, store);
    const b = await downloadDocument(`${origin}/b.pdf`, store);
    const sha = createHash('sha256').update(PDF).digest('hex');
    expect(a.ok && [a.sha256, a.fresh]).toEqual([sha, true]);
    expect(b.ok && [b.sha256, b.fresh]).toEqual([sha, false]);
    expect(finals(store)).toEqual([sha]);
    expect(readFileSync(store.pathOf(sha)).equals(PDF)).toBe(true);
  });
});

describe('kill -9 during a download', () => {
  it('leaves no file under a final name; the temporary file is swept at the next open', async () => {
    let sent = 0;
    let resolveHalf!: () => void;
    const half = new Promise<void>((r) => (resolveHalf = r));
    routes.set('/stalls', (_p, res) => {
      res.writeHead(200, { 'content-length': String(4 * 1024 * 1024) });
      res.write(Buffer.alloc(1024 * 1024, 66), () => {
        sent += 1024 * 1024;
        resolveHalf();
      });
      // ...and the rest never comes while the downloader lives.
    });
    const store = newStore();
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'downloadOnce.ts'), `${origin}/stalls`, store.dir], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, s) => r(s)));
    await half;
    // The child has the first megabyte once its temporary file holds bytes.
    for (let i = 0; i < 2000 && !store.temporaryFiles().some((f) => readFileSync(join(store.tmpDir, f)).length > 0); i++) await new Promise((r) => setTimeout(r, 10));
    expect(sent).toBeGreaterThan(0);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(finals(store)).toEqual([]);
    expect(store.temporaryFiles()).toHaveLength(1);
    expect(new BlobStore(store.dir).sweep(0)).toBe(1);
    expect(store.temporaryFiles()).toEqual([]);
    expect(existsSync(store.dir)).toBe(true);
  });
});
