/**
 * `node --import ./register.mjs`: records every module the process loads in the file named by
 * TENDERWB_LOAD_TRACE, one URL or path a line (test/cli/startLoad.test.ts). ES modules are seen by a load hook
 * (hooks.mjs, in the loader's thread); CommonJS ones, which a package's own require() loads without that hook on
 * Node 20, are read from require's cache when the process exits.
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const out = process.env.TENDERWB_LOAD_TRACE;
if (out) {
  register('./hooks.mjs', { parentURL: import.meta.url, data: { out } });
  const require = createRequire(import.meta.url);
  process.on('exit', () => appendFileSync(out, Object.keys(require.cache).map((file) => `${file}\n`).join('')));
}
