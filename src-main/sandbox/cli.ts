/**
 * `npm run sandbox -- --port 8787 [--seed N] [--tenders N] [--data DIR] [--fresh] [--now ISO] [--strict]`:
 * serves the sandbox on loopback and prints its base URL; `--strict` serves the strict sandbox
 * (docs/api-decisions.md, "Strict sandbox").
 *
 * Like a real server it keeps its world across restarts: accounts, tokens, lists, feeds and their cursors'
 * signing key, billing, in a data folder (`--data DIR`, default `sandbox-server` in the user's data
 * directory, see defaultDataDir), one state file per seed and size. Reopened later, the world first lives the
 * time it was closed. `--fresh` starts that state over; `--state-file FILE` names the file itself. The first
 * start for a seed, size and day generates the catalogue (with a progress line); later starts reuse it.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_SEED, DEFAULT_TENDERS, startSandbox } from './index';
import { defaultDataDir, stateFileIn } from './store/world';

const USAGE =
  'Usage: npm run sandbox -- [--port 8787] [--seed N] [--tenders N] [--data DIR] [--fresh] [--state-file FILE] [--now ISO] [--strict]\n' +
  '  --data DIR    where the world is kept across restarts (default: the sandbox-server folder of your data directory)\n' +
  '  --fresh       start the kept world over (accounts, tokens, lists, feeds, balances back to the demo state)\n' +
  '  --state-file  the state file itself instead of one in --data\n' +
  '  --now ISO     start the sandbox clock at this time instead of now (the demo world is made for that day)\n' +
  '  --strict      only what the reference states; every "not shown" choice flipped';

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number, got "${value}"`);
    process.exit(2);
  }
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      seed: { type: 'string' },
      tenders: { type: 'string' },
      data: { type: 'string' },
      fresh: { type: 'boolean' },
      'state-file': { type: 'string' },
      now: { type: 'string' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.now !== undefined && !Number.isFinite(Date.parse(values.now))) {
    console.error(`--now must be an ISO-8601 time such as 2027-01-15T10:00:00+03:00, got "${values.now}"`);
    process.exit(2);
  }
  const seed = positiveInt(values.seed, 'seed', DEFAULT_SEED);
  const tenders = positiveInt(values.tenders, 'tenders', DEFAULT_TENDERS);
  const stateFile = values['state-file'] ?? stateFileIn(values.data ?? defaultDataDir(), seed, tenders);
  if (existsSync(stateFile) && values.fresh !== true) {
    console.error(`reopening the world kept in ${stateFile}: first it lives the time it was closed (up to 60 days of it)`);
  }
  const started = Date.now();
  let lastShown = 0;
  const sandbox = await startSandbox({
    port: positiveInt(values.port, 'port', 8787),
    seed,
    tenders,
    stateFile,
    fresh: values.fresh === true,
    now: values.now,
    // Absent, the flag leaves the choice to TENDERWB_SANDBOX_STRICT, as startSandbox does.
    strict: values.strict ? true : undefined,
    onProgress: (done, total) => {
      const now = Date.now();
      if (now - lastShown < 1000 && done < total) return;
      lastShown = now;
      process.stderr.write(`\rgenerating demo data: ${done.toLocaleString('ru-RU')} / ${total.toLocaleString('ru-RU')} tenders`);
      if (done >= total) process.stderr.write('\n');
    },
  });
  // Before the address is printed: whoever reads it may stop the sandbox at once, and must find it closing
  // its state cleanly.
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const how = sandbox.caughtUp ? 'kept world reopened' : sandbox.generated ? 'catalogue generated' : 'cached catalogue';
  console.error(`sandbox ready in ${seconds} s (${how})`);
  console.error(`state kept in ${stateFile} (--fresh starts it over)`);
  const caught = sandbox.caughtUp;
  if (caught && caught.entries > 0) {
    console.error(`the world lived ${caught.from} → ${caught.to} while closed: ${caught.tenders} tenders found, ${caught.entries} versions in all`);
  }
  if (sandbox.strict) console.error('STRICT mode: only what the reference states; every "not shown" choice flipped (docs/api-decisions.md)');
  console.log(sandbox.baseUrl);
  console.error(`earlier generation (X-API-Token): ${sandbox.earlierBaseUrl}`);
}

main().catch((e: unknown) => {
  console.error(`sandbox failed to start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
