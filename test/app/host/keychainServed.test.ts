/**
 * The keychain lives in the host thread, once per process, and the core worker is served from there.
 *
 * keytar (libsecret) loaded in a second or third worker thread of one process re-registers GLib's types and
 * can hang; the core worker is started anew after a crash (and on a damaged cache), and the e2e suite starts
 * one per test in a single Playwright process. Here the real app core runs in the worker: its vault must reach
 * the keychain of THIS thread, whichever worker asks.
 *
 * The real-keychain test needs a Secret Service (CI: dbus-run-session with an unlocked gnome-keyring, see
 * test/vault/keychain-real.test.ts); without D-Bus it is skipped with the reason (and fails when CI is set).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { startCoreHost, type CoreHost, type CoreHostOptions } from '../../../src-main/app/host/coreHost';
import { KEYCHAIN_SERVICE, keytarBackend, VaultUnavailableError, type KeychainBackend } from '../../../src-main/vault/tokenVault';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The test's environment without TENDERWB_TOKEN, which would mask the keychain. */
const coreEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k !== 'TENDERWB_TOKEN' && v !== undefined));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'twb-keychain-host-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The real app core in a worker thread of this process. */
async function start(dataDir: string, overrides: Partial<CoreHostOptions> = {}): Promise<CoreHost> {
  const host = await startCoreHost({
    dataDir,
    sandbox: { kind: 'none' },
    platform: { mode: 'browser', openExternal: async () => false },
    version: '1',
    env: coreEnv(),
    ...overrides,
  });
  cleanups.push(() => host.close());
  return host;
}

const token = (): string => `tw_${randomBytes(24).toString('base64url')}`;
const baseUrl = 'http://127.0.0.1:9';

async function hasToken(host: CoreHost, name: string): Promise<boolean | undefined> {
  const r = await host.invoke('profiles.list', {});
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { name: string; hasToken: boolean }[]).find((p) => p.name === name)?.hasToken;
}

/** A keychain in this thread's memory, recording who called it. */
function memoryKeychain(): KeychainBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  };
}

function needsSecretService(ctx: TestContext): void {
  const bus = process.env['DBUS_SESSION_BUS_ADDRESS'];
  if (bus !== undefined && bus !== '') return;
  const why =
    "no D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset); run it as: dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && HOME=$(mktemp -d) npx vitest run test/app/host/keychainServed.test.ts'";
  if (process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false') throw new Error(`cannot run in CI: ${why}`);
  ctx.skip(`NOT RUNNABLE here: ${why}`);
}

describe('the keychain is served to the core worker by the host thread', () => {
  it("the core's vault stores in and reads from the host thread's keychain, from every new worker", async () => {
    const keychain = memoryKeychain();
    const dataDir = tempDir();
    const name = 'served-profile';
    const secret = token();

    const first = await start(dataDir, { keychain });
    const added = await first.invoke('profiles.add', { name, baseUrl, token: secret });
    expect(added, JSON.stringify(added)).toMatchObject({ ok: true, value: { name, hasToken: true } });
    expect([...keychain.entries]).toEqual([[`${KEYCHAIN_SERVICE}/${name}`, secret]]);
    await first.close();

    // A new worker has nothing in memory: what it knows of the token comes from this thread's keychain.
    const second = await start(dataDir, { keychain });
    expect(await hasToken(second, name)).toBe(true);
    expect(await second.invoke('profiles.remove', { name })).toMatchObject({ ok: true, value: { removed: true } });
    expect(keychain.entries.size).toBe(0);
  });

  it("the host keychain's failure reaches the user in plain words, in the user's language", async () => {
    const broken: KeychainBackend = {
      getPassword: async () => null,
      setPassword: async () => {
        throw new VaultUnavailableError('no_dbus', 'Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
      deletePassword: async () => false,
    };
    const host = await start(tempDir(), { keychain: broken });
    const secret = token();
    const r = await host.invoke('profiles.add', { name: 'no-keychain', baseUrl, token: secret });
    expect(r).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', message: expect.stringContaining('TENDERWB_TOKEN') } });
    expect((r as { error: { message: string } }).error.message).toContain('D-Bus');
    expect(JSON.stringify(r)).not.toContain(secret);
    // Nothing half-done: no profile without its token.
    const list = await host.invoke('profiles.list', {});
    expect(list).toMatchObject({ ok: true, value: [] });

    expect(await host.invoke('app.setLocale', { locale: 'en' })).toMatchObject({ ok: true });
    const en = await host.invoke('profiles.add', { name: 'no-keychain', baseUrl, token: secret });
    expect(en).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', message: expect.stringContaining('desktop session') } });
  });

  // Three core starts take a while on a loaded machine: more room than the default 30 s (no timing asserted).
  it('the real OS keychain, from three core threads started one after another in this process', { timeout: 120_000 }, async (ctx) => {
    needsSecretService(ctx);
    const dataDir = tempDir();
    const names = [1, 2, 3].map((n) => `vitest-served-${n}-${process.pid}-${randomBytes(4).toString('hex')}`);
    for (const name of names) cleanups.push(() => keytarBackend.deletePassword(KEYCHAIN_SERVICE, name).catch(() => false));
    const tokens = names.map(() => token());

    // Each thread stores a token of its own, reads the earlier threads' ones (nothing of them in its memory)
    // and closes; the last one replaces a token and removes a profile with its token.
    for (const [n, name] of names.entries()) {
      const host = await start(dataDir);
      const added = await host.invoke('profiles.add', { name, baseUrl, token: tokens[n] });
      expect(added, `thread ${n + 1}: ${JSON.stringify(added)}`).toMatchObject({ ok: true, value: { name, hasToken: true } });
      for (const earlier of names.slice(0, n)) expect(await hasToken(host, earlier), `thread ${n + 1} reads ${earlier}`).toBe(true);
      if (n === names.length - 1) {
        const replaced = token();
        expect(await host.invoke('profiles.setToken', { name: names[0], token: replaced })).toMatchObject({ ok: true, value: { hasToken: true } });
        expect(await host.invoke('profiles.remove', { name: names[1] })).toMatchObject({ ok: true, value: { removed: true } });
        tokens[0] = replaced;
      }
      await host.close();
    }

    // Where the app's keychain is: under the documented service and accounts, in this process's keychain.
    expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, names[0]!)).toBe(tokens[0]);
    expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, names[1]!)).toBeNull();
    expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, names[2]!)).toBe(tokens[2]);
  });
});
