/**
 * The end-to-end fixture: every test gets its own world, started in this (the test) process:
 * - the API sandbox (seed 7, 3,000 tenders; its catalogue is cached after the first start) with its state in a
 *   file of the test's temp dir, so `restartSandbox()` comes back on the same port with the same data;
 * - a temp data dir, and the core (CoreHost) on it with `{ kind: 'external', baseUrl }`, so the built-in sandbox
 *   profile points at that sandbox;
 * - browser mode's loopback web server over the built renderer (out/renderer, built by the global setup when
 *   missing or stale, and served from a private copy);
 * - `page` already opened at the app's link (with the per-run secret in its fragment).
 *
 * Usage in `test/e2e/<view>.spec.ts`:
 *
 *   import { test, expect } from './fixtures';
 *   test('search flow', async ({ page, app }) => {
 *     await expect(page.getByRole('navigation')).toBeVisible();
 *     await app.control('tick', { created: 5 });       // the sandbox's /__sandbox/* control surface
 *     await app.screenshot(page, 'search');            // test-results/screenshots/search.png
 *   });
 *
 * Options (`test.use({...})`): `captureApiTokens: true` puts a recording relay between the core and the sandbox,
 * so `app.apiTokensSeen()` lists every API token the core sent or received (security.spec.ts);
 * `strictSandbox: true` starts (and restarts) the sandbox in its strict mode, which sends only what the API
 * reference states (strict-flow.spec.ts).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { startWebServer, type WebServer } from '../../src-main/web/server';
import { startCoreHost } from '../../src-main/app/host/coreHost';
import type { EventName, IpcResponse } from '../../src-main/contract/ipc';

export { expect };

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
/** The renderer the tests serve: global setup's private copy of out/renderer (out/renderer itself without it). */
export const rendererDir = process.env.TENDERWB_E2E_RENDERER_DIR ?? path.join(projectRoot, 'out', 'renderer');
export const screenshotsDir = path.join(projectRoot, 'test-results', 'screenshots');
const appVersion = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

export const SANDBOX_SEED = 7;
export const SANDBOX_TENDERS = 3000;
/** The API's token shape (the sandbox issues `tenderwb_live_…` and `tenderwb_test_…`). */
export const API_TOKEN_PATTERN = /tenderwb_(?:live|test)_[A-Za-z0-9]{32}/g;

// ---------------------------------------------------------------------------------------------------------
// The fixture's API
// ---------------------------------------------------------------------------------------------------------

export interface E2eApp {
  /** The link the page was opened at: `http://127.0.0.1:PORT/#k=SECRET`. */
  url: string;
  /** `http://127.0.0.1:PORT` of the web server. */
  origin: string;
  /** The web server's port. */
  port: number;
  /** `http://127.0.0.1:PORT` of the sandbox (its `/__sandbox/*` control surface lives here). */
  sandboxOrigin: string;
  sandboxPort: number;
  /** `http://127.0.0.1:PORT/api/v2` of the sandbox itself (the core may be behind the token relay). */
  sandboxBaseUrl: string;
  /** The core's data directory (a fresh temp dir per test). */
  dataDir: string;
  /** Links the core asked to open in the user's browser (`app.openExternal`), in order. Nothing is opened. */
  openedExternal: string[];
  /** POST `/__sandbox/<name>` (or GET for `state`); throws unless 2xx. E.g. `control('tick', { created: 5 })`. */
  control(name: string, body?: unknown): Promise<unknown>;
  /** Calls the core directly (not through the page), e.g. to prepare data: answers the IpcResponse envelope. */
  invoke(name: string, args?: unknown): Promise<IpcResponse<unknown>>;
  /** Stops the sandbox: the core sees the network go away (offline). */
  stopSandbox(): Promise<void>;
  /** Stops browser mode's web server (as when `npm run web` is stopped): the page loses its backend. */
  stopWebServer(): Promise<void>;
  /** Starts it again on the same port with the same state. */
  restartSandbox(): Promise<void>;
  /**
   * Stops browser mode entirely (web server and core) and starts it again on the same data dir, as a new
   * `npm run web` does: a new port, so a new origin with empty page storage. Answers the new link.
   */
  restartWebMode(): Promise<string>;
  /** A full-page screenshot to test-results/screenshots/<name>.png; answers the path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** With `captureApiTokens`: every distinct API token seen between the core and the sandbox. */
  apiTokensSeen(): string[];
  /** Every event the core emitted since the start (what the page's event stream carries), in order. */
  events(): { event: EventName; payload: unknown }[];
  /** Resolves with the first event (from now on) that `match` accepts. */
  waitForEvent(match: (event: EventName, payload: unknown) => boolean, options?: { timeoutMs?: number }): Promise<{ event: EventName; payload: unknown }>;
}

