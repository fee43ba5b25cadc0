// Run by closeExits.test.ts in its own Node process: start, call, close, and let the process end by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startCoreHost } from '../../../src-main/app/host/coreHost';

const dataDir = mkdtempSync(join(tmpdir(), 'twb-host-exit-'));
const host = await startCoreHost({
  dataDir,
  sandbox: { kind: 'none' },
  platform: { mode: 'browser', openExternal: async () => false },
  version: '1',
  coreModule: pathToFileURL(join(import.meta.dirname, 'fakeCore.ts')),
});
const where = await host.invoke('cache.info', {});
if (!where.ok) throw new Error(where.error.message);
console.log(`answered ok in thread ${(where.value as { sizeBytes: number }).sizeBytes}`);
await host.close();
console.log('closed');
rmSync(dataDir, { recursive: true, force: true });
