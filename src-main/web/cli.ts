/**
 * `npm run web` — browser mode: the same core as the desktop app, in Node, with the renderer served on
 * 127.0.0.1 (for machines without Electron, and for the end-to-end tests). The npm script builds the renderer
 * first (`electron-vite build`); this entry builds nothing.
 *
 *   npm run web -- [--data-dir DIR] [--port N] [--open] [--seed N] [--tenders N]
 *
 * Prints one line with the link to open: `http://127.0.0.1:PORT/#k=SECRET`. The per-run secret travels only in
 * that link's fragment (never a query string, never sent to a server by the browser); it is printed nowhere else
 * and stored nowhere. Ctrl-C (SIGINT) or SIGTERM shuts the core down cleanly.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCoreHost, type CoreHost, type HostPlatform, type SandboxChoice } from '../app/host/coreHost';
import { resolveRootDir } from '../profiles/profiles';
import { isAllowedExternalUrl } from '../contract/externalUrl';
import { startWebServer, type WebServer } from './server';
import { localeSchema } from '../contract/ipc';
import { cacheUpgradeText } from '../i18n/cacheUpgrade';

const USAGE = `Usage: npm run web -- [--data-dir DIR] [--port N] [--open] [--seed N] [--tenders N]

  --data-dir DIR   where profiles and caches live (default: TENDERWB_DATA_DIR, else the platform's data dir)
  --port N         loopback port (default: a free one)
  --open           open the link in the system browser
  --seed N         demo data seed of the built-in sandbox
  --tenders N      demo catalogue size of the built-in sandbox`;

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

class UsageError extends Error {}

function wholeNumber(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new UsageError(`--${name} must be a whole number up to ${max}, got "${value}"`);
  return Number(value);
}

/** Opens a URL in the user's browser with the platform's opener, detached; never through a shell. */
function openInSystemBrowser(url: string): Promise<boolean> {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', url]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      open: { type: 'boolean', default: false },
      seed: { type: 'string' },
      tenders: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = wholeNumber(values.port, 'port', 65535) ?? 0;
  const seed = wholeNumber(values.seed, 'seed', 2 ** 31);
  const tenders = wholeNumber(values.tenders, 'tenders', 10_000_000);
  const dataDir = values['data-dir'] !== undefined ? path.resolve(values['data-dir']) : resolveRootDir(process.env, process.platform, homedir());
  const version = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const rendererDir = path.join(projectRoot, 'out', 'renderer');

  const sandbox: SandboxChoice = { kind: 'embedded', ...(seed !== undefined ? { seed } : {}), ...(tenders !== undefined ? { tenders } : {}) };
  let web: WebServer | null = null;
  const platform: HostPlatform = {
    mode: 'browser',
    publishDownload: (filePath, fileName) => {
      if (web === null) return Promise.reject(new Error('The web server is not running.'));
      return web.publishDownload(filePath, fileName);
    },
    openExternal: (url) => (isAllowedExternalUrl(url) ? openInSystemBrowser(url) : Promise.resolve(false)),
  };

  console.error(`tender workbench: starting the core (data: ${dataDir})…`);
  // The start opens the last profile's cache; its upgrade after an update can take minutes.
  const onEvent = (event: string, payload: unknown): void => {
    if (event !== 'cache.upgrade' || process.stderr.isTTY !== true) return;
    const { percent } = payload as { percent: number };
    process.stderr.write(`\rtender workbench: ${cacheUpgradeText(percent, 'en')}${percent === 100 ? '\n' : ''}`);
  };
  const host: CoreHost = await startCoreHost({ dataDir, sandbox, platform, env: process.env, version, onEvent });
  try {
    // The user's language from the first request on (a page left open from the last run is refused in it).
    const info = await host.invoke('app.info', {});
    const locale = info.ok ? localeSchema.safeParse((info.value as { locale?: unknown }).locale) : null;
    web = await startWebServer({
      host,
      rendererDir,
      port,
      removeServedFiles: true,
      log: (message) => console.error(`tender workbench: ${message}`),
      ...(locale?.success ? { locale: locale.data } : {}),
    });
  } catch (error) {
    await host.close().catch(() => undefined);
    throw error;
  }
  const server = web;

  // The one line that carries the secret.
  console.log(`Tender Workbench: ${server.url}`);
  console.error('tender workbench: open the link above in a browser on this machine; Ctrl-C stops.');
  if (values.open && !(await openInSystemBrowser(server.url))) console.error('tender workbench: could not open a browser; open the link by hand.');

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error('tender workbench: stopping now.');
      process.exit(130);
    }
    stopping = true;
    console.error(`tender workbench: ${signal}, shutting down…`);
    const force = setTimeout(() => {
      console.error('tender workbench: the core did not stop in 15 s; exiting.');
      process.exit(1);
    }, 15_000);
    force.unref();
    void (async () => {
      let code = 0;
      try {
        await server.close();
      } catch (error) {
        code = 1;
        console.error(`tender workbench: closing the server failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      try {
        await host.close();
      } catch (error) {
        code = 1;
        console.error(`tender workbench: closing the core failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      process.exit(code);
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  // A thrown non-Error (an IPC error object) showed as "[object Object]": its message is shown instead.
  const message = error instanceof Error ? error.message : typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message : String(error);
  console.error(`tender workbench: could not start: ${message}`);
  process.exit(1);
});
