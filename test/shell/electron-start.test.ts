/**
 * `npm start`'s first step (scripts/electron-start): whether an Electron window can open here, and the one line
 * the user reads when it cannot. No network: the procedure runs against a fake world. It builds nothing
 * (test/shell/native-addons.test.ts: the native modules load in Electron as npm ci left them).
 */
import { describe, expect, it } from 'vitest';
import { ensureElectronStart, type EnsureDeps } from '../../scripts/electron-start/ensure';
import { displayProblem, downloadBlocked, failureLine, summarizeFailure } from '../../scripts/electron-start/plan';

describe('whether a window can open', () => {
  it('Linux and the BSDs need DISPLAY or WAYLAND_DISPLAY; macOS and Windows always have a display', () => {
    expect(displayProblem('linux', {})).toBe('neither DISPLAY nor WAYLAND_DISPLAY is set');
    expect(displayProblem('freebsd', { DISPLAY: '' })).toBe('neither DISPLAY nor WAYLAND_DISPLAY is set');
    expect(displayProblem('linux', { DISPLAY: ':0' })).toBeNull();
    expect(displayProblem('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBeNull();
    expect(displayProblem('darwin', {})).toBeNull();
    expect(displayProblem('win32', {})).toBeNull();
  });

  it('ELECTRON_SKIP_BINARY_DOWNLOAD blocks the download unless empty, 0 or false', () => {
    expect(downloadBlocked({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toBe(true);
    expect(downloadBlocked({ ELECTRON_SKIP_BINARY_DOWNLOAD: 'true' })).toBe(true);
    for (const value of [undefined, '', '0', 'false', ' FALSE ']) expect(downloadBlocked({ ELECTRON_SKIP_BINARY_DOWNLOAD: value })).toBe(false);
  });
});

describe('what the user reads when it cannot', () => {
  it('the telling line of the installer’s failed output, never a stack frame', () => {
    expect(summarizeFailure('TypeError: fetch failed\n    at node:internal/deps/undici/undici:13502:13\n')).toBe('TypeError: fetch failed');
    expect(summarizeFailure('downloading...\nError: getaddrinfo ENOTFOUND github.com\n    at GetAddrInfoReqWrap.onlookup\n')).toBe('Error: getaddrinfo ENOTFOUND github.com');
    expect(summarizeFailure('step 1\nHTTPError: Response code 404 (Not Found)\n    at x (/y.js:1:1)')).toBe('HTTPError: Response code 404 (Not Found)');
    expect(summarizeFailure('')).toBe('no output');
    expect(summarizeFailure(`Error: ${'x'.repeat(500)}`)).toHaveLength(200);
  });

  it('one line each, starting with "npm start:", sending the user to npm run web where no window can open', () => {
    const lines = [
      failureLine({ kind: 'no-display', why: 'neither DISPLAY nor WAYLAND_DISPLAY is set' }),
      failureLine({ kind: 'electron-missing', electronVersion: '45.4.1', why: 'TypeError: fetch failed' }),
    ];
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^npm start: /);
      expect(line).toContain('npm run web');
    }
    expect(lines[1]).toMatch(/Electron 45\.4\.1 is not installed and could not be downloaded \(TypeError: fetch failed\)/);
    expect(failureLine({ kind: 'not-installed' })).toBe('npm start: electron is not installed in node_modules: run npm ci first.');
  });
});

describe('the whole procedure against a fake world', () => {
  function world(opts: { electronPackage?: boolean; installed?: boolean; downloads?: boolean; env?: NodeJS.ProcessEnv; platform?: string }) {
    const files = new Map<string, string>();
    if (opts.electronPackage !== false) files.set('/p/node_modules/electron/package.json', '{"version":"45.4.1"}');
    const install = (): void => {
      files.set('/p/node_modules/electron/path.txt', 'electron');
      files.set('/p/node_modules/electron/dist/electron', '');
    };
    if (opts.installed === true) install();
    const runs: string[] = [];
    const logs: string[] = [];
    const deps: EnsureDeps = {
      projectRoot: '/p',
      env: opts.env ?? { DISPLAY: ':0' },
      platform: opts.platform ?? 'linux',
      readText: (p) => files.get(p) ?? null,
      exists: (p) => files.has(p),
      run: async (_command, args) => {
        runs.push(String(args[0]));
        if (opts.downloads === true) {
          install();
          return { code: 0, output: '' };
        }
        return { code: 1, output: 'TypeError: fetch failed\n    at node:internal/deps/undici' };
      },
      log: (l) => logs.push(l),
    };
    return { deps, runs, logs };
  }

  it('does nothing when Electron is installed and there is a display (the usual start)', async () => {
    const w = world({ installed: true });
    expect(await ensureElectronStart(w.deps)).toEqual({ ok: true, downloaded: false });
    expect(w.runs).toEqual([]);
  });

  it('downloads Electron on the first start, through its own installer', async () => {
    const w = world({ downloads: true });
    expect(await ensureElectronStart(w.deps)).toEqual({ ok: true, downloaded: true });
    expect(w.runs).toEqual(['/p/node_modules/electron/install.js']);
    expect(w.logs).toEqual(['Downloading Electron 45.4.1 (first start only)...']);
  });

  it('with no display, says so before downloading anything', async () => {
    const w = world({ env: {} });
    expect(await ensureElectronStart(w.deps)).toEqual({ ok: false, line: failureLine({ kind: 'no-display', why: 'neither DISPLAY nor WAYLAND_DISPLAY is set' }) });
    expect(w.runs).toEqual([]);
  });

  it('a failed download is one line with its reason; a blocked one is not attempted', async () => {
    const failed = world({});
    expect(await ensureElectronStart(failed.deps)).toEqual({ ok: false, line: failureLine({ kind: 'electron-missing', electronVersion: '45.4.1', why: 'TypeError: fetch failed' }) });
    const blocked = world({ env: { DISPLAY: ':0', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(await ensureElectronStart(blocked.deps)).toMatchObject({ ok: false, line: expect.stringMatching(/ELECTRON_SKIP_BINARY_DOWNLOAD is set/) });
    expect(blocked.runs).toEqual([]);
  });

  it('without node_modules/electron, asks for npm ci', async () => {
    const w = world({ electronPackage: false });
    expect(await ensureElectronStart(w.deps)).toEqual({ ok: false, line: failureLine({ kind: 'not-installed' }) });
  });
});
