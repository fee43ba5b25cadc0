import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { deriveDarkRules } from './scripts/dark-theme/derive';

const root = import.meta.dirname;
const fromRoot = (...segments: string[]): string => resolve(root, ...segments);

/**
 * The dark theme: every light stylesheet of the renderer gets its dark twin rules appended
 * (scripts/dark-theme/derive.ts); `theme-dark.css`, the dark theme's own hand-set tokens, is taken as written.
 */
function darkTheme(): Plugin {
  return {
    name: 'tenderwb-dark-theme',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.endsWith('.css') || file.endsWith('theme-dark.css') || !file.includes('src-renderer')) return null;
      return { code: `${code}\n/* dark theme (derived) */\n${deriveDarkRules(code)}\n`, map: null };
    },
  };
}

const packageJson = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string };

/** Native modules: loaded from node_modules at run time (and unpacked from the asar by electron-builder). */
const nativeModules = ['better-sqlite3', 'keytar'];

export default defineConfig({
  // Main process: ESM (package.json has "type": "module"), out/main/index.js. Dependencies stay external and
  // are loaded from node_modules, which electron-builder ships; the native ones must never be bundled.
  main: {
    build: {
      outDir: fromRoot('out/main'),
      externalizeDeps: true,
      rolldownOptions: {
        // index: the Electron shell. coreWorker: the worker thread that runs the app core and all SQLite work
        // off the main thread (src-main/app/host); the shell starts out/main/coreWorker.js. packTextWorker:
        // the thread a long list's CSV export reads its packs on (src-main/export/packTextThread.ts). Worker
        // entries are found as out/main/<name>.js (src-main/threads/workerEntry.ts).
        input: {
          index: fromRoot('src-main/index.ts'),
          coreWorker: fromRoot('src-main/app/host/coreWorker.ts'),
          packTextWorker: fromRoot('src-main/export/packTextWorker.ts'),
          // extractWorker: the thread that reads a tender document's text (docfiles/extract).
          extractWorker: fromRoot('src-main/docfiles/extract/extractWorker.ts'),
        },
        external: nativeModules,
      },
    },
  },
  // Preload: a sandboxed preload cannot load ESM or anything from node_modules, so it is one self-contained
  // CommonJS file, out/preload/index.cjs, which may require only 'electron'.
  preload: {
    define: {
      __APP_VERSION__: JSON.stringify(packageJson.version),
    },
    build: {
      outDir: fromRoot('out/preload'),
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: fromRoot('src-preload/index.ts') },
        output: {
          format: 'cjs',
          entryFileNames: '[name].cjs',
          chunkFileNames: '[name]-[hash].cjs',
        },
      },
    },
  },
  // Renderer: React, served from out/renderer/index.html (relative asset paths, so loadFile works).
  renderer: {
    root: fromRoot('src-renderer'),
    plugins: [react(), darkTheme()],
    build: {
      outDir: fromRoot('out/renderer'),
      rolldownOptions: {
        input: { index: fromRoot('src-renderer/index.html') },
      },
    },
  },
});
