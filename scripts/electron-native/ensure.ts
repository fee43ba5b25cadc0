/**
 * `npm start` / `npm run dev` run this first (package.json `prestart`, `predev`): it makes sure the Electron
 * binary is installed and that an Electron-ABI build of better-sqlite3 exists in node_modules/.electron-native/
 * (see src-main/shell/electronNative.ts), building it when needed. node_modules/better-sqlite3 keeps its
 * Node build, so `npm test` keeps working. On failure it prints one line saying why and exits with 1.
 *
 *   tsx scripts/electron-native/ensure.ts [--no-electron-binary] [--platform P --arch A] [--print-binding]
 *
 * --no-electron-binary: skip the Electron binary check (packaging: electron-builder brings its own Electron).
 * --platform/--arch: build for another target (packaging); only a prebuilt binary can serve another target.
 * --print-binding: print the path of the build on stdout when it is ready (the packaging hook reads it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { betterSqlite3ElectronBinding, betterSqlite3ElectronDir, STAMP_FILE, type ElectronNativeStamp, type ElectronTarget } from '../../src-main/shell/electronNative';
import {
  BETTER_SQLITE3_SOURCES,
  buildSteps,
  displayProblem,
  electronBinaryMarker,
  failureLine,
  missingCompileTools,
  planBetterSqlite3,
  summarizeFailure,
  type BuildStep,
  type NativeFacts,
  type NativeFailure,
} from './plan';

/** Everything the procedure does to the world, so a test can run it with no network and no compiler. */
export interface EnsureDeps {
  readonly projectRoot: string;
  readonly env: NodeJS.ProcessEnv;
  readonly host: { readonly platform: string; readonly arch: string };
  readText(path: string): string | null;
  exists(path: string): boolean;
  hasProgram(name: string): boolean;
  /** A build tool's file as better-sqlite3 would find it (prebuild-install, node-gyp), or null. */
  resolveTool(id: string): string | null;
  run(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number; output: string }>;
  /** Replaces `to` with a copy of the better-sqlite3 package's sources (no build/). */
  copySources(from: string, to: string): void;
  writeText(path: string, text: string): void;
  log(line: string): void;
}

export interface EnsureOptions {
  readonly checkElectronBinary: boolean;
  readonly platform?: string;
  readonly arch?: string;
}

export type EnsureOutcome = { readonly ok: true; readonly binding: string; readonly built: boolean } | { readonly ok: false; readonly line: string };

const fail = (failure: NativeFailure): EnsureOutcome => ({ ok: false, line: failureLine(failure) });

