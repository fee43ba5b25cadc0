/**
 * Which file a worker thread runs, for a worker entry `<name>.ts` that sits next to the module starting it.
 *
 * From source (tests, browser mode, the CLI under tsx) the entry is TypeScript: the thread starts
 * tsWorkerBootstrap.mjs, which registers tsx's loader in that thread and imports the entry. From the
 * bundle (electron-vite, out/main/) each entry is built to `out/main/<name>.js`, and the module starting it
 * is either out/main/index.js or a shared chunk in out/main/chunks/: both places are looked at.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  readonly file: string;
  readonly argv: string[];
}

const bootstrap = join(dirname(fileURLToPath(import.meta.url)), 'tsWorkerBootstrap.mjs');

/** The entry `name` next to the module at `callerUrl` (its `import.meta.url`). */
export function workerEntry(callerUrl: string, name: string): WorkerEntry {
  const caller = fileURLToPath(callerUrl);
  const dir = dirname(caller);
  if (caller.endsWith('.ts')) return { file: bootstrap, argv: [pathToFileURL(join(dir, `${name}.ts`)).href] };
  const besides = join(dir, `${name}.js`);
  const above = join(dir, '..', `${name}.js`);
  return { file: existsSync(besides) || !existsSync(above) ? besides : above, argv: [] };
}
