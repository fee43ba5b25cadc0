/**
 * The native modules work inside the core worker thread: better-sqlite3 (the real cache: WAL, FTS5) loads its
 * Node-API prebuild there as in any thread (test/shell/native-addons.test.ts: the same file serves Electron);
 * the keychain (keytar) is served to it by the host thread and never loaded in the worker.
 *
 * The keychain round trip needs a Secret Service (CI runs the tests under dbus-run-session with an unlocked
 * gnome-keyring, see test/vault/keychain-real.test.ts); without D-Bus it is skipped with the reason.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startCoreHost, type CoreHost, type CoreHostOptions } from '../../../src-main/app/host/coreHost';

const nativeCore = pathToFileURL(join(import.meta.dirname, 'nativeCore.ts'));
/** The prebuild better-sqlite3's own loader picks for this platform (lib/binding.js). */
const sqlitePrebuild = (): string | null => {
  const packageJson = createRequire(import.meta.url).resolve('better-sqlite3/package.json');
  return (createRequire(packageJson)('./lib/binding.js') as { getPrebuildPath(): string | null }).getPrebuildPath();
};
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(overrides: Partial<CoreHostOptions> = {}): Promise<CoreHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'twb-native-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const host = await startCoreHost({
    dataDir,
    sandbox: { kind: 'none' },
    platform: { mode: 'browser', openExternal: async () => false },
    version: '1',
    coreModule: nativeCore,
    ...overrides,
  });
  cleanups.push(() => host.close());
  return host;
}

const cacheFacts = async (host: CoreHost) => {
  const r = await host.invoke('cache.info', {});
  if (!r.ok) throw new Error(r.error.message);
  return JSON.parse((r.value as { path: string }).path) as { threadId: number; sqlite: string; fts5: number; journal: string; addons: string[] };
};

describe('native modules inside the core worker', () => {
  it('better-sqlite3 opens the real cache in the worker thread (WAL, FTS5) with its prebuild', async () => {
    const facts = await cacheFacts(await start());
    expect(facts.threadId).toBeGreaterThan(0);
    expect(facts.fts5).toBe(1);
    expect(facts.journal).toBe('wal');
    if (process.platform === 'linux') expect(facts.addons).toEqual([sqlitePrebuild()]);
  });

  it('keytar stores and reads a token through the real Secret Service for the worker, without loading in it', async (ctx) => {
    const bus = process.env['DBUS_SESSION_BUS_ADDRESS'];
    if (bus === undefined || bus === '') {
      const why = 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset); see test/vault/keychain-real.test.ts for how to run it';
      if (process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false') throw new Error(`cannot run in CI: ${why}`);
      ctx.skip(`NOT RUNNABLE here: ${why}`);
    }
    const profile = `vitest-worker-${process.pid}-${randomBytes(4).toString('hex')}`;
    const host = await start();
    const r = await host.invoke('profiles.setToken', { name: profile, token: `tw_${randomBytes(24).toString('base64url')}` });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const name = (r as { value: { name: string } }).value.name;
    expect(name).toMatch(/^[1-9]\d*:same$/);
    // libsecret loaded in a second thread of a process re-registers GLib's types and can hang.
    const loaded = await host.invoke('tokens.list', {});
    expect(loaded).toMatchObject({ ok: true, value: [{ name: 'keytar not loaded here' }] });
  });
});
