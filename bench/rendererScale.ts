/**
 * The renderer at scale: a saved search of `rows` cached tenders (default 100,000) opened in
 * Chromium through browser mode, as test/e2e/large-results.spec.ts seeds it. Figures:
 * - time to first rows: from the click that opens the saved search to its first row in view, beside the same
 *   for a saved search of 100 rows (the baseline: the view's fixed cost, same run);
 * - frame times while scrolling the 100,000-row table (requestAnimationFrame deltas in the page), beside the
 *   frames of the same page standing still for as long (the baseline: what the machine gives an idle page).
 * Goal: first rows < 300 ms, no frame over 50 ms. Needs the built renderer (`npx electron-vite build`) and
 * Debian's Chromium (TENDERWB_CHROMIUM, default /usr/bin/chromium).
 *
 *   npx tsx bench/rendererScale.ts [--rows 100000]
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { startCoreHost } from '../src-main/app/host/coreHost';
import { openCache } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { searchStore } from '../src-main/cache/searchStore';
import { startSandbox } from '../src-main/sandbox/index';
import { startWebServer, type WebServer } from '../src-main/web/server';
import { spread, type Spread } from './cache';

const root = resolve(import.meta.dirname, '..');
const BIG = 'flt_bench_renderer_big';
const SMALL = 'flt_bench_renderer_small';

type Frames = Spread & { over50: number; longTasks: number; longestTask: number };
const framesOf = ({ deltas, longTasks }: { deltas: number[]; longTasks: number[] }): Frames => ({
  ...spread(deltas),
  over50: deltas.filter((d) => d > 50).length,
  longTasks: longTasks.length,
  longestTask: longTasks.length ? Math.max(...longTasks) : 0,
});

export type RendererFigures = {
  rows: number;
  firstRowsMs: number[];
  baselineFirstRowsMs: number[];
  scrollFrames: Frames;
  idleFrames: Frames;
  scrolledTo: number;
};

function tender(id: number): Record<string, unknown> {
  return {
    id,
    version: 1,
    etp_id: String(32600000000 + id),
    name: `Поставка товара № ${id} для нужд учреждения`,
    law: id % 3 ? '44-FZ' : '223-FZ',
    region: { id: 77, name: 'Москва' },
    status: { id: 1, code: 'active', name: 'Подача заявок' },
    price: ((id * 104_729) % 10_000_000) / 100,
    currency: 'RUB',
    publish_date: new Date(Date.UTC(2026, 7, 1, 7) + id * 60_000).toISOString(),
    end_date: '2026-12-20T10:00:00+03:00',
    customer: { name: `ГБУ «Учреждение № ${id % 500}»`, inn: '7707083893' },
  };
}

function seed(file: string, rows: number): void {
  const cache = openCache(file);
  try {
    const feeds = feedStore(cache);
    for (const [filterId, label, n, from] of [[BIG, 'bench 100 000', rows, 1], [SMALL, 'bench 100', 100, rows + 1]] as const) {
      searchStore(cache).upsert({ filterId, params: { keywords: ['поставка товара'] }, label, events: ['created'] });
      for (let start = from; start < from + n; start += 100) {
        const items = Array.from({ length: Math.min(100, from + n - start) }, (_, i) => tender(start + i)).map((object) => ({
          kind: 'tender' as const, id: object.id as number, version: 1, billed: true, event: 'created' as const, object,
        }));
        feeds.saveFeedPage({ filterId, feed: 'tender', stream: 'created', cursor: `cur_${filterId}_${start}`, requestId: null, receivedAt: new Date().toISOString(), items });
      }
    }
  } finally {
    cache.close();
  }
}

/** Opens a saved search from the list and answers the ms from the click to its first row in view. */
async function openSaved(page: Page, filterId: string): Promise<number> {
  await page.getByTestId('nav-saved').click();
  const item = page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`);
  await item.getByTestId('saved-open').waitFor();
  const t0 = Date.now();
  await item.getByTestId('saved-open').click();
  await page.getByTestId('saved-results').getByRole('grid').locator('[role="row"][data-row-index]').first().waitFor();
  return Date.now() - t0;
}

/**
 * requestAnimationFrame deltas in the page while `during` runs, and the page's long tasks (the renderer's main
 * thread busy over 50 ms at once, from the Long Tasks API): a long frame with no long task beside it was not
 * the page's work but the machine not scheduling the frame (on a loaded 2-core machine, it happens).
 */
async function frames(page: Page, during: () => Promise<void>): Promise<{ deltas: number[]; longTasks: number[] }> {
  // Page code as text: tsx names functions with a helper (__name) that does not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__frameStop = false;
    window.__longTasks = [];
    window.__longObserver?.disconnect();
    window.__longObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    });
    window.__longObserver.observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__frameStop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await during();
  const deltas = await page.evaluate<number[]>('(window.__frameStop = true, window.__frames.slice(1))');
  // Entries still queued in the observer are taken before it stops.
  const longTasks = await page.evaluate<number[]>(
    '(window.__longObserver.takeRecords().forEach((e) => window.__longTasks.push(e.duration)), window.__longObserver.disconnect(), window.__longTasks)',
  );
  return { deltas, longTasks };
}

export async function benchRenderer(rows = 100_000, log: (line: string) => void = console.log): Promise<RendererFigures> {
  const tmp = mkdtempSync(join(tmpdir(), 'tenderwb-renderer-bench-'));
  const dataDir = join(tmp, 'data');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null }));
  // The web server removes the files it served; it gets a private copy of the built renderer.
  const rendererDir = join(tmp, 'renderer');
  cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const sandbox = await startSandbox({ port: 0, seed: 7, tenders: 3000 });
  let web: WebServer | null = null;
  const host = await startCoreHost({
    dataDir,
    sandbox: { kind: 'external', baseUrl: sandbox.baseUrl },
    platform: { mode: 'browser', publishDownload: (f, n) => web!.publishDownload(f, n), openExternal: () => Promise.resolve(false) },
    env: { ...process.env, TENDERWB_DATA_DIR: dataDir },
    version,
  });
  web = await startWebServer({ host, rendererDir, port: 0, removeServedFiles: true, log: () => undefined });
  const browser = await chromium.launch({
    executablePath: process.env.TENDERWB_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    await page.goto(web.url);
    await page.getByTestId('nav-saved').waitFor();
    const started = performance.now();
    seed(join(dataDir, 'profiles', 'sandbox', 'cache.db'), rows);
    log(`renderer bench: ${rows.toLocaleString('en')} + 100 rows written in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const firstRowsMs: number[] = [];
    const baselineFirstRowsMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      baselineFirstRowsMs.push(await openSaved(page, SMALL));
      firstRowsMs.push(await openSaved(page, BIG));
    }
    const grid = page.getByTestId('saved-results').getByRole('grid');
    await page.locator(`[role="grid"][aria-rowcount="${rows + 1}"]`).waitFor();
    const body = grid.locator('.vt__body');
    const idle = await frames(page, () => page.waitForTimeout(3000));
    // Scrolling as a user does with a wheel and with the scrollbar: 120 wheel steps, then jumps across the table.
    const box = (await body.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const scroll = await frames(page, async () => {
      for (let i = 0; i < 120; i++) await page.mouse.wheel(0, 400);
      // The jumps run in the page, 50 ms apart, as one script: a Playwright call per jump resolved its locator
      // in the page each time, and that querying showed in the page's long tasks.
      await body.evaluate(async (el) => {
        const box = el as unknown as { scrollTop: number; scrollHeight: number };
        for (let i = 1; i <= 20; i++) {
          box.scrollTop = box.scrollHeight * (i / 20);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await page.waitForTimeout(500);
    });
    const scrolledTo = await grid.locator('[role="row"][data-row-index]').last().getAttribute('data-row-index').then(Number);
    return { rows, firstRowsMs, baselineFirstRowsMs, scrollFrames: framesOf(scroll), idleFrames: framesOf(idle), scrolledTo };
  } finally {
    await browser.close();
    await web.close();
    await host.close();
    await sandbox.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function reportRenderer(f: RendererFigures, log: (line: string) => void = console.log): void {
  const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  log(`renderer at scale (browser mode, Chromium): a saved search of ${f.rows.toLocaleString('en')} rows (baseline: one of 100 rows; idle frames of the same page)`);
  log(`  click to first rows: median ${med(f.firstRowsMs)} ms (${f.firstRowsMs.join(', ')}), baseline ${med(f.baselineFirstRowsMs)} ms (${f.baselineFirstRowsMs.join(', ')})`);
  const line = (s: Frames): string =>
    `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, ${s.n} frames; the page's tasks over 50 ms: ${s.longTasks}${s.longTasks ? ` (longest ${s.longestTask.toFixed(0)} ms)` : ''}`;
  log(`  frames while scrolling (wheel, then scrollbar jumps to row ${f.scrolledTo.toLocaleString('en')}): ${line(f.scrollFrames)}; over 50 ms: ${f.scrollFrames.over50}`);
  log(`  frames standing still: ${line(f.idleFrames)}; over 50 ms: ${f.idleFrames.over50}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
  reportRenderer(await benchRenderer(Number(values.rows)));
}
