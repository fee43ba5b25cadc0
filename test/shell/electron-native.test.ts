/**
 * `npm start`'s native step (scripts/electron-native): which better-sqlite3 build Electron needs, where it
 * goes, how it is made, and the one line the user reads when it cannot be made. No network, no compiler:
 * the procedure runs against a fake world.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureElectronNative, type EnsureDeps } from '../../scripts/electron-native/ensure';
import { buildSteps, electronBuildEnv, failureLine, missingCompileTools, planBetterSqlite3, summarizeFailure, type NativeFacts } from '../../scripts/electron-native/plan';
import { betterSqlite3ElectronBinding, currentElectronTarget, STAMP_FILE } from '../../src-main/shell/electronNative';

const root = '/p';
const target = { electronVersion: '45.4.1', abi: '150', platform: 'linux', arch: 'x64' };
const facts: NativeFacts = { projectRoot: root, target, betterSqlite3Version: '12.11.1' };
const binding = '/p/node_modules/.electron-native/electron-45.4.1-abi150-linux-x64/better-sqlite3/build/Release/better_sqlite3.node';
const stampPath = '/p/node_modules/.electron-native/electron-45.4.1-abi150-linux-x64/better-sqlite3/electron-native.json';
const goodStamp = { ...target, betterSqlite3: '12.11.1', source: 'compiled', builtAt: '2025-01-01T00:00:00Z' };

describe('where the Electron build lives', () => {
  it('apart from node_modules/better-sqlite3, keyed by Electron version, ABI, platform and architecture', () => {
    expect(betterSqlite3ElectronBinding(root, target)).toBe(binding);
    expect(join(binding, '..', '..', '..', STAMP_FILE)).toBe(stampPath);
    // The shell computes the same path from the running Electron.
    const versions = { ...process.versions, electron: '45.4.1', modules: '150' } as NodeJS.ProcessVersions;
    expect(betterSqlite3ElectronBinding(root, currentElectronTarget(versions, 'linux', 'x64'))).toBe(binding);
    expect(() => currentElectronTarget(process.versions, 'linux', 'x64')).toThrow(/not running under Electron/);
  });
});

describe('whether a build is needed', () => {
  it('ready only when the file exists and its record matches this Electron, ABI, platform, arch and better-sqlite3', () => {
    expect(planBetterSqlite3(facts, { stamp: goodStamp, bindingExists: true })).toEqual({ action: 'ready', binding });
    const needs = (stamp: unknown, bindingExists = true) => planBetterSqlite3(facts, { stamp, bindingExists });
    expect(needs(goodStamp, false)).toMatchObject({ action: 'build', reason: expect.stringMatching(/no better-sqlite3 build for Electron 45\.4\.1/) });
    expect(needs(null)).toMatchObject({ action: 'build', reason: expect.stringMatching(/no record/) });
    expect(needs({ ...goodStamp, betterSqlite3: '12.10.0' })).toMatchObject({ action: 'build', reason: 'the existing build is for betterSqlite3 12.10.0, 12.11.1 is needed' });
    expect(needs({ ...goodStamp, abi: '140' })).toMatchObject({ action: 'build', reason: expect.stringMatching(/abi 140, 150/) });
  });
});

describe('how it is built', () => {
  const tools = { node: '/usr/bin/node', prebuildInstall: '/p/node_modules/prebuild-install/bin.js', nodeGyp: '/p/node_modules/node-gyp/bin/node-gyp.js' };
  const env = {
    PATH: '/usr/bin',
    npm_config_nodedir: '/usr',
    npm_package_config_node_gyp_nodedir: '/usr',
    NPM_PACKAGE_CONFIG_NODE_GYP_TARGET: '20.0.0',
    NPM_CONFIG_TARGET: '20.0.0',
    npm_config_runtime: 'node',
    npm_config_cache: '/c',
    npm_package_config_node_gyp_jobs: '2',
  };

  it('never with the local Node headers (either form of node-gyp env, which would build for Node again): the headers come from Electron', () => {
    expect(electronBuildEnv(env)).toEqual({ PATH: '/usr/bin', npm_config_cache: '/c', npm_package_config_node_gyp_jobs: '2' });
    const steps = buildSteps(facts, '/d', tools, env, { platform: 'linux', arch: 'x64' });
    expect(steps.map((s) => s.kind)).toEqual(['prebuilt', 'compile']);
    expect(steps[0]?.args).toEqual([tools.prebuildInstall, '--runtime=electron', '--target=45.4.1', '--platform=linux', '--arch=x64', '--verbose']);
    expect(steps[1]?.args).toEqual([tools.nodeGyp, 'rebuild', '--release', '--runtime=electron', '--target=45.4.1', '--arch=x64', '--dist-url=https://electronjs.org/headers']);
    for (const step of steps) {
      expect(step.cwd).toBe('/d');
      expect(step.env['npm_config_nodedir']).toBeUndefined();
      expect(step.env['npm_package_config_node_gyp_nodedir']).toBeUndefined();
    }
  });

  it('for another platform or architecture only a prebuilt binary can serve', () => {
    expect(buildSteps(facts, '/d', tools, env, { platform: 'linux', arch: 'arm64' }).map((s) => s.kind)).toEqual(['prebuilt']);
  });

  it('names the missing compile tools', () => {
    expect(missingCompileTools('linux', (p) => p === 'python3')).toEqual(['make', 'c++']);
    expect(missingCompileTools('linux', (p) => ['python', 'make', 'clang++'].includes(p))).toEqual([]);
  });
});

describe('what the user reads when it fails', () => {
  it('picks the telling line of a failed download or build', () => {
    expect(summarizeFailure('prebuild-install info begin\nprebuild-install warn install getaddrinfo ENOTFOUND github.com\n')).toBe('getaddrinfo ENOTFOUND github.com');
    const gyp = [
      'gyp http GET https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz',
      'gyp WARN install got an error, rolling back install',
      'gyp ERR! stack Error: This is most likely not a problem with node-gyp or the package itself and',
      'gyp ERR! stack is related to network connectivity. In most cases you are behind a proxy or have bad',
      'gyp ERR! stack at go (/x/install.js:244:21)',
    ].join('\n');
    expect(summarizeFailure(gyp)).toBe('downloading https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz failed (no network connection to it)');
    expect(summarizeFailure('CXX(target) x.o\n../src/x.cpp:1:10: fatal error: node.h: No such file\nmake: *** Error 1')).toBe('../src/x.cpp:1:10: fatal error: node.h: No such file');
  });

  it('one line each, with what to do', () => {
    const lines = [
      failureLine({ kind: 'electron-missing', electronVersion: '45.4.1', why: 'TypeError: fetch failed' }),
      failureLine({ kind: 'toolchain', electronVersion: '45.4.1', missing: ['make', 'c++'], prebuiltWhy: 'getaddrinfo ENOTFOUND github.com' }),
      failureLine({ kind: 'cross-compile', target: { ...target, arch: 'arm64' }, prebuiltWhy: 'HTTP 404' }),
      failureLine({ kind: 'build-failed', electronVersion: '45.4.1', why: 'x' }),
    ];
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^npm start: /);
    }
    expect(lines[0]).toMatch(/Electron 45\.4\.1 is not installed.*npm run web/);
    expect(lines[1]).toBe(
      'npm start: better-sqlite3 must be compiled for Electron 45.4.1 (no prebuilt binary could be downloaded: getaddrinfo ENOTFOUND github.com), ' +
        'but make, c++ are not installed: install them (Debian/Ubuntu: apt-get install python3 make g++) and run npm start again.',
    );
  });
});

describe('the whole procedure against a fake world', () => {
  type Run = { command: string; args: readonly string[]; env: NodeJS.ProcessEnv };
  function world(opts: { electronInstalled?: boolean; stamp?: unknown; bindingExists?: boolean; prebuilt?: boolean; compiles?: boolean; programs?: string[] }) {
    const files = new Map<string, string>([
      ['/p/node_modules/electron/package.json', '{"version":"45.4.1"}'],
      ['/p/node_modules/electron/abi_version', '150\n'],
      ['/p/node_modules/better-sqlite3/package.json', '{"version":"12.11.1"}'],
    ]);
    if (opts.electronInstalled !== false) {
      files.set('/p/node_modules/electron/path.txt', 'electron');
      files.set('/p/node_modules/electron/dist/electron', '');
    }
    if (opts.stamp !== undefined) files.set(stampPath, JSON.stringify(opts.stamp));
    if (opts.bindingExists === true) files.set(binding, 'ELF');
    const runs: Run[] = [];
    const logs: string[] = [];
    const deps: EnsureDeps = {
      projectRoot: root,
      env: { PATH: '/usr/bin', npm_config_nodedir: '/usr', DISPLAY: ':0' },
      host: { platform: 'linux', arch: 'x64' },
      readText: (p) => files.get(p) ?? null,
      exists: (p) => files.has(p),
      hasProgram: (p) => (opts.programs ?? ['python3', 'make', 'g++']).includes(p),
      resolveTool: (id) => `/p/node_modules/${id}`,
      run: async (command, args, { env }) => {
        runs.push({ command, args, env });
        const script = String(args[0]);
        if (script.endsWith('install.js')) return { code: 1, output: 'TypeError: fetch failed\n    at node:internal/deps/undici' };
        if (script.includes('prebuild-install')) {
          if (opts.prebuilt === true) files.set(binding, 'ELF');
          return opts.prebuilt === true ? { code: 0, output: '' } : { code: 1, output: 'prebuild-install warn install getaddrinfo ENOTFOUND github.com' };
        }
        if (opts.compiles === true) files.set(binding, 'ELF');
        return opts.compiles === true ? { code: 0, output: 'gyp info ok' } : { code: 1, output: 'gyp http GET https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz\ngyp ERR! stack Error: is related to network connectivity.' };
      },
      copySources: (_from, to) => files.set(join(to, 'binding.gyp'), '{}'),
      writeText: (p, t) => files.set(p, t),
      log: (l) => logs.push(l),
    };
    return { deps, runs, logs, files };
  }

  it('does nothing when the build for this Electron is there (the usual start)', async () => {
    const w = world({ stamp: goodStamp, bindingExists: true });
    expect(await ensureElectronNative(w.deps, { checkElectronBinary: true })).toEqual({ ok: true, binding, built: false });
    expect(w.runs).toEqual([]);
  });

  it('stops at once with one line when the Electron binary cannot be downloaded (this machine)', async () => {
    const w = world({ electronInstalled: false });
    const outcome = await ensureElectronNative(w.deps, { checkElectronBinary: true });
    expect(outcome).toEqual({ ok: false, line: failureLine({ kind: 'electron-missing', electronVersion: '45.4.1', why: 'TypeError: fetch failed' }) });
    expect(w.runs).toHaveLength(1);
  });

  it('takes the prebuilt binary when it can be downloaded, and records what it is', async () => {
    const w = world({ prebuilt: true });
    expect(await ensureElectronNative(w.deps, { checkElectronBinary: true })).toEqual({ ok: true, binding, built: true });
    expect(w.runs.map((r) => String(r.args[0]))).toEqual([expect.stringContaining('prebuild-install')]);
    expect(JSON.parse(w.files.get(stampPath)!)).toMatchObject({ ...target, betterSqlite3: '12.11.1', source: 'prebuilt' });
  });

  it('compiles when no prebuilt binary is reachable, without the .npmrc nodedir', async () => {
    const w = world({ compiles: true });
    expect(await ensureElectronNative(w.deps, { checkElectronBinary: true })).toEqual({ ok: true, binding, built: true });
    expect(w.runs[1]?.args).toContain('--dist-url=https://electronjs.org/headers');
    expect(w.runs[1]?.env['npm_config_nodedir']).toBeUndefined();
    expect(JSON.parse(w.files.get(stampPath)!)).toMatchObject({ source: 'compiled' });
  });

  it('says which tools are missing when it would have to compile without them', async () => {
    const w = world({ programs: ['python3'] });
    const outcome = await ensureElectronNative(w.deps, { checkElectronBinary: true });
    expect(outcome).toEqual({ ok: false, line: failureLine({ kind: 'toolchain', electronVersion: '45.4.1', missing: ['make', 'c++'], prebuiltWhy: 'getaddrinfo ENOTFOUND github.com' }) });
    expect(w.runs).toHaveLength(1); // the compiler was never started
  });

  it('says why when neither a prebuilt binary nor Electron headers can be downloaded (this machine, binary check skipped)', async () => {
    const w = world({ electronInstalled: false });
    const outcome = await ensureElectronNative(w.deps, { checkElectronBinary: false });
    expect(outcome).toEqual({
      ok: false,
      line: 'npm start: could not build better-sqlite3 for Electron 45.4.1: downloading https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz failed (no network connection to it)',
    });
  });

  it('rebuilds a stale build (another better-sqlite3 version) in its own directory, never in node_modules/better-sqlite3', async () => {
    const w = world({ stamp: { ...goodStamp, betterSqlite3: '12.0.0' }, bindingExists: true, prebuilt: true });
    await ensureElectronNative(w.deps, { checkElectronBinary: true });
    for (const r of w.runs) expect(r.args.join(' ')).not.toContain('/p/node_modules/better-sqlite3/build');
    expect([...w.files.keys()].filter((f) => f.startsWith('/p/node_modules/better-sqlite3/'))).toEqual(['/p/node_modules/better-sqlite3/package.json']);
  });
});
