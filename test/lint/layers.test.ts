// The lint rules that keep src-main's folders in layers (eslint/layers.mjs), the cache's internal modules
// internal, and the tree free of import cycles (eslint/noImportCycle.mjs): each is fed a wrong import through
// ESLint's own API with the project's config, and a right one that must pass.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { mainLayers, mainSeparate, rendererLayers, type Layer } from '../../eslint/layers.mjs';
import localRules from '../../eslint/noImportCycle.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the project's lint for `code` as if it were the file `file` (relative to the root). */
async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages;
}

const ruleIds = (messages: Linter.LintMessage[]): (string | null)[] => messages.map((m) => m.ruleId);

describe('SQL only in the cache (eslint.config.js, layers/sql-in-cache)', () => {
  it('opening SQLite or preparing a statement outside src-main/cache is an error; inside it, and a transaction around cache calls, pass', async () => {
    const opens = "import Database from 'better-sqlite3';\nexport const open = (f: string) => new Database(f);\n";
    expect(ruleIds(await lint('src-main/current/sqlProbe.ts', opens))).toEqual(['no-restricted-syntax']);
    const prepares = "import type { CacheDb } from '../cache/database';\nexport const n = (c: CacheDb) => c.db.prepare('SELECT 1').get();\n";
    const messages = await lint('src-main/app/sqlProbe.ts', prepares);
    expect(ruleIds(messages)).toEqual(['no-restricted-syntax']);
    expect(messages[0]!.message).toContain('SQL lives in src-main/cache');
    expect(await lint('src-main/cache/sqlProbe.ts', opens)).toEqual([]);
    expect(await lint('src-main/cache/sqlProbe.ts', prepares.replace('../cache/database', './database'))).toEqual([]);
    const unit = "import type { CacheDb } from '../cache/database';\nexport const run = (c: CacheDb, f: () => void) => c.db.transaction(f)();\n";
    expect(await lint('src-main/sync/sqlProbe.ts', unit)).toEqual([]);
  });
});

