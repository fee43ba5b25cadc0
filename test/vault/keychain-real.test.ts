/**
 * The token round trip through a real Secret Service (gnome-keyring over D-Bus), with keytar as the app uses it.
 *
 * CI runs every test under `dbus-run-session` with an unlocked gnome-keyring (.ci/run). By hand:
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null &&
 *     HOME=$(mktemp -d) npx vitest run test/vault'
 * Without a D-Bus session this test FAILS when CI is set (the keychain would otherwise go untested without
 * anyone noticing) and is reported as skipped, with the reason, on a developer's machine.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, keytarBackend, TokenVault } from '../../src-main/vault/tokenVault';

const HOW_TO_RUN =
  "run it as: dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && HOME=$(mktemp -d) npx vitest run test/vault'";

describe('token vault against the real OS keychain (keytar + Secret Service)', () => {
  it('stores, reads back from a fresh vault, and removes a token under service tender-workbench', async (ctx) => {
    const bus = process.env.DBUS_SESSION_BUS_ADDRESS;
    if (bus === undefined || bus === '') {
      const why = `no D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset), so there is no Secret Service to test against; ${HOW_TO_RUN}`;
      if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') {
        throw new Error(`The real-keychain test cannot run in CI: ${why}`);
      }
      ctx.skip(`NOT RUNNABLE here: ${why}`);
    }

    // A unique account, so a developer's real profiles are never touched; removed again below.
    const profile = `vitest-${process.pid}-${randomBytes(4).toString('hex')}`;
    const token = `tw_${randomBytes(24).toString('base64url')}`;
    // No env override: TENDERWB_TOKEN in the test's own environment must not mask the keychain.
    const vault = new TokenVault({ env: {} });
    try {
      expect(await vault.get(profile)).toBeNull();
      await vault.set(profile, token);

      // A second vault has nothing in memory: this read goes to the Secret Service.
      const fresh = new TokenVault({ env: {} });
      expect(await fresh.get(profile)).toBe(token);
      expect(await fresh.source(profile)).toBe('keychain');
      // And it is there under the documented service/account, for any other client of the keychain.
      expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, profile)).toBe(token);

      expect(await fresh.remove(profile)).toBe(true);
      expect(await new TokenVault({ env: {} }).get(profile)).toBeNull();
      expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, profile)).toBeNull();
      expect(await fresh.remove(profile)).toBe(false);
    } finally {
      await keytarBackend.deletePassword(KEYCHAIN_SERVICE, profile).catch(() => false);
    }
  });
});