export async function ensureElectronNative(deps: EnsureDeps, options: EnsureOptions): Promise<EnsureOutcome> {
  const modules = join(deps.projectRoot, 'node_modules');
  const electronPackage = readJson(deps, join(modules, 'electron', 'package.json')) as { version?: string } | null;
  const abi = deps.readText(join(modules, 'electron', 'abi_version'))?.trim();
  const sqlitePackage = readJson(deps, join(modules, 'better-sqlite3', 'package.json')) as { version?: string } | null;
  if (electronPackage?.version === undefined || abi === undefined || abi === '' || sqlitePackage?.version === undefined) {
    return { ok: false, line: 'npm start: electron or better-sqlite3 is not installed in node_modules: run npm ci first.' };
  }
  const electronVersion = electronPackage.version;

  if (options.checkElectronBinary) {
    // No window can open without a display: say so before downloading anything for one.
    const noDisplay = displayProblem(deps.host.platform, deps.env);
    if (noDisplay !== null) return fail({ kind: 'no-display', why: noDisplay });
    const installed = (): boolean => {
      const pathTxt = deps.readText(electronBinaryMarker(deps.projectRoot));
      return pathTxt !== null && pathTxt.trim() !== '' && deps.exists(join(modules, 'electron', 'dist', pathTxt.trim()));
    };
    if (!installed() && downloadBlocked(deps.env)) {
      return fail({ kind: 'electron-missing', electronVersion, why: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not downloaded' });
    }
    if (!installed()) {
      deps.log(`Downloading Electron ${electronVersion} (first start only)...`);
      const result = await deps.run(process.execPath, [join(modules, 'electron', 'install.js')], { cwd: deps.projectRoot, env: deps.env });
      if (result.code !== 0 || !installed()) return fail({ kind: 'electron-missing', electronVersion, why: summarizeFailure(result.output) });
    }
  }

  const target: ElectronTarget = { electronVersion, abi, platform: options.platform ?? deps.host.platform, arch: options.arch ?? deps.host.arch };
  const facts: NativeFacts = { projectRoot: deps.projectRoot, target, betterSqlite3Version: sqlitePackage.version };
  const stampPath = join(betterSqlite3ElectronDir(deps.projectRoot, target), STAMP_FILE);
  const plan = planBetterSqlite3(facts, { stamp: readJson(deps, stampPath), bindingExists: deps.exists(betterSqlite3ElectronBinding(deps.projectRoot, target)) });
  if (plan.action === 'ready') return { ok: true, binding: plan.binding, built: false };

  deps.log(`Preparing better-sqlite3 for Electron ${electronVersion} (${plan.reason}; once per Electron version)...`);
  deps.copySources(join(modules, 'better-sqlite3'), plan.dir);
  const nodeGyp = deps.env['npm_config_node_gyp'] ?? deps.resolveTool('node-gyp/bin/node-gyp.js') ?? 'node-gyp';
  const steps = buildSteps(facts, plan.dir, { node: process.execPath, prebuildInstall: deps.resolveTool('prebuild-install/bin.js'), nodeGyp }, deps.env, deps.host);

  let prebuiltWhy: string | null = null;
  for (const step of steps) {
    if (step.kind === 'compile') {
      const missing = missingCompileTools(deps.host.platform, (p) => deps.hasProgram(p));
      if (missing.length > 0) return fail({ kind: 'toolchain', electronVersion, missing, prebuiltWhy });
      deps.log(`Compiling better-sqlite3 against Electron ${electronVersion}'s headers (about 2 minutes)...`);
    }
    const result = await runStep(deps, step);
    if (result.code === 0 && deps.exists(plan.binding)) {
      const record: ElectronNativeStamp = { ...target, betterSqlite3: facts.betterSqlite3Version, source: step.kind === 'prebuilt' ? 'prebuilt' : 'compiled', builtAt: new Date().toISOString() };
      deps.writeText(stampPath, `${JSON.stringify(record, null, 2)}\n`);
      return { ok: true, binding: plan.binding, built: true };
    }
    const why = summarizeFailure(result.output);
    if (step.kind === 'prebuilt') prebuiltWhy = why;
    else return fail({ kind: 'build-failed', electronVersion, why });
  }
  return fail({ kind: 'cross-compile', target, prebuiltWhy });
}

/** The user (or CI) asked for no Electron download: respected, where Electron 45's own installer ignores it. */
function downloadBlocked(env: NodeJS.ProcessEnv): boolean {
  const value = (env['ELECTRON_SKIP_BINARY_DOWNLOAD'] ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

function readJson(deps: EnsureDeps, path: string): unknown {
  try {
    return JSON.parse(deps.readText(path) ?? 'null');
  } catch {
    return null;
  }
}

const runStep = (deps: EnsureDeps, step: BuildStep) => deps.run(step.command, step.args, { cwd: step.cwd, env: step.env });

// ---------------------------------------------------------------------------------------------------------
// The real world
// ---------------------------------------------------------------------------------------------------------

function hasProgram(name: string, env: NodeJS.ProcessEnv): boolean {
  if (process.platform === 'win32') return spawnSync('where', [name], { stdio: 'ignore' }).status === 0;
  return (env['PATH'] ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));
}

export function realDeps(projectRoot: string, quiet: boolean): EnsureDeps {
  return {
    projectRoot,
    env: process.env,
    host: { platform: process.platform, arch: process.arch },
    readText: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
    exists: existsSync,
    hasProgram: (name) => hasProgram(name, process.env),
    resolveTool: (id) => {
      try {
        return createRequire(join(projectRoot, 'node_modules', 'better-sqlite3', 'package.json')).resolve(id);
      } catch {
        return null;
      }
    },
    run: (command, args, options) =>
      new Promise((resolvePromise) => {
        const child = spawn(command, [...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        const collect = (chunk: Buffer): void => {
          output += chunk.toString('utf8');
          if (output.length > 1_000_000) output = output.slice(-500_000);
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        child.on('error', (error) => resolvePromise({ code: 1, output: `${output}\n${error.message}` }));
        child.on('close', (code) => resolvePromise({ code: code ?? 1, output }));
      }),
    copySources: (from, to) => {
      rmSync(to, { recursive: true, force: true });
      mkdirSync(to, { recursive: true });
      for (const entry of BETTER_SQLITE3_SOURCES) {
        if (existsSync(join(from, entry))) cpSync(join(from, entry), join(to, entry), { recursive: true });
      }
    },
    writeText: (path, text) => writeFileSync(path, text),
    log: (line) => {
      if (!quiet) console.error(line);
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'no-electron-binary': { type: 'boolean', default: false },
      platform: { type: 'string' },
      arch: { type: 'string' },
      'print-binding': { type: 'boolean', default: false },
    },
  });
  const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const outcome = await ensureElectronNative(realDeps(projectRoot, false), {
    checkElectronBinary: !values['no-electron-binary'],
    ...(values.platform === undefined ? {} : { platform: values.platform }),
    ...(values.arch === undefined ? {} : { arch: values.arch }),
  });
  if (!outcome.ok) {
    console.error(outcome.line);
    process.exitCode = 1;
    return;
  }
  if (values['print-binding']) console.log(outcome.binding);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    // Nothing above is expected to throw; if it does, still one line.
    console.error(`npm start: could not prepare the native modules for Electron: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
