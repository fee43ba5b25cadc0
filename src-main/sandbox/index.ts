/**
 * The sandbox: our own implementation of the current-generation API over deterministic demo data. The app
 * starts it in-process as its default profile; tests start it as the oracle the client is checked against.
 *
 * Layout: `http/` the HTTP front (`server.ts`), with the one router both generations' route tables use
 * (`http/router.ts`); `api/` the current generation's routes at `/api/v2`; `earlier/` the earlier
 * generation's front and routes at `/legacy/api/v2`; `service/` the API's rules; `store/` its SQLite world;
 * `data/` the deterministic demo data.
 */
import { createSandboxServer, listen, API_PREFIX } from './http/server';
import { EARLIER_PREFIX } from './earlier/http';
import { Faults } from './http/faults';
import { RateLimiter } from './http/rateLimiter';
import type { SandboxHost } from './http/host';
import { SandboxService } from './service/sandboxService';
import { SandboxClock } from './service/clock';
import { defaultCacheDir, makeTempWorkPath, openWorld, type OpenedWorld } from './store/world';
import { conductFor } from './service/conduct';

export { STRICT_PAGE_CAP } from './service/conduct';

export type SandboxOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  seed?: number;
  /** Catalogue size; default 5,000 tenders. */
  tenders?: number;
  /** Where generated catalogues are cached; default ~/.cache/tender-workbench/sandbox or $TENDERWB_SANDBOX_CACHE. */
  cacheDir?: string;
  /**
   * Keep the sandbox's state in this file across restarts (the app's sandbox profile, `npm run sandbox --
   * --data DIR`); default a temp file. Reopened later, the world first lives the time it was closed.
   */
  stateFile?: string;
  /** Start `stateFile` over from the demo state (accounts, tokens, lists, feeds, billing) instead of reopening it. */
  fresh?: boolean;
  /**
   * Where the sandbox clock starts (ISO-8601 or epoch ms); default the real time. The catalogue is made for
   * this moment's Moscow day, so a test that needs a fixed date gets a world of that date.
   */
  now?: string | number;
  onProgress?: (done: number, total: number) => void;
  /**
   * The strict sandbox (docs/api-decisions.md, "Strict sandbox"): only what the reference states, and the
   * other plausible choice wherever it says "not shown". Default: `TENDERWB_SANDBOX_STRICT=1` in the
   * environment, so whole test suites can run against it; an explicit `false` wins over the variable.
   */
  strict?: boolean;
};

export type RunningSandbox = {
  /** `http://127.0.0.1:PORT/api/v2` */
  baseUrl: string;
  /** `http://127.0.0.1:PORT/legacy/api/v2`: the earlier generation over the same state (D-E-BASE-1). */
  earlierBaseUrl: string;
  /** `http://127.0.0.1:PORT`, where `/__sandbox/*` lives. */
  origin: string;
  port: number;
  /** Whether this start had to generate the catalogue (the first start for a seed, size and day). */
  generated: boolean;
  /** What a kept state lived at this start (the time it was closed): null for a fresh copy. */
  caughtUp: OpenedWorld['caughtUp'];
  /** Whether this sandbox runs strict (see SandboxOptions.strict). */
  strict: boolean;
  close(): Promise<void>;
};

export const DEFAULT_SEED = 1;
export const DEFAULT_TENDERS = 5000;

function startOf(now: string | number | undefined): number | undefined {
  if (now === undefined) return undefined;
  const ms = typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new RangeError(`now must be an ISO-8601 time or epoch milliseconds, got ${String(now)}`);
  return ms;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = opts.seed ?? DEFAULT_SEED;
  const tenders = opts.tenders ?? DEFAULT_TENDERS;
  const clock = new SandboxClock(startOf(opts.now));
  const temp = opts.stateFile ? null : makeTempWorkPath();
  const workPath = opts.stateFile ?? temp!.path;
  const open = (fresh: boolean): OpenedWorld =>
    openWorld({ cacheDir: opts.cacheDir ?? defaultCacheDir(), seed, tenders, workPath, fresh, nowMs: clock.nowMs(), onProgress: opts.onProgress });
  const strict = opts.strict ?? process.env.TENDERWB_SANDBOX_STRICT === '1';
  const conduct = conductFor(strict);
  let opened: OpenedWorld;
  try {
    opened = open(opts.fresh === true);
  } catch (e) {
    temp?.dispose();
    throw e;
  }
  let service = new SandboxService(opened.db, workPath, clock, conduct);
  let origin = '';

  const host: SandboxHost = {
    service: () => service,
    faults: new Faults(),
    rateLimiter: new RateLimiter(100),
    strict,
    baseUrl: () => origin + API_PREFIX,
    reset() {
      service.close();
      clock.reset();
      host.faults.clear();
      host.rateLimiter.perMinute = 100;
      host.rateLimiter.clear();
      service = new SandboxService(open(true).db, workPath, clock, conduct);
      service.fileOrigin = origin;
    },
  };
  const server = createSandboxServer(host);
  const port = await listen(server, opts.port ?? 0);
  origin = `http://127.0.0.1:${port}`;
  service.fileOrigin = origin;
  return {
    baseUrl: origin + API_PREFIX,
    earlierBaseUrl: origin + EARLIER_PREFIX,
    origin,
    port,
    generated: opened.generated,
    caughtUp: opened.caughtUp,
    strict,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          service.close();
          temp?.dispose();
          resolve();
        });
      }),
  };
}
