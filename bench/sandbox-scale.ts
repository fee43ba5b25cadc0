/**
 * Scale check of the sandbox (not a test): start it at a size (default 1,000,000 tenders), then time keyword
 * QUERYs from the first 202 to the full count, and report the process's memory.
 *
 *   npx tsx bench/sandbox-scale.ts [--tenders 1000000] [--seed 1]
 */
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { startSandbox } from '../src-main/sandbox/index';

const { values } = parseArgs({ options: { tenders: { type: 'string', default: '1000000' }, seed: { type: 'string', default: '1' } } });
const startedAt = performance.now();
const sandbox = await startSandbox({ seed: Number(values.seed), tenders: Number(values.tenders) });
console.log(`start: ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${sandbox.generated ? 'catalogue generated' : 'cached catalogue'})`);

async function call(path: string, body?: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown>; ms: number }> {
  const t0 = performance.now();
  const r = await request(sandbox.baseUrl + path, {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const json = JSON.parse(await r.body.text()) as Record<string, unknown>;
  return { status: r.statusCode, json, ms: performance.now() - t0 };
}

const token = (await call('/auth/login?login=demo-test&password=demo&token_name=bench')).json.token as string;
const slowest: number[] = [];
for (const keywords of [['поставка'], ['компьютерной техники'], ['ремонт кровли'], ['вакцин'], ['уборке помещений'], ['бумага']]) {
  const body = { keywords, limit: 100 };
  const first = await call('/tenders/query', body, token);
  await new Promise((r) => setTimeout(r, 1000 * Number(first.json.retry_after ?? 1)));
  let page = await call('/tenders/query', body, token);
  const firstPageMs = page.ms;
  while (page.json.state !== 'ready') {
    await new Promise((r) => setTimeout(r, 500));
    page = await call('/tenders/query', body, token);
  }
  const next = await call('/tenders/query', { cursor: page.json.next_cursor }, token);
  slowest.push(Math.max(first.ms, firstPageMs, next.ms));
  console.log(
    `${JSON.stringify(keywords).padEnd(26)} 202 in ${first.ms.toFixed(1)} ms, first page in ${firstPageMs.toFixed(1)} ms, ` +
      `total ${String(page.json.total).padStart(7)}, next page in ${next.ms.toFixed(1)} ms`,
  );
}
console.log(`slowest answer: ${Math.max(...slowest).toFixed(1)} ms; rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
await sandbox.close();
