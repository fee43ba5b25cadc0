import { describe, expect, it } from 'vitest';
import {
  classifyKeychainError,
  InvalidTokenError,
  KEYCHAIN_SERVICE,
  type KeychainBackend,
  normalizeToken,
  TokenVault,
  VaultUnavailableError,
} from '../../src-main/vault/tokenVault';

/** An in-memory keychain that records every call. */
class FakeKeychain implements KeychainBackend {
  readonly store = new Map<string, string>();
  readonly calls: string[] = [];
  async getPassword(service: string, account: string): Promise<string | null> {
    this.calls.push(`get ${service}/${account}`);
    return this.store.get(`${service}/${account}`) ?? null;
  }
  async setPassword(service: string, account: string, password: string): Promise<void> {
    this.calls.push(`set ${service}/${account}`);
    this.store.set(`${service}/${account}`, password);
  }
  async deletePassword(service: string, account: string): Promise<boolean> {
    this.calls.push(`delete ${service}/${account}`);
    return this.store.delete(`${service}/${account}`);
  }
}

/** A keychain whose every call fails the way keytar does, with `message`. */
function failingKeychain(message: string): KeychainBackend {
  const fail = async (): Promise<never> => {
    throw new Error(message);
  };
  return { getPassword: fail, setPassword: fail, deletePassword: fail };
}

const TOKEN = 'tw_live_9f8A7b6C5d4E3f2G1h0IjKlMnOpQrStUv';
const KEYTAR_NO_DBUS = 'Cannot autolaunch D-Bus without X11 $DISPLAY';

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

describe('TokenVault with a keychain backend', () => {
  it('keeps the token under service tender-workbench, account = profile name, and caches it in memory', async () => {
    const keychain = new FakeKeychain();
    const vault = new TokenVault({ env: {}, keychain });
    await vault.set('work', TOKEN);
    expect(keychain.store.get(`${KEYCHAIN_SERVICE}/work`)).toBe(TOKEN);
    expect(await vault.get('work')).toBe(TOKEN);
    expect(await vault.has('work')).toBe(true);
    expect(keychain.calls).toEqual(['set tender-workbench/work']); // the read came from memory

    expect(await new TokenVault({ env: {}, keychain }).get('work')).toBe(TOKEN);
    expect(await vault.get('other')).toBeNull();
    expect(await vault.has('other')).toBe(false);

    expect(await vault.remove('work')).toBe(true);
    expect(await vault.get('work')).toBeNull();
    expect(await vault.remove('work')).toBe(false);
  });

  it('drops surrounding whitespace of a pasted token and validates its shape without assuming a prefix', async () => {
    const keychain = new FakeKeychain();
    const vault = new TokenVault({ env: {}, keychain });
    await vault.set('work', `  ${TOKEN}\n`);
    expect(keychain.store.get(`${KEYCHAIN_SERVICE}/work`)).toBe(TOKEN);

    expect(normalizeToken('abc')).toBe('abc');
    expect(normalizeToken('x'.repeat(512))).toHaveLength(512);
    for (const bad of ['', '   ', 'two words', 'tab\there', 'x'.repeat(513), 'nul\u0000byte']) {
      await expect(vault.set('work', bad)).rejects.toBeInstanceOf(InvalidTokenError);
    }
    expect(keychain.calls).toEqual(['set tender-workbench/work']);
  });

  it('refuses profile names that are not profile names (the account is the profile name)', async () => {
    const vault = new TokenVault({ env: {}, keychain: new FakeKeychain() });
    await expect(vault.set('../x', TOKEN)).rejects.toThrow(/profile name/);
    await expect(vault.get('')).rejects.toThrow(/profile name/);
  });
});

describe('TENDERWB_TOKEN overrides the keychain for headless use', () => {
  it('returns the variable for every profile without touching the keychain', async () => {
    const keychain = new FakeKeychain();
    keychain.store.set(`${KEYCHAIN_SERVICE}/work`, 'stored-token');
    const vault = new TokenVault({ env: { TENDERWB_TOKEN: `${TOKEN}\n` }, keychain });
    expect(await vault.get('work')).toBe(TOKEN);
    expect(await vault.get('never-saved')).toBe(TOKEN);
    expect(await vault.source('work')).toBe('env');
    expect(await vault.has('never-saved')).toBe(true);
    expect(vault.envOverrideActive()).toBe(true);
    expect(keychain.calls).toEqual([]);
  });

  it('works with no keychain at all (no D-Bus): the override is the way out', async () => {
    const vault = new TokenVault({ env: { TENDERWB_TOKEN: TOKEN }, keychain: failingKeychain(KEYTAR_NO_DBUS) });
    expect(await vault.get('work')).toBe(TOKEN);
  });

  it('ignores an empty variable and rejects a malformed one without echoing it', async () => {
    const keychain = new FakeKeychain();
    keychain.store.set(`${KEYCHAIN_SERVICE}/work`, 'stored-token');
    expect(await new TokenVault({ env: { TENDERWB_TOKEN: '' }, keychain }).get('work')).toBe('stored-token');

    const error = await caught(new TokenVault({ env: { TENDERWB_TOKEN: 'secret with-space' }, keychain }).get('work'));
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect(error.message).toContain('TENDERWB_TOKEN');
    expect(error.message).not.toContain('secret');
  });
});

