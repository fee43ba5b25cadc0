/**
 * `npm run sandbox -- --port 8787 [--seed N] [--tenders N] [--strict]`: serves the sandbox on loopback and
 * prints its base URL; `--strict` serves the strict sandbox (docs/api-decisions.md, "Strict sandbox"). The first start for a seed and size generates the catalogue (with a progress line); later
 * starts reuse it.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEED, DEFAULT_TENDERS, startSandbox } from './index';

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
      'state-file': { type: 'string' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run sandbox -- [--port 8787] [--seed N] [--tenders N] [--state-file FILE] [--strict]');
    return;
  }
  const started = Date.now();
  let lastShown = 0;
  const sandbox = await startSandbox({
    port: positiveInt(values.port, 'port', 8787),
    seed: positiveInt(values.seed, 'seed', DEFAULT_SEED),
    tenders: positiveInt(values.tenders, 'tenders', DEFAULT_TENDERS),
    stateFile: values['state-file'],
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
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.error(`sandbox ready in ${seconds} s (${sandbox.generated ? 'catalogue generated' : 'cached catalogue'})`);
  if (sandbox.strict) console.error('STRICT mode: only what the reference states; every "not shown" choice flipped (docs/api-decisions.md)');
  console.log(sandbox.baseUrl);
  console.error(`earlier generation (X-API-Token): ${sandbox.earlierBaseUrl}`);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`sandbox failed to start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
