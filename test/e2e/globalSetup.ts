/**
 * Before the end-to-end tests:
 * - Debian's Chromium must be there;
 * - the built renderer (out/renderer) must be newer than its sources: when it is missing or stale,
 *   `electron-vite build` runs once (npm test has just built it, so there it is a quick check);
 * - the tests serve a private copy of it (TENDERWB_E2E_RENDERER_DIR, removed afterwards), so a build started
 *   meanwhile (which empties out/renderer first) cannot pull the page from under a running test.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const builtDir = path.join(projectRoot, 'out', 'renderer');
const builtIndex = path.join(builtDir, 'index.html');
const sources = ['src-renderer', 'src-main/contract', 'src-main/domain', 'src-main/i18n', 'electron.vite.config.ts'];

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function build(reason: string): void {
  console.log(`[e2e] building the renderer (${reason})…`);
  const result = spawnSync('npx', ['--no', 'electron-vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`electron-vite build failed (exit code ${result.status ?? result.signal})`);
}

/** A copy is whole when index.html is there and every asset it names is too. */
function isWhole(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return assets.length > 0 && assets.every((a) => existsSync(path.join(dir, a)));
}

export default function globalSetup(): () => void {
  const chromium = process.env.TENDERWB_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`Chromium is missing at ${chromium}: install Debian's package (apt-get install -y --no-install-recommends chromium).`);
  }
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((s) => path.join(projectRoot, s)).filter(existsSync).map(newestMtime));
  if (builtAt === 0) build('out/renderer is missing');
  else if (builtAt < sourcesAt) build('its sources changed');

  const copy = mkdtempSync(path.join(tmpdir(), 'twb-e2e-renderer-'));
  for (let attempt = 1; ; attempt++) {
    rmSync(copy, { recursive: true, force: true });
    if (existsSync(builtDir)) cpSync(builtDir, copy, { recursive: true });
    if (isWhole(copy)) break;
    // Someone is rebuilding right now: wait for it, then build ourselves if it is still not whole.
    if (attempt === 3) build('out/renderer was incomplete');
    if (attempt > 3) throw new Error(`out/renderer is incomplete (${builtDir}): run \`npx electron-vite build\`.`);
    spawnSync('sleep', ['2']);
  }
  process.env.TENDERWB_E2E_RENDERER_DIR = copy;
  return () => rmSync(copy, { recursive: true, force: true });
}
