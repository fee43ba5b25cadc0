/**
 * Browser mode's contract client: the same calls as the preload, over the loopback server of `npm run web`.
 * (Placeholder until browser mode lands: every call answers `offline`.)
 */
import type { ContractClient } from '../../src-main/contract/ipc';

export function createLoopbackClient(): ContractClient {
  return {
    version: 'browser',
    invoke: () => Promise.resolve({ ok: false, error: { code: 'offline', message: 'Нет связи с ядром приложения.' } }),
    on: () => () => undefined,
  };
}