describe('src-main layers (eslint/layers.mjs)', () => {
  it('a lower layer importing a higher one is an error: the cache importing the app', async () => {
    const messages = await lint('src-main/cache/layerProbe.ts', "import '../app/appCore';\n");
    expect(ruleIds(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('a lower layer never imports a higher one');
    expect(messages[0]!.message).toContain('src-main/app');
  });

  it('a type-only import against the order is an error too: the pure domain importing the app', async () => {
    const code = "import type { AppCore } from '../app/appCore';\nexport type Core = AppCore;\n";
    expect(ruleIds(await lint('src-main/domain/layerProbe.ts', code))).toEqual(['import-x/no-restricted-paths']);
  });

  it('the app below the entry points: app/ importing app/host/ is an error', async () => {
    const code = "import type { CoreWorkerData } from './host/protocol';\nexport type Data = CoreWorkerData;\n";
    expect(ruleIds(await lint('src-main/app/layerProbe.ts', code))).toEqual(['import-x/no-restricted-paths']);
  });

  it('a higher layer importing a lower one, and a folder importing its own files, pass', async () => {
    const down = "import { openCache } from '../cache/database';\nexport const open = openCache;\n";
    expect(await lint('src-main/app/layerProbe.ts', down)).toEqual([]);
    const host = "import type { AppCore } from '../appCore';\nexport type Core = AppCore;\n";
    expect(await lint('src-main/app/host/layerProbe.ts', host)).toEqual([]);
    const own = "import { perCache } from './database';\nexport const per = perCache;\n";
    expect(await lint('src-main/cache/layerProbe.ts', own)).toEqual([]);
  });

  it('the sandbox is a separate server: it imports no store or client, and no store or client imports it', async () => {
    const fromSandbox = "import { openCache } from '../cache/database';\nexport const open = openCache;\n";
    expect(ruleIds(await lint('src-main/sandbox/layerProbe.ts', fromSandbox))).toEqual(['import-x/no-restricted-paths']);
    expect(ruleIds(await lint('src-main/cache/layerProbe.ts', "import '../sandbox/index';\n"))).toEqual(['import-x/no-restricted-paths']);
    expect(await lint('src-main/app/layerProbe.ts', "import '../sandbox/index';\n")).toEqual([]);
  });

  it("the cache's internal modules are the cache's own: the export importing packCodec is an error, a public store passes", async () => {
    const internal = "import { decodeBlob } from '../cache/packCodec';\nexport const decode = decodeBlob;\n";
    const messages = await lint('src-main/export/layerProbe.ts', internal);
    expect(ruleIds(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('internal to src-main/cache');
    const typeOnly = "import type { DeliverySummary } from '../cache/deliveryWriter';\nexport type Summary = DeliverySummary;\n";
    expect(ruleIds(await lint('src-main/sync/layerProbe.ts', typeOnly))).toEqual(['import-x/no-restricted-paths']);
    expect(ruleIds(await lint('src-main/app/host/layerProbe.ts', "import '../../cache/walCheckpointer';\n"))).toEqual(['import-x/no-restricted-paths']);
    const inside = "import { decodeBlob } from './packCodec';\nexport const decode = decodeBlob;\n";
    expect(await lint('src-main/cache/layerProbe.ts', inside)).toEqual([]);
    const store = "import { cardStore } from '../cache/cardStore';\nexport const cards = cardStore;\n";
    expect(await lint('src-main/export/layerProbe.ts', store)).toEqual([]);
  });

  it('no entry point leans on another: the CLI importing the app is an error, and so is the app importing the CLI', async () => {
    const cliToApp = "import { Network } from '../app/network';\nexport const f = Network;\n";
    const messages = await lint('src-main/cli/layerProbe.ts', "import type { AppCore } from '../app/appCore';\nexport type Core = AppCore;\n");
    expect(ruleIds(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('do not lean on one another');
    // Any module of the folder, not only the app's core: the zone is the folder, not a list of files.
    expect(ruleIds(await lint('src-main/cli/layerProbe.ts', cliToApp))).toEqual(['import-x/no-restricted-paths']);
    expect(ruleIds(await lint('src-main/cli/commands/layerProbe.ts', "import '../../app/host/coreHost';\n"))).toEqual(['import-x/no-restricted-paths']);
    const appToCli = await lint('src-main/app/layerProbe.ts', "import { readSecret } from '../cli/readSecret';\nexport const r = readSecret;\n");
    expect(ruleIds(appToCli)).toEqual(['import-x/no-restricted-paths']);
  });

  it('what the app and the CLI share sits below both: each importing src-main/workspace passes', async () => {
    expect(await lint('src-main/cli/layerProbe.ts', "import { toIpcError } from '../workspace/errors';\nexport const f = toIpcError;\n")).toEqual([]);
    expect(await lint('src-main/app/layerProbe.ts', "import { readSettings } from '../workspace/settings';\nexport const r = readSettings;\n")).toEqual([]);
    // workspace/ is below the app: importing it back is against the order.
    expect(ruleIds(await lint('src-main/workspace/layerProbe.ts', "import '../app/appCore';\n"))).toEqual(['import-x/no-restricted-paths']);
  });

  it('browser mode and the shell start the core through app/host only: web importing the app core or the shell is an error', async () => {
    const inner = "import type { HostPlatform } from '../app/appCore';\nexport type P = HostPlatform;\n";
    expect(ruleIds(await lint('src-main/web/layerProbe.ts', inner))).toEqual(['import-x/no-restricted-paths']);
    expect(ruleIds(await lint('src-main/web/layerProbe.ts', "import '../shell/ipcBridge';\n"))).toEqual(['import-x/no-restricted-paths']);
    const host = "import { startCoreHost, type HostPlatform } from '../app/host/coreHost';\nexport const s = startCoreHost;\nexport type P = HostPlatform;\n";
    expect(await lint('src-main/web/layerProbe.ts', host)).toEqual([]);
    expect(ruleIds(await lint('src-main/index.ts', inner.replace('../app', './app')))).toEqual(['import-x/no-restricted-paths']);
    expect(await lint('src-main/index.ts', host.replace('../app', './app'))).toEqual([]);
  });

  it('every folder of src-main has its place in the table (a new folder must be placed, not left unchecked)', () => {
    expect(unplaced('src-main', [...mainLayers.flatMap((l) => l.folders), ...mainSeparate.map((s) => s.folder)])).toEqual([]);
  });
});

/** The folders and modules (not declaration files) at the top of `dir` that no layer names. */
function unplaced(dir: string, folders: readonly string[]): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() || (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')))
    .map((e) => e.name)
    .filter((name) => !folders.includes(name));
}

describe('src-renderer layers (eslint/layers.mjs)', () => {
  it('every folder of src-renderer has its place in the table', () => {
    expect(unplaced('src-renderer', rendererLayers.flatMap((l: Layer) => l.folders))).toEqual([]);
  });

  it('shared state importing a view is an error; a view importing the state passes', async () => {
    const up = "import '../views/search/SearchView';\n";
    const messages = await lint('src-renderer/state/layerProbe.ts', up);
    expect(ruleIds(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]!.message).toContain('a lower layer never imports a higher one');
    expect(await lint('src-renderer/views/layerProbe.ts', "import '../state/store';\n")).toEqual([]);
  });

  it("a view does not reach into another view's files: the limits view importing the ledger's, or the calendar the query builder, is an error", async () => {
    const twin = await lint('src-renderer/views/earlier/layerProbe.tsx', "import { useLedgerData } from '../ledger/useLedgerData';\nexport const u = useLedgerData;\n");
    expect(ruleIds(twin)).toEqual(['import-x/no-restricted-paths']);
    expect(twin[0]!.message).toContain('does not reach into src-renderer/views/ledger');
    expect(ruleIds(await lint('src-renderer/views/calendar/layerProbe.ts', "import '../search/queryBuilder';\n"))).toEqual(['import-x/no-restricted-paths']);
    // A type-only import reaches in too.
    expect(ruleIds(await lint('src-renderer/views/saved/layerProbe.ts', "import type { ShownDiff } from '../card/useCardData';\nexport type C = ShownDiff;\n"))).toEqual(['import-x/no-restricted-paths']);
  });

  it('what views share sits below them, and the one door is open: components, state and the saved view opening the builder pass', async () => {
    expect(await lint('src-renderer/views/earlier/layerProbe.tsx', "import { TwinCharges } from '../../components/TwinCharges';\nexport const T = TwinCharges;\n")).toEqual([]);
    expect(await lint('src-renderer/views/insights/layerProbe.ts', "import { parseDate } from '../../components/typedDate';\nexport const p = parseDate;\n")).toEqual([]);
    expect(await lint('src-renderer/views/saved/layerProbe.ts', "import { criteriaToForm } from '../search/queryBuilder';\nimport { useSearchStore } from '../search/searchStore';\nexport const f = [criteriaToForm, useSearchStore];\n")).toEqual([]);
    // The door is for the saved view only, and for those two files only.
    expect(ruleIds(await lint('src-renderer/views/saved/layerProbe.ts', "import '../search/OnlineSearch';\n"))).toEqual(['import-x/no-restricted-paths']);
    expect(ruleIds(await lint('src-renderer/views/lists/layerProbe.ts', "import '../search/searchStore';\n"))).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('no import cycles, type-only imports included (eslint/noImportCycle.mjs)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** ESLint with only the cycle rule, over the files written into a fresh folder. */
  function cycleLint(files: Record<string, string>): { dir: string; eslint: ESLint } {
    const dir = mkdtempSync(join(tmpdir(), 'twb-cycle-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const config: Linter.Config[] = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: localRules },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ];
    return { dir, eslint: new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config }) };
  }

  it('a cycle through a type-only import is an error, with the chain named', async () => {
    const { dir, eslint: cycles } = cycleLint({
      'a.ts': 'export type A = 1;\n', // on disk as before the edit linted below
      'b.ts': "import { c } from './c';\nexport const b = c;\n",
      'c.ts': "import type { A } from './a';\nexport const c: A | 1 = 1;\n",
    });
    const [result] = await cycles.lintText("import { type B } from './b';\nexport type A = B;\n", { filePath: join(dir, 'a.ts') });
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['local/no-import-cycle']);
    expect(result!.messages[0]!.message).toContain('a.ts -> b.ts -> c.ts -> a.ts');
  });

  it('the same files without the way back pass', async () => {
    const { dir, eslint: cycles } = cycleLint({
      'b.ts': "import { c } from './c';\nexport const b = c;\n",
      'c.ts': 'export const c = 1;\n',
    });
    const [result] = await cycles.lintText("import type { b } from './b';\nexport type A = typeof b;\n", { filePath: join(dir, 'a.ts') });
    expect(result!.messages).toEqual([]);
  });

  it("the project's config checks src-main: the cache's database importing a store that imports it is an error", async () => {
    const code = "import type { FeedStore } from './feedStore';\nexport type Store = FeedStore;\n";
    const messages = await lint('src-main/cache/database.ts', code);
    expect(ruleIds(messages)).toEqual(['local/no-import-cycle']);
    expect(messages[0]!.message).toContain('src-main/cache/feedStore.ts -> src-main/cache/database.ts');
  });
});
