// electron-builder `afterPack` hook (electron-builder.yml). Packaging copies node_modules as they are, and
// ours hold better-sqlite3's Node build (for the tests); electron-builder's own rebuild (npmRebuild) would
// rebuild it for Electron in place and break `npm test`, so it is off. Instead this hook puts the Electron-ABI
// build for the target platform and architecture (made by scripts/electron-native/ensure.ts, exactly as
// `npm start` makes it) over the copy in the packed app's app.asar.unpacked. keytar is N-API: its build loads
// in Electron as it is (for the platform it was built on).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// electron-builder's Arch enum → Node's process.arch names.
const ARCH = { 0: 'ia32', 1: 'x64', 2: 'arm', 3: 'arm64' };

/** The packed app's app.asar.unpacked (resources/ on Linux and Windows, Contents/Resources/ in a macOS bundle). */
function findUnpacked(dir, depth = 0) {
  if (depth > 4 || !existsSync(dir)) return null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === 'app.asar.unpacked') return path;
    const found = findUnpacked(path, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export default async function afterPack(context) {
  const platform = context.electronPlatformName;
  const arch = ARCH[context.arch];
  if (arch === undefined) throw new Error(`Tender Workbench packaging: no Electron build of better-sqlite3 for arch ${context.arch} (universal macOS builds need one per arch)`);
  const ensure = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'scripts', 'electron-native', 'ensure.ts'), '--no-electron-binary', '--platform', platform, '--arch', arch, '--print-binding'],
    { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (ensure.status !== 0) throw new Error(`Tender Workbench packaging: better-sqlite3 for Electron (${platform}-${arch}) could not be prepared (see above)`);
  const binding = ensure.stdout.trim().split('\n').at(-1);
  const unpacked = findUnpacked(context.appOutDir);
  const target = unpacked === null ? null : join(unpacked, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (target === null || !existsSync(target)) {
    throw new Error(`Tender Workbench packaging: better_sqlite3.node not found under ${context.appOutDir} (is better-sqlite3 in asarUnpack?)`);
  }
  copyFileSync(binding, target);
  console.log(`  • better-sqlite3 for Electron (${platform}-${arch}) → ${target}`);
}
