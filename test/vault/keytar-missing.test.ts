import { describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0 }));

// keytar as it behaves when its native part is missing or built for another ABI: loading it throws.
vi.mock('keytar', () => {
  loads.count += 1;
  throw new Error('Cannot find module ../build/Release/keytar.node');
});

describe('a missing or broken keytar is a clear error, not a crash', () => {
  it('is not loaded when the vault module is imported, only on first keychain use', async () => {
    const { TokenVault, VaultUnavailableError } = await import('../../src-main/vault/tokenVault');
    expect(loads.count).toBe(0);

    const vault = new TokenVault({ env: {} });
    const error = await vault.get('work').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultUnavailableError);
    expect((error as InstanceType<typeof VaultUnavailableError>).reason).toBe('keychain_module_unavailable');
    expect((error as Error).message).toMatch(/keytar[\s\S]*TENDERWB_TOKEN/);

    // The environment override still works without the module.
    expect(await new TokenVault({ env: { TENDERWB_TOKEN: 'abc123' } }).get('work')).toBe('abc123');
  });
});
