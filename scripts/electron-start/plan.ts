/**
 * Decisions of `npm start`'s first step, as pure functions (tested in test/shell/electron-start.test.ts):
 * whether an Electron window can open on this machine, and the one line the user reads when it cannot.
 * The side effects live in ensure.ts.
 *
 * Nothing here builds native modules: better-sqlite3 13 loads its Node-API prebuild and keytar its Node-API
 * build in Node and in Electron alike (test/shell/native-addons.test.ts), so Electron needs no build of its own.
 */
import { join } from 'node:path';

/**
 * Why no Electron window can open on this machine, or null. On Linux and the BSDs a window needs an X11 or a
 * Wayland display (a server, a container, CI over ssh have neither); macOS and Windows always have one.
 */
export function displayProblem(platform: string, env: NodeJS.ProcessEnv): string | null {
  if (platform !== 'linux' && !platform.endsWith('bsd')) return null;
  if ((env['DISPLAY'] ?? '') !== '' || (env['WAYLAND_DISPLAY'] ?? '') !== '') return null;
  return 'neither DISPLAY nor WAYLAND_DISPLAY is set';
}

/** The user (or CI) asked for no Electron download: respected, where Electron 45's own installer ignores it. */
export function downloadBlocked(env: NodeJS.ProcessEnv): boolean {
  const value = (env['ELECTRON_SKIP_BINARY_DOWNLOAD'] ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/** One line from the Electron installer's failed output that says why: its network error, or its last line. */
export function summarizeFailure(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at '));
  const network = lines.find((l) => /(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|getaddrinfo|fetch failed|socket hang up|certificate)/i.test(l));
  return clip(network ?? lines.at(-1) ?? 'no output');
}

const clip = (s: string): string => (s.length > 200 ? `${s.slice(0, 197)}...` : s);

/** What to do instead, in every failure that means "no window here". */
const USE_WEB = 'run "npm run web" to use the same app in a browser instead (README, "Two commands")';

export type StartFailure =
  | { readonly kind: 'not-installed' }
  | { readonly kind: 'no-display'; readonly why: string }
  | { readonly kind: 'electron-missing'; readonly electronVersion: string; readonly why: string };

/** The single line the user reads when `npm start` cannot go on (no stack trace). */
export function failureLine(failure: StartFailure): string {
  switch (failure.kind) {
    case 'not-installed':
      return 'npm start: electron is not installed in node_modules: run npm ci first.';
    case 'no-display':
      return `npm start: there is no display here (${failure.why}), so the Electron window cannot open: ${USE_WEB}.`;
    case 'electron-missing':
      return `npm start: Electron ${failure.electronVersion} is not installed and could not be downloaded (${failure.why}), so the window cannot open here: ${USE_WEB}.`;
  }
}

/** Where Electron's installer records the binary it unpacked (relative to node_modules/electron/dist). */
export const electronBinaryMarker = (projectRoot: string): string => join(projectRoot, 'node_modules', 'electron', 'path.txt');
