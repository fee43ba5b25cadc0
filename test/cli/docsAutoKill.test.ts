/**
 * Automatic download of tender documents survives `kill -9`: `tenderwb docs fetch --auto` killed while a document is half
 * received leaves the documents already stored whole, nothing under a final name that is not whole, and no row
 * for the half one; run again, it fetches only what is missing and ends with every file held and its bytes
 * whole (each stored file hashes to its name).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
import { openCache } from '../../src-main/cache/database';
import { documentStore } from '../../src-main/cache/documentStore';
import { markStore } from '../../src-main/cache/markStore';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { cliOnSandbox, filesUnder, waitFor, type CliHarness, type Json } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;
let server: Server;
let origin: string;
/** While true, /k/b sends half its bytes and then nothing. */
let hang = true;
let bStarted: () => void = () => undefined;
const bStartedOnce = new Promise<void>((r) => (bStarted = r));
const body = (name: string): Buffer => Buffer.alloc(64 * 1024, name);
const TENDER = 990_001;

beforeAll(async () => {
  ({ sb, cli } = await cliOnSandbox());
  server = createServer((req, res) => {
    const name = (req.url ?? '').slice(3);
    if (req.url === '/k/b' && hang) {
      res.writeHead(200, { 'content-length': String(64 * 1024) });
      res.write(body('b').subarray(0, 32 * 1024), () => bStarted());
      return; // and nothing more: the client waits inside the body
    }
    res.writeHead(200).end(body(name));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await sb?.close();
  cli?.cleanup();
});

describe('automatic download and kill -9', () => {
  it('a run killed mid-file keeps what it stored whole and half-stores nothing; the next run fetches only the rest', async () => {
    await cli.ok(['card', 'tender', '3']); // the profile's cache file exists from here
    const cacheFile = filesUnder(join(cli.dataDir, 'profiles')).find((f) => f.endsWith('cache.db'))!;
    const cache = openCache(cacheFile);
    try {
      const documents = ['a', 'b', 'c'].map((n, i) => ({ id: i + 1, name: `Документ ${n}`, url: `${origin}/k/${n}`, extension: 'pdf' }));
      cardStore(cache).saveCard({ kind: 'tender', id: TENDER, version: 1, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt: '2026-11-20T09:00:00Z', billed: false, card: { id: TENDER, version: 1, name: 'Закупка для kill -9', documents } });
      markStore(cache).apply({ tender_ids: [TENDER], add_tags: ['документы'] });
    } finally {
      cache.close();
    }
    const settings = join(cli.dataDir, 'settings.json');
    writeFileSync(settings, JSON.stringify({ ...(JSON.parse(readFileSync(settings, 'utf8')) as Json), documents: { autoDownload: { marked: true, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 } }));

    const { child, done } = cli.spawn(['--json', 'docs', 'fetch', '--auto'], { timeoutMs: 300_000 });
    let out = '';
    const aStored = new Promise<void>((resolve) => {
      child.stdout!.on('data', (c: string | Buffer) => {
        out += c.toString();
        if (out.includes('"document":"Документ a"')) resolve();
      });
    });
    await Promise.all([aStored, bStartedOnce]);
    const store = `${cacheFile}.documents`;
    // Killed once b's first bytes are in its temporary file: the moment a half file could be left behind.
    await waitFor(() => readdirSync(join(store, 'tmp')).find((n) => n.endsWith('.part') && statSync(join(store, 'tmp', n)).size > 0), 120_000, 'b half written');
    child.kill('SIGKILL');
    expect((await done).code).toBe(128 + 9);

    const finals = (): string[] => filesUnder(store).filter((f) => /[0-9a-f]{64}$/.test(f));
    const whole = (f: string): boolean => createHash('sha256').update(readFileSync(f)).digest('hex') === f.slice(-64);
    expect(finals().map((f) => f.slice(-64))).toContain(createHash('sha256').update(body('a')).digest('hex'));
    expect(finals().map((f) => f.slice(-64))).not.toContain(createHash('sha256').update(body('b')).digest('hex'));
    expect(finals().every(whole)).toBe(true);
    // The half of b is a temporary file (swept by a later run once stale), never a file under its hash.
    expect(readdirSync(join(store, 'tmp')).some((n) => n.endsWith('.part'))).toBe(true);
    const after = openCache(cacheFile);
    try {
      expect(documentStore(after).fetchOf(`${origin}/k/a`)).toMatchObject({ held: true });
      expect(documentStore(after).fetchOf(`${origin}/k/b`)).toBeUndefined();
    } finally {
      after.close();
    }

    hang = false;
    const again = await cli.ok(['--json', 'docs', 'fetch', '--auto']);
    const mine = again.lines.filter((l) => l.tender_id === TENDER);
    expect(mine.map((l) => [l.document, l.outcome])).toEqual([
      ['Документ a', 'held'],
      ['Документ b', 'new'],
      ['Документ c', 'new'],
    ]);
    expect(finals().every(whole)).toBe(true);
    expect(finals().map((f) => f.slice(-64))).toContain(createHash('sha256').update(body('b')).digest('hex'));
  }, 600_000);
});
