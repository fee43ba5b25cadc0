/**
 * `npm start` / `npm run dev` run this first (package.json `prestart`, `predev`): it makes sure an Electron
 * window can open here, a display and the Electron binary (downloaded on the first start), and otherwise
 * prints one line saying why, pointing to `npm run web`, and exits with 1 (no stack trace from Electron's
 * own installer or launcher).
 *
 *   tsx scripts/electron-start/ensure.ts
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { displayProblem, downloadBlocked, electronBinaryMarker, failureLine, summarizeFailure, type StartFailure } from './plan';

/** Everything the procedure does to the world, so a test can run it with no network. */
export interface EnsureDeps {
  readonly projectRoot: string;
  readonly env: NodeJS.ProcessEnv;
  readonly platform: string;
  readText(path: string): string | null;
  exists(path: string): boolean;
  run(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number; output: string }>;
  log(line: string): void;
}

export type EnsureOutcome = { readonly ok: true; readonly downloaded: boolean } | { readonly ok: false; readonly line: string };

const fail = (failure: StartFailure): EnsureOutcome => ({ ok: false, line: failureLine(failure) });

export async function ensureElectronStart(deps: EnsureDeps): Promise<EnsureOutcome> {
  const electronDir = join(deps.projectRoot, 'node_modules', 'electron');
  let electronVersion: string | undefined;
  try {
    electronVersion = (JSON.parse(deps.readText(join(electronDir, 'package.json')) ?? 'null') as { version?: string } | null)?.version;
  } catch {
    electronVersion = undefined;
  }
  if (electronVersion === undefined) return fail({ kind: 'not-installed' });

  // No window can open without a display: say so before downloading anything for one.
  const noDisplay = displayProblem(deps.platform, deps.env);
  if (noDisplay !== null) return fail({ kind: 'no-display', why: noDisplay });

  const installed = (): boolean => {
    const pathTxt = deps.readText(electronBinaryMarker(deps.projectRoot));
    return pathTxt !== null && pathTxt.trim() !== '' && deps.exists(join(electronDir, 'dist', pathTxt.trim()));
  };
  if (installed()) return { ok: true, downloaded: false };
  if (downloadBlocked(deps.env)) {
    return fail({ kind: 'electron-missing', electronVersion, why: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not downloaded' });
  }
  deps.log(`Downloading Electron ${electronVersion} (first start only)...`);
  const result = await deps.run(process.execPath, [join(electronDir, 'install.js')], { cwd: deps.projectRoot, env: deps.env });
  if (result.code !== 0 || !installed()) return fail({ kind: 'electron-missing', electronVersion, why: summarizeFailure(result.output) });
  return { ok: true, downloaded: true };
}

export function realDeps(projectRoot: string): EnsureDeps {
  return {
    projectRoot,
    env: process.env,
    platform: process.platform,
    readText: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
    exists: existsSync,
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
    log: (line) => console.error(line),
  };
}

async function main(): Promise<void> {
  const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const outcome = await ensureElectronStart(realDeps(projectRoot));
  if (!outcome.ok) {
    console.error(outcome.line);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    // Nothing above is expected to throw; if it does, still one line.
    console.error(`npm start: could not check that Electron can start here: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