type TestFixtures = { app: E2eApp };
type Options = { captureApiTokens: boolean; strictSandbox: boolean; moneyDefaults: boolean };

export const test = base.extend<TestFixtures & Options>({
  captureApiTokens: [false, { option: true }],
  strictSandbox: [false, { option: true }],
  // A fresh install's money settings (consent above 100 units...); other specs lift them, like a rate limit.
  moneyDefaults: [false, { option: true }],

  app: async ({ captureApiTokens, strictSandbox, moneyDefaults }, use, testInfo) => {
    const tmp = await mkdtemp(path.join(tmpdir(), 'twb-e2e-'));
    const dataDir = path.join(tmp, 'data');
    await mkdir(dataDir, { recursive: true });
    if (!moneyDefaults) {
      const lifted = { confirmAbove: 1_000_000_000, runCap: 1_000_000_000, dailyBudget: null };
      await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null, spending: lifted }));
    }
    const stateFile = path.join(tmp, 'sandbox.sqlite');
    const openedExternal: string[] = [];
    // `strict` always given, `false` included: TENDERWB_SANDBOX_STRICT in the environment must not flip the
    // specs written against the ordinary sandbox.
    const sandboxOptions = { port: 0, seed: SANDBOX_SEED, tenders: SANDBOX_TENDERS, stateFile, strict: strictSandbox };
    const cleanups: (() => Promise<void>)[] = [];
    try {
      let sandbox: RunningSandbox | null = await startSandbox(sandboxOptions);
      const sandboxPort = sandbox.port;
      const sandboxOrigin = sandbox.origin;
      const sandboxBaseUrl = sandbox.baseUrl;
      cleanups.push(async () => {
        await sandbox?.close();
        sandbox = null;
      });

      let coreBaseUrl = sandboxBaseUrl;
      const tokens = new Set<string>();
      if (captureApiTokens) {
        const relay = await startTokenRelay(sandboxPort, tokens);
        coreBaseUrl = `http://127.0.0.1:${relay.port}/api/v2`;
        cleanups.push(relay.close);
      }

      let web: WebServer | null = null;
      const env: NodeJS.ProcessEnv = { ...process.env, TENDERWB_DATA_DIR: dataDir };
      delete env.TENDERWB_TOKEN;
      const hostOptions: Parameters<typeof startCoreHost>[0] = {
        dataDir,
        sandbox: { kind: 'external', baseUrl: coreBaseUrl },
        platform: {
          mode: 'browser',
          publishDownload: (filePath, fileName) => {
            if (web === null) return Promise.reject(new Error('the web server is not running'));
            return web.publishDownload(filePath, fileName);
          },
          openExternal: (url) => {
            openedExternal.push(url);
            return Promise.resolve(true);
          },
        },
        env,
        version: appVersion,
      };
      let host = await startCoreHost(hostOptions);
      cleanups.push(() => host.close());
      const events: { event: EventName; payload: unknown }[] = [];
      const waiters = new Set<(event: EventName, payload: unknown) => void>();
      const listen = () =>
        host.on((event, payload) => {
          events.push({ event, payload });
          for (const waiter of [...waiters]) waiter(event, payload);
        });
      let unsubscribe = listen();
      cleanups.push(() => Promise.resolve(unsubscribe()));

      const startWeb = () => startWebServer({ host, rendererDir, port: 0, removeServedFiles: true, log: (m) => console.error(`[web] ${m}`) });
      web = await startWeb();
      let server = web;
      let webClosed: Promise<void> | null = null;
      const closeWeb = (): Promise<void> => (webClosed ??= server.close());
      cleanups.push(closeWeb);

      const app: E2eApp = {
        url: server.url,
        origin: server.origin,
        port: server.port,
        sandboxOrigin,
        sandboxPort,
        sandboxBaseUrl,
        dataDir,
        openedExternal,
        control: (name, body = {}) => sandboxControl(sandboxOrigin, name, body),
        invoke: (name, args = {}) => host.invoke(name, args),
        stopWebServer: () => {
          backendStopped.add(app);
          return closeWeb();
        },
        async stopSandbox() {
          const running = sandbox;
          sandbox = null;
          await running?.close();
        },
        async restartSandbox() {
          const running = sandbox;
          sandbox = null;
          await running?.close();
          sandbox = await startSandbox({ ...sandboxOptions, port: sandboxPort });
        },
        async restartWebMode() {
          backendStopped.add(app);
          await closeWeb();
          unsubscribe();
          await host.close();
          host = await startCoreHost(hostOptions);
          unsubscribe = listen();
          web = server = await startWeb();
          webClosed = null;
          return server.url;
        },
        async screenshot(page, name) {
          const file = path.join(screenshotsDir, `${name.replace(/[^\p{L}\p{N}_.-]+/gu, '-')}.png`);
          await mkdir(screenshotsDir, { recursive: true });
          await page.screenshot({ path: file, fullPage: true });
          await testInfo.attach(name, { path: file, contentType: 'image/png' });
          return file;
        },
        apiTokensSeen: () => [...tokens],
        events: () => [...events],
        waitForEvent: (match, options = {}) =>
          new Promise((resolve, reject) => {
            const timeoutMs = options.timeoutMs ?? 30_000;
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              reject(new Error(`no matching core event within ${timeoutMs} ms`));
            }, timeoutMs);
            const waiter = (event: EventName, payload: unknown): void => {
              if (!match(event, payload)) return;
              clearTimeout(timer);
              waiters.delete(waiter);
              resolve({ event, payload });
            };
            waiters.add(waiter);
          }),
      };
      await use(app);
    } finally {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error('[e2e] cleanup failed:', error);
        }
      }
      await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    }
  },

  // Every spec's page must stay free of console errors and uncaught exceptions (a CSP
  // directive the meta tag cannot carry logged an error on every load). Failed loads after the spec itself
  // stopped the web server are what it is testing, and are not counted.
  page: async ({ page, app }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (backendStopped.has(app) && /^Failed to load resource|net::ERR_/.test(message.text())) return;
      const where = message.location();
      problems.push(`console error: ${message.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(app.url);
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

/** Apps whose web server the spec stopped or restarted: the page's failed loads are expected from then on. */
const backendStopped = new WeakSet<E2eApp>();

async function sandboxControl(origin: string, name: string, body: unknown): Promise<unknown> {
  const get = name === 'state';
  const response = await fetch(`${origin}/__sandbox/${name}`, {
    method: get ? 'GET' : 'POST',
    headers: get ? {} : { 'content-type': 'application/json' },
    body: get ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox control ${name} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * A relay in front of the sandbox that records every API token going either way (the Authorization header the
 * core sends, any token in an answer such as /auth/login's). When the sandbox is down, the relay drops the
 * connection, which the core sees as the network being away.
 */
async function startTokenRelay(sandboxPort: number, tokens: Set<string>): Promise<{ port: number; close(): Promise<void> }> {
  const record = (text: string): void => {
    for (const match of text.matchAll(API_TOKEN_PATTERN)) tokens.add(match[0]);
  };
  const server: Server = createServer((req, res) => {
    const auth = req.headers.authorization;
    if (typeof auth === 'string') {
      record(auth);
      const bearer = /^Bearer\s+(\S+)/i.exec(auth);
      if (bearer !== null) tokens.add(bearer[1]!);
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port: sandboxPort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${sandboxPort}` } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          record(body.toString('utf8'));
          const headers = { ...answer.headers };
          delete headers['transfer-encoding'];
          headers['content-length'] = String(body.length);
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
