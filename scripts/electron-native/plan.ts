/**
 * Decisions of `npm start`'s native step, as pure functions (tested in test/shell/electronNative.test.ts):
 * whether an Electron-ABI build of better-sqlite3 is needed, where it goes, how it is made, and the one line
 * the user reads when it cannot be made. The side effects live in ensure.ts.
 *
 * How a build is made, in order: (1) prebuild-install downloads better-sqlite3's prebuilt binary for this
 * Electron from its GitHub releases (no compiler needed; what happens on most users' machines); (2) otherwise
 * node-gyp compiles it against Electron's headers (downloaded from electronjs.org, cached by node-gyp).
 */
import { join } from 'node:path';
import { betterSqlite3ElectronBinding, betterSqlite3ElectronDir, type ElectronNativeStamp, type ElectronTarget } from '../../src-main/shell/electronNative';

export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';

export interface NativeFacts {
  readonly projectRoot: string;
  readonly target: ElectronTarget;
  readonly betterSqlite3Version: string;
}

export type NativePlan =
  | { readonly action: 'ready'; readonly binding: string }
  | { readonly action: 'build'; readonly binding: string; readonly dir: string; readonly reason: string };

/** Whether the Electron build for `facts` is there and was made for exactly this target and package version. */
export function planBetterSqlite3(facts: NativeFacts, found: { readonly stamp: unknown; readonly bindingExists: boolean }): NativePlan {
  const dir = betterSqlite3ElectronDir(facts.projectRoot, facts.target);
  const binding = betterSqlite3ElectronBinding(facts.projectRoot, facts.target);
  const build = (reason: string): NativePlan => ({ action: 'build', binding, dir, reason });
  if (!found.bindingExists) return build(`no better-sqlite3 build for Electron ${facts.target.electronVersion} yet`);
  const stamp = found.stamp as Partial<ElectronNativeStamp> | null;
  if (stamp === null || typeof stamp !== 'object') return build('the existing build has no record of what it was built for');
  const wanted: Record<string, string> = { ...facts.target, betterSqlite3: facts.betterSqlite3Version };
  for (const [key, value] of Object.entries(wanted)) {
    const had = (stamp as Record<string, unknown>)[key];
    if (had !== value) return build(`the existing build is for ${key} ${String(had)}, ${value} is needed`);
  }
  return { action: 'ready', binding };
}

export interface BuildTools {
  readonly node: string;
  /** prebuild-install's bin.js, or null when it is not installed. */
  readonly prebuildInstall: string | null;
  readonly nodeGyp: string;
}

