/**
 * How the strict mode is chosen and kept: `strict: true`, `TENDERWB_SANDBOX_STRICT=1` as the default of the
 * option (an explicit `false` wins), `POST /__sandbox/reset` keeps it, and `npm run sandbox -- --strict`
 * says so.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';
import { api, ctl, type Sandbox } from './helpers';

const opened: Sandbox[] = [];
// Whole suites may run with TENDERWB_SANDBOX_STRICT=1: each test here sets it as it needs and gives it back.
const envBefore = process.env.TENDERWB_SANDBOX_STRICT;
const open = async (opts: { strict?: boolean }) => {
  const sb = await startSandbox({ port: 0, seed: 7, tenders: 3000, ...opts });
  opened.push(sb);
  return sb;
};
afterEach(async () => {
  if (envBefore === undefined) delete process.env.TENDERWB_SANDBOX_STRICT;
  else process.env.TENDERWB_SANDBOX_STRICT = envBefore;
  await Promise.all(opened.splice(0).map((sb) => sb.close()));
});

/** A login's id tells the modes apart: a session (id 0) by default, a permanent token in strict. */
const loginId = async (sb: Sandbox): Promise<number> => (await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=m')).json.id;

describe('choosing the strict mode', () => {
  it('TENDERWB_SANDBOX_STRICT=1 is the default of `strict`; an explicit false wins', async () => {
    process.env.TENDERWB_SANDBOX_STRICT = '1';
    const byEnv = await open({});
    expect(byEnv.strict).toBe(true);
    expect(await loginId(byEnv)).toBeGreaterThan(0);
    const forcedDefault = await open({ strict: false });
    expect(forcedDefault.strict).toBe(false);
    expect(await loginId(forcedDefault)).toBe(0);
  });

  it('without the variable or the option the sandbox is the default one', async () => {
    delete process.env.TENDERWB_SANDBOX_STRICT;
    const plain = await open({});
    expect(plain.strict).toBe(false);
    expect(await loginId(plain)).toBe(0);
  });

  it('POST /__sandbox/reset keeps the mode', async () => {
    const sb = await open({ strict: true });
    await ctl(sb, 'reset');
    expect(await loginId(sb)).toBeGreaterThan(0);
    const preparing = await api(sb, 'POST', '/tenders/query', {
      token: (await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=m2')).json.token,
      body: { keywords: ['ремонт'] },
    });
    expect(preparing.status).toBe(202);
    expect(preparing.headers).not.toHaveProperty('retry-after');
  });

  it('`npm run sandbox -- --strict` says that it is strict', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/sandbox/cli.ts', '--strict', '--port', '0', '--seed', '7', '--tenders', '3000'], {
      cwd: process.cwd(),
      env: { ...process.env, TENDERWB_SANDBOX_STRICT: '' },
    });
    let output = '';
    // Waits for the announcement itself (the condition), whatever the machine's speed.
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (/strict/i.test(output) && /http:\/\/127\.0\.0\.1:\d+\/api\/v2/.test(output)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}) before announcing itself: ${output}`)));
    });
    child.kill('SIGTERM');
    expect(output).toMatch(/STRICT mode/);
  });
});