describe('keychain errors are told in plain words (TOOLCHAIN.md: no D-Bus)', () => {
  it('translates keytar\'s "Cannot autolaunch D-Bus without X11 $DISPLAY" into Russian and English with the way out', async () => {
    const vault = new TokenVault({ env: {}, keychain: failingKeychain(KEYTAR_NO_DBUS) });
    for (const attempt of [vault.get('work'), vault.set('work', TOKEN), vault.remove('work')]) {
      const error = await caught(attempt);
      expect(error).toBeInstanceOf(VaultUnavailableError);
      const vaultError = error as VaultUnavailableError;
      expect(vaultError.reason).toBe('no_dbus');
      expect(vaultError.code).toBe('vault_unavailable');
      expect(vaultError.messageRu).toBe(
        'Системное хранилище паролей недоступно (нет D-Bus / Secret Service). Запустите приложение в графическом сеансе или передайте токен через переменную TENDERWB_TOKEN.',
      );
      expect(vaultError.messageEn).toMatch(/keychain is unavailable.*TENDERWB_TOKEN/);
      expect(vaultError.message).toBe(`${vaultError.messageRu}\n${vaultError.messageEn}`);
      expect(vaultError.message).not.toContain('X11');
      expect(vaultError.detail).toBe(KEYTAR_NO_DBUS);
    }
  });

  it('recognises the other ways a Linux keychain is missing, locked or broken', () => {
    expect(classifyKeychainError('Could not connect: No such file or directory')).toBe('no_dbus');
    expect(
      classifyKeychainError('GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files'),
    ).toBe('no_secret_service');
    // What gnome-keyring answers when the login keyring does not exist and no prompt can be shown.
    expect(classifyKeychainError('Object does not exist at path “/org/freedesktop/secrets/collection/login”')).toBe('keyring_locked');
    expect(classifyKeychainError('Cannot create an item in a locked collection')).toBe('keyring_locked');
    expect(classifyKeychainError('something else entirely')).toBe('keychain_failed');
  });

  it('gives up on a keychain that never answers (a prompt nobody can see)', async () => {
    const hanging: KeychainBackend = {
      getPassword: () => new Promise(() => undefined),
      setPassword: () => new Promise(() => undefined),
      deletePassword: () => new Promise(() => undefined),
    };
    const error = await caught(new TokenVault({ env: {}, keychain: hanging, timeoutMs: 50 }).get('work'));
    expect(error).toBeInstanceOf(VaultUnavailableError);
    expect((error as VaultUnavailableError).reason).toBe('keychain_timeout');
  });
});

describe('the token never appears in an error message', () => {
  it('scrubs a backend error that echoes the token, in message, detail and string form', async () => {
    const echoing: KeychainBackend = {
      getPassword: async () => null,
      setPassword: async (_service, _account, password) => {
        throw new Error(`libsecret: failed to store "${password}" (locked collection)`);
      },
      deletePassword: async () => false,
    };
    const error = await caught(new TokenVault({ env: {}, keychain: echoing }).set('work', `${TOKEN}\n`));
    expect(error).toBeInstanceOf(VaultUnavailableError);
    const everything = [error.message, (error as VaultUnavailableError).detail, String(error), JSON.stringify(error), error.stack ?? ''];
    for (const text of everything) expect(text).not.toContain(TOKEN);
    expect((error as VaultUnavailableError).reason).toBe('keyring_locked');
  });

  it('describes a malformed token without quoting any of it', async () => {
    const vault = new TokenVault({ env: {}, keychain: new FakeKeychain() });
    const long = `${TOKEN}${'Z'.repeat(600)}`;
    const spaced = `${TOKEN} ${TOKEN}`;
    for (const bad of [long, spaced]) {
      const error = await caught(vault.set('work', bad));
      expect(error).toBeInstanceOf(InvalidTokenError);
      expect(error.message).not.toContain(TOKEN.slice(0, 8));
      expect(error.message).toMatch(/Недопустимый токен API[\s\S]*Invalid API token/);
    }
  });

  it('does not leak a stored token that is malformed', async () => {
    const keychain = new FakeKeychain();
    keychain.store.set(`${KEYCHAIN_SERVICE}/work`, `${TOKEN} trailing`);
    const error = await caught(new TokenVault({ env: {}, keychain }).get('work'));
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect(error.message).not.toContain(TOKEN);
  });
});
