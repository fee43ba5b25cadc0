/**
 * The app core in-process against a real sandbox: temp data dirs, the built-in profile pointed at an
 * external sandbox, every emitted event recorded, fast retries and probes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { createAppCore, type AppCore, type AppCoreOptions, type HostPlatform } from '../../src-main/app/appCore';
import type { EventName, EventPayload, Handlers, MethodArgs, MethodName, MethodResult, SyncJob } from '../../src-main/contract/ipc';
import { parseArgs } from '../../src-main/contract/ipc';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

export const SEED = 1;
export const TENDERS = 2000;

export type Recorded = { event: EventName; payload: unknown };

export type TestCore = {
  core: AppCore;
  dir: string;
  events: Recorded[];
  /** Validates the arguments with the contract (as the host does) and calls the handler. */
  call<M extends MethodName>(name: M, args: MethodArgs<M>): Promise<MethodResult<M>>;
  close(): Promise<void>;
};

export function tempDir(prefix = 'twb-app-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Where the test's "save dialog" puts a file: a folder beside the data folder, never inside it (the
 * app refuses a target in its data folder, as the CLI's --out does).
 */
export const exportsDirOf = (dataDir: string): string => `${dataDir}-exports`;

export function platform(dir: string, over: Partial<HostPlatform> = {}): HostPlatform {
  const exportsDir = exportsDirOf(dir);
  return {
    mode: 'electron',
    openExternal: async () => true,
    chooseSavePath: async (name) => {
      mkdirSync(exportsDir, { recursive: true });
      return join(exportsDir, name);
    },
    ...over,
  };
}

/**
 * Money settings that never stop a test which is not about money (like the lifted rate limit): no consent
 * asked, no default cap, no daily budget. The money suites pass `money: 'defaults'` for a fresh install's.
 */
export const LIFTED_SPENDING = { confirmAbove: 1_000_000_000, runCap: 1_000_000_000, dailyBudget: null };

export async function makeCore(baseUrl: string | null, over: Partial<AppCoreOptions> = {}, opts: { money?: 'lifted' | 'defaults' } = {}): Promise<TestCore> {
  const dir = over.dataDir ?? tempDir();
  if ((opts.money ?? 'lifted') === 'lifted' && !existsSync(join(dir, 'settings.json'))) {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null, spending: LIFTED_SPENDING }));
  }
  const events: Recorded[] = [];
  const core = await createAppCore({
    dataDir: dir,
    sandbox: baseUrl ? { kind: 'external', baseUrl } : { kind: 'none' },
    platform: platform(dir),
    version: '0.0.0-test',
    env: {},
    emit: (event, payload) => events.push({ event, payload: JSON.parse(JSON.stringify(payload)) }),
    tuning: { probeIntervalMs: 150, client: { maxAttempts: 3, backoff: { baseMs: 10, maxMs: 50 } }, progressThrottleMs: 200 },
    ...over,
  });
  return {
    core,
    dir,
    events,
    async call(name, args) {
      const parsed = parseArgs(name, args);
      if (!parsed.ok) throw new Error(`invalid arguments for ${name}: ${parsed.error.message}`);
      return (core.handlers[name] as Handlers[typeof name])(parsed.value as never) as Promise<MethodResult<typeof name>>;
    },
    async close() {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(exportsDirOf(dir), { recursive: true, force: true });
    },
  };
}

export const sandbox = (opts: { port?: number; stateFile?: string } = {}): Promise<RunningSandbox> =>
  startSandbox({ seed: SEED, tenders: TENDERS, port: opts.port ?? 0, ...(opts.stateFile ? { stateFile: opts.stateFile } : {}) });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` answers a value (not undefined/false), or fails after `ms`. */
export async function until<T>(check: () => T | Promise<T>, ms = 20_000, what = 'condition'): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== null && v !== false) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Waits for the job to leave running/following; answers its last state. */
export async function finished(t: TestCore, jobId: string): Promise<SyncJob> {
  return until(async () => {
    const job = (await t.call('sync.jobs', {})).find((j) => j.jobId === jobId);
    return job && job.state !== 'running' && job.state !== 'following' ? job : undefined;
  }, 60_000, `job ${jobId}`);
}

/**
 * What most app-core suites start from: one sandbox per file with its rate limit lifted and one core on it,
 * made before the file's tests and closed after them. Read `sb` and `t` inside tests (they exist from then on).
 */
export function coreOnSandbox(over: Partial<AppCoreOptions> = {}): { readonly sb: RunningSandbox; readonly t: TestCore } {
  const made: { sb?: RunningSandbox; t?: TestCore } = {};
  beforeAll(async () => {
    made.sb = await sandbox();
    await control(made.sb, 'rate-limit', { per_minute: 1_000_000 });
    made.t = await makeCore(made.sb.baseUrl, over);
  });
  afterAll(async () => {
    await made.t?.close();
    await made.sb?.close();
  });
  return {
    get sb() {
      return made.sb!;
    },
    get t() {
      return made.t!;
    },
  };
}

export function eventsOf<E extends EventName>(t: TestCore, event: E): EventPayload<E>[] {
  return t.events.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>);
}

/** POST to the sandbox's control surface. */
/** The code and the Russian sentence of a call the core refuses; fails the test when the call succeeds. */
export async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; text?: { ru: string } };
    return { code: err.code ?? '?', message: err.text?.ru ?? String(e) };
  }
  throw new Error('expected a refusal');
}

export async function control(sb: RunningSandbox, name: string, body: unknown): Promise<unknown> {
  const r = await fetch(`${sb.origin}/__sandbox/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`control ${name}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** A fresh demo session straight from the sandbox (to look at server state as the test's oracle). */
export async function demoToken(sb: RunningSandbox): Promise<string> {
  const r = await fetch(`${sb.baseUrl}/auth/login?login=demo&password=demo&token_name=oracle`, { method: 'POST' });
  return ((await r.json()) as { token: string }).token;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON, read freely by assertions
export async function apiGet(sb: RunningSandbox, token: string, path: string): Promise<any> {
  const r = await fetch(`${sb.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return r.json();
}
