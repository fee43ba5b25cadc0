/**
 * `npm start` on a machine where Electron cannot run ("First run"): its first step
 * (scripts/electron-start/ensure.ts, the `prestart` script) is run as a real child process, the way npm runs
 * it, and must end with one line that sends the user to `npm run web`, exit 1, and no stack trace.
 *
 * The child runs a copy of the script in a throwaway project whose node_modules holds only what it reads
 * (Electron's package.json) and an Electron installer that fails as a blocked download does. So the test needs no network, never downloads Electron, and gives the same answer
 * on a desktop where a real Electron binary is installed.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** tsx's loader, by absolute path: the throwaway project has no tsx of its own. */
const TSX = createRequire(join(REPO, 'package.json')).resolve('tsx');

let root: string;
/** Written by the fake installer, so a test can tell whether a download was attempted. */
let attempted: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tenderwb-npm-start-'));
  cpSync(join(REPO, 'scripts', 'electron-start'), join(root, 'scripts', 'electron-start'), { recursive: true });
  const electron = join(root, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  writeFileSync(join(electron, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  attempted = join(root, 'download-attempted');
  // What Electron's installer prints when its download cannot reach the network, with the stack it adds.
  writeFileSync(
    join(electron, 'install.js'),
    `require('node:fs').writeFileSync(${JSON.stringify(attempted)}, '');\n` +
      `console.error('TypeError: fetch failed\\n    at node:internal/deps/undici/undici:13502:13');\nprocess.exit(1);\n`,
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function prestart(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  rmSync(attempted, { force: true });
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      ['--import', TSX, join(root, 'scripts', 'electron-start', 'ensure.ts')],
      { cwd: root, env: { PATH: process.env.PATH ?? '/usr/bin', HOME: root, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof (error as { code?: unknown }).code !== 'number') return reject(error);
        resolvePromise({ code: error ? Number((error as { code: number }).code) : 0, stdout, stderr });
      },
    );
  });
}

/** One line on stderr, starting with "npm start:", naming `npm run web`, with no stack frame. */
function expectOneLineToWeb(r: { code: number; stdout: string; stderr: string }): string {
  expect(r.code).toBe(1);
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('Downloading Electron'));
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^npm start: /);
  expect(lines[0]).toContain('npm run web');
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stdout).toBe('');
  return lines[0]!;
}

describe('npm start where Electron cannot run points to npm run web', () => {
  it('no display (a server, CI): says so before downloading anything', async () => {
    const line = expectOneLineToWeb(await prestart({}));
    expect(line).toMatch(/no display/);
    expect(existsSync(attempted)).toBe(false);
  });

  it('a display but ELECTRON_SKIP_BINARY_DOWNLOAD set and no Electron binary: no download, the reason named', async () => {
    const line = expectOneLineToWeb(await prestart({ DISPLAY: ':99', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }));
    expect(line).toMatch(/Electron 45\.4\.1 is not installed.*ELECTRON_SKIP_BINARY_DOWNLOAD/);
    expect(existsSync(attempted)).toBe(false);
  });

  it('a display but the download fails (no network): the installer’s stack trace is reduced to its reason', async () => {
    const line = expectOneLineToWeb(await prestart({ DISPLAY: ':99' }));
    expect(line).toMatch(/could not be downloaded \(TypeError: fetch failed\)/);
    expect(existsSync(attempted)).toBe(true);
  });
});
