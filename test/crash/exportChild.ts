/**
 * A child process for exportKill.test.ts: an export (the app's CSV writer, `writeCsv` to a file path) that never
 * ends on its own, so the test can kill it with SIGKILL while its temporary file is being written.
 * Usage: node --import tsx exportChild.ts TARGET
 */
import { writeCsv } from '../../src-main/export/csv';

const target = process.argv[2];
if (target === undefined) throw new Error('usage: exportChild.ts TARGET');

async function* endlessRows(): AsyncGenerator<{ id: number; name: string }> {
  for (let id = 1; id <= 100_000; id += 1) {
    yield { id, name: `Поставка оборудования, лот ${id}` };
    // Let the write stream drain now and then, so the temporary file grows while the test watches it.
    if (id % 2_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // About 4 MB written: from here it waits for the next row forever (and never fills the disk), until killed.
  setInterval(() => undefined, 60_000);
  await new Promise<never>(() => undefined);
}

await writeCsv(endlessRows(), [{ key: 'id', header: 'id' }, { key: 'name', header: 'name' }], target);