export interface BuildStep {
  readonly kind: 'prebuilt' | 'compile';
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * The environment for building against Electron. node-gyp takes its options from the environment, in both
 * of its forms: `npm_package_config_node_gyp_<option>` (what .ci/run exports and the README documents for
 * building the Node modules against the local Node headers, `..._nodedir=/usr`) and the older
 * `npm_config_<option>` (an .npmrc or a user's shell). Either would make node-gyp build for Node's ABI again:
 * every setting that picks headers, runtime, target or architecture is removed, the command line says it.
 */
export function electronBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const dropped = /^(npm_config_|npm_package_config_node_gyp_)(nodedir|target|target_arch|arch|runtime|disturl|dist_url|build_from_source|devdir)$/i;
  return Object.fromEntries(Object.entries(env).filter(([key]) => !dropped.test(key)));
}

const isHost = (target: ElectronTarget, host: { platform: string; arch: string }): boolean => target.platform === host.platform && target.arch === host.arch;

/** The ways to make the build, tried in order until one succeeds. Compiling is possible only for this machine. */
export function buildSteps(facts: NativeFacts, dir: string, tools: BuildTools, env: NodeJS.ProcessEnv, host: { platform: string; arch: string }): BuildStep[] {
  const { electronVersion, platform, arch } = facts.target;
  const clean = electronBuildEnv(env);
  const steps: BuildStep[] = [];
  if (tools.prebuildInstall !== null) {
    steps.push({
      kind: 'prebuilt',
      command: tools.node,
      args: [tools.prebuildInstall, '--runtime=electron', `--target=${electronVersion}`, `--platform=${platform}`, `--arch=${arch}`, '--verbose'],
      cwd: dir,
      env: clean,
    });
  }
  if (isHost(facts.target, host)) {
    steps.push({
      kind: 'compile',
      command: tools.node,
      args: [tools.nodeGyp, 'rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, `--arch=${arch}`, `--dist-url=${ELECTRON_HEADERS_URL}`],
      cwd: dir,
      env: clean,
    });
  }
  return steps;
}

/** Programs node-gyp needs to compile on this platform (Windows needs Visual Studio, which node-gyp finds itself). */
export function compileTools(platform: string): string[][] {
  if (platform === 'win32') return [['python', 'python3', 'py']];
  return [['python3', 'python'], ['make'], ['c++', 'g++', 'clang++']];
}

/** Which required programs are missing (each entry lists acceptable alternatives; the first name is shown). */
export function missingCompileTools(platform: string, has: (program: string) => boolean): string[] {
  return compileTools(platform)
    .filter((alternatives) => !alternatives.some(has))
    .map((alternatives) => alternatives[0]!);
}

/**
 * One line from a failed command's output that says why: a network error of prebuild-install, node-gyp's
 * error (its several `stack` lines joined, with the URL it was downloading), a compiler error, or the last line.
 */
export function summarizeFailure(output: string): string {
  const lines = output.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  const download = [...output.matchAll(/gyp http GET (\S+)/g)].at(-1)?.[1];
  const stack = lines
    .filter((l) => l.startsWith('gyp ERR! stack '))
    .map((l) => l.slice('gyp ERR! stack '.length))
    .filter((l) => !l.startsWith('at '))
    .join(' ');
  const network = lines.find((l) => /(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|getaddrinfo|fetch failed|socket hang up|certificate)/i.test(l));
  if (stack !== '') {
    const why = stack.replace(/^Error: /, '');
    if (download !== undefined && /network|download|40\d|50\d|ENOTFOUND|ETIMEDOUT|ECONNRE/i.test(why + (network ?? ''))) {
      return clip(`downloading ${download} failed (${/connectivity/.test(why) ? 'no network connection to it' : why})`);
    }
    return clip(why);
  }
  if (network !== undefined) return clip(network.replace(/^prebuild-install (warn|info|err!?)( install)? /i, ''));
  const compiler = lines.find((l) => /\berror\b:/i.test(l));
  return clip(compiler ?? lines.at(-1) ?? 'no output');
}

const clip = (s: string): string => (s.length > 200 ? `${s.slice(0, 197)}...` : s);

/**
 * Why no Electron window can open on this machine, or null. On Linux and the BSDs a window needs an X11 or a
 * Wayland display (a server, a container, CI over ssh have neither); macOS and Windows always have one.
 */
export function displayProblem(platform: string, env: NodeJS.ProcessEnv): string | null {
  if (platform !== 'linux' && !platform.endsWith('bsd')) return null;
  if ((env['DISPLAY'] ?? '') !== '' || (env['WAYLAND_DISPLAY'] ?? '') !== '') return null;
  return 'neither DISPLAY nor WAYLAND_DISPLAY is set';
}

/** What to do instead, in every failure that means "no window here". */
const USE_WEB = 'run "npm run web" to use the same app in a browser instead (README, "Two commands")';

export type NativeFailure =
  | { readonly kind: 'no-display'; readonly why: string }
  | { readonly kind: 'electron-missing'; readonly electronVersion: string; readonly why: string }
  | { readonly kind: 'toolchain'; readonly electronVersion: string; readonly missing: readonly string[]; readonly prebuiltWhy: string | null }
  | { readonly kind: 'cross-compile'; readonly target: ElectronTarget; readonly prebuiltWhy: string | null }
  | { readonly kind: 'build-failed'; readonly electronVersion: string; readonly why: string };

/** The single line the user reads when `npm start` cannot go on (no stack trace). */
export function failureLine(failure: NativeFailure): string {
  switch (failure.kind) {
    case 'no-display':
      return `npm start: there is no display here (${failure.why}), so the Electron window cannot open: ${USE_WEB}.`;
    case 'electron-missing':
      return `npm start: Electron ${failure.electronVersion} is not installed and could not be downloaded (${failure.why}), so the window cannot open here: ${USE_WEB}.`;
    case 'toolchain': {
      const what = failure.missing.join(', ');
      const prebuilt = failure.prebuiltWhy === null ? '' : ` (no prebuilt binary could be downloaded: ${failure.prebuiltWhy})`;
      return (
        `npm start: better-sqlite3 must be compiled for Electron ${failure.electronVersion}${prebuilt}, but ${what} ` +
        `${failure.missing.length === 1 ? 'is' : 'are'} not installed: install ${failure.missing.length === 1 ? 'it' : 'them'} ` +
        '(Debian/Ubuntu: apt-get install python3 make g++) and run npm start again.'
      );
    }
    case 'cross-compile': {
      const t = failure.target;
      const prebuilt = failure.prebuiltWhy === null ? 'prebuild-install is not installed' : failure.prebuiltWhy;
      return `npm start: no prebuilt better-sqlite3 for Electron ${t.electronVersion} on ${t.platform}-${t.arch} (${prebuilt}), and it cannot be compiled on another platform or architecture.`;
    }
    case 'build-failed':
      return `npm start: could not build better-sqlite3 for Electron ${failure.electronVersion}: ${failure.why}`;
  }
}

/** The files of the better-sqlite3 package a build needs (its package.json `files`, without any build/). */
export const BETTER_SQLITE3_SOURCES = ['package.json', 'binding.gyp', 'src', 'lib', 'deps'];

export const electronBinaryMarker = (projectRoot: string): string => join(projectRoot, 'node_modules', 'electron', 'path.txt');
