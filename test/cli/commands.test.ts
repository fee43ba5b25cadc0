/**
 * The `tenderwb` CLI end to end: every command of the issue, run as a child process (`node
 * src-main/cli/tenderwb.mjs`) against an in-process sandbox, with one data directory for the whole file.
 *
 * The tests of this file are one session and run in order: a profile is added, searches are saved and
 * synced, cards fetched, a list made and exported, and the money audited, each step asserting exact exit
 * codes, the JSON lines of `--json`, and the one-line reason on stderr when a command fails. The last test
 * stops the sandbox and checks what still works offline. Server-side facts (balance, ledger, lists, feeds)
 * are read directly over HTTP; a feed's contents are read independently with a test token, which is never
 * charged and so does not disturb the live account's ledger.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { openCache } from '../../src-main/cache/database';
import { versionStore } from '../../src-main/cache/versionStore';
import { createOutput } from '../../src-main/cli/output';
import { tenderLaw } from '../../src-main/domain/laws';
import { lawName, tenderStageNameOf } from '../../src-main/i18n/codes';
import { KEYCHAIN_SERVICE, keytarBackend } from '../../src-main/vault/tokenVault';
import { parseCsv } from '../export/csvParse';
import {
  api,
  CliHarness,
  CLI_ENTRY,
  ctl,
  failureReason,
  feedVersions,
  login,
  randomPart,
  registryNumber,
  REPO_ROOT,
  serverBalance,
  serverLedger,
  startCliSandbox,
  tokens,
  versionKey,
  waitFor,
  type CliRun,
  type Json,
} from './helpers';

const VAC = { keywords: ['вакцин'] };
const REG = { regions: [77] };
const PROFILE = 'sb';

let sb: RunningSandbox;
let sandboxOpen = false;
let live: string;
let test: string;
let cli: CliHarness;

/** What the session learns as it goes, for the later steps. */
const s = {
  vacFilter: '',
  vacTotal: 0,
  regFilter: '',
  listId: '',
  members: [] as number[],
  cardId: 0,
  card: null as Json,
  cardVersion: null as number | null,
};

const keysOf = (r: CliRun): string[] => r.lines.map((l) => versionKey(l.kind, l.id, l.version));
const sorted = (xs: Iterable<string>): string[] => [...xs].sort();
const ledgerKeys = (rows: Json[]): string[] => rows.map((r) => versionKey(r.balance_type === 'tenders' ? 'tender' : 'contract', r.object_id, r.version));
const heldTenderIds = async (): Promise<Set<number>> =>
  new Set((await cli.ok(['--json', 'cache', 'versions'])).lines.filter((l) => l.kind === 'tender').map((l) => l.id as number));
/** The smallest tender id of the catalogue the cache does not hold (so fetching it is a first delivery). */
const unheldTender = async (exclude: number[] = []): Promise<number> => {
  const held = await heldTenderIds();
  for (let id = 1; ; id++) if (!held.has(id) && !exclude.includes(id)) return id;
};

beforeAll(async () => {
  sb = await startCliSandbox();
  sandboxOpen = true;
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  ({ live, test } = await tokens(sb));
  cli = new CliHarness({ token: live });
});

afterAll(async () => {
  if (sandboxOpen) await sb.close();
  cli?.cleanup();
});

describe('tenderwb CLI, one session against the sandbox', () => {
  it('usage errors exit 2 with one line on stderr, in the run language, and nothing on stdout; --help prints the usage', async () => {
    const [none, unknown, unknownJson, badFlag, help] = await Promise.all([
      cli.run([]),
      cli.run(['bogus']),
      cli.run(['--json', 'bogus']),
      cli.run(['search', '--bogus']),
      cli.run(['--help']),
    ]);
    expect(none.code).toBe(2);
    expect(failureReason(none)).toMatch(/^команда не указана/);
    expect(unknown.code).toBe(2);
    expect(failureReason(unknown)).toMatch(/^нет команды «bogus»/);
    expect(unknownJson.code).toBe(2);
    expect(failureReason(unknownJson)).toMatch(/^нет команды «bogus»/);
    expect(badFlag.code).toBe(2);
    expect(failureReason(badFlag)).toBe('неизвестный флаг --bogus; флаги команды — в её справке (--help)');
    for (const r of [none, unknown, unknownJson, badFlag]) expect(r.stdout).toBe('');
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    for (const word of ['profile add', 'search', 'sync', 'card tender', 'list create', 'export list', 'balance', 'ledger', 'audit', 'cache versions']) {
      expect(help.stdout).toContain(word);
    }
  });

  it('profile add and profile list: the token is not stored by add without --token-stdin, and shows its source only', async () => {
    expect((await cli.ok(['--json', 'profile', 'list'])).lines).toEqual([]);
    const added = await cli.ok(['--json', 'profile', 'add', PROFILE, '--base-url', `${sb.baseUrl}/`, '--generation', 'current']);
    expect(added.lines).toEqual([{ name: PROFILE, base_url: sb.baseUrl, generation: 'current', token: 'none' }]);
    const list = await cli.ok(['--json', 'profile', 'list']);
    expect(list.lines).toHaveLength(1);
    expect(list.lines[0]).toMatchObject({ name: PROFILE, base_url: sb.baseUrl, generation: 'current', token: 'env', default: true });
    expect(Date.parse(list.lines[0].created_at)).not.toBeNaN();

    const [clash, badUrl] = await Promise.all([
      cli.run(['profile', 'add', PROFILE.toUpperCase(), '--base-url', sb.baseUrl]),
      cli.run(['--json', 'profile', 'add', 'other', '--base-url', 'ftp://example.ru/api/v2']),
    ]);
    expect(clash.code).toBe(1);
    expect(failureReason(clash)).toMatch(/^профиль «sb» уже есть/);
    expect(badUrl.code).toBe(1);
    expect(failureReason(badUrl)).toBe('Недопустимый адрес API: поддерживаются только http и https, а не ftp:.');
    expect((await cli.ok(['--json', 'profile', 'list'])).lines.map((p) => p.name)).toEqual([PROFILE]);
  });

  it('profile list, use and remove (another data directory): order, the first profile is the default until profile use, --delete-data', async () => {
    const dataDir = cli.dir('profiles-test');
    const o = { dataDir };
    await cli.ok(['profile', 'add', 'alpha', '--base-url', sb.baseUrl], o);
    await cli.ok(['profile', 'add', 'beta', '--base-url', sb.baseUrl], o);
    expect((await cli.ok(['--json', 'profile', 'list'], o)).lines.map((p) => p.name)).toEqual(['alpha', 'beta']);

    // Several profiles: a command without --profile uses the default, the first one added (it was refused).
    const defaultFirst = await cli.run(['--json', 'cache', 'stats'], o);
    expect(defaultFirst.code).toBe(0);
    expect([existsSync(join(dataDir, 'profiles', 'alpha', 'cache.db')), existsSync(join(dataDir, 'profiles', 'beta', 'cache.db'))]).toEqual([true, false]);
    expect((await cli.ok(['--json', 'profile', 'list'], o)).lines.map((p) => [p.name, p.default])).toEqual([['alpha', true], ['beta', false]]);
    const chosen = await cli.run(['--json', '--profile', 'beta', 'balance'], o);
    expect(chosen.code).toBe(0);
    expect(chosen.lines[0].balance).toEqual(await serverBalance(sb, live));
    // profile use: the default moves, the data stays where it is; an unknown name is refused and changes nothing.
    expect((await cli.ok(['--json', 'profile', 'use', 'beta'], o)).lines).toEqual([{ name: 'beta', default: true }]);
    expect((await cli.ok(['--json', 'profile', 'list'], o)).lines.map((p) => [p.name, p.default])).toEqual([['alpha', false], ['beta', true]]);
    expect((await cli.ok(['profile', 'list'], o)).stdout.split('\n')[1]).toMatch(/^\* beta\t/);
    const nope = await cli.run(['profile', 'use', 'gamma'], o);
    expect(nope.code).toBe(2);
    expect(failureReason(nope)).toBe('профиля «gamma» нет; профили: tenderwb profile list');
    expect((await cli.ok(['--json', 'profile', 'list'], o)).lines.find((p) => p.default)?.name).toBe('beta');

    expect(existsSync(join(dataDir, 'profiles', 'alpha'))).toBe(true);
    expect((await cli.ok(['--json', 'profile', 'remove', 'alpha', '--delete-data'], o)).lines).toEqual([{ name: 'alpha', removed: true }]);
    expect(existsSync(join(dataDir, 'profiles', 'alpha'))).toBe(false);
    const again = await cli.run(['profile', 'remove', 'alpha'], o);
    expect(again.code).toBe(1);
    expect(failureReason(again)).toBe('профиля «alpha» нет');
    expect((await cli.ok(['--json', 'profile', 'list'], o)).lines.map((p) => p.name)).toEqual(['beta']);
    // Without --delete-data the profile's data stays on disk; the default removed, none is named.
    await cli.ok(['profile', 'remove', 'beta'], o);
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).cliProfile).toBeNull();
    expect(existsSync(join(dataDir, 'profiles', 'beta'))).toBe(true);
    expect((await cli.ok(['--json', 'profile', 'list'], o)).lines).toEqual([]);
  });

  it('profile add --token-stdin: into the keychain when there is one (later commands need no TENDERWB_TOKEN), else a clear one-line error and nothing half-added', async () => {
    const dataDir = cli.dir('keychain-test');
    const o = { dataDir, token: null };
    const name = `cli-kc-${process.pid}-${Date.now().toString(36)}`;
    const secret = await login(sb, 'demo');
    const hasKeychain = (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '';
    if (hasKeychain) {
      try {
        const added = await cli.ok(['--json', 'profile', 'add', name, '--base-url', sb.baseUrl, '--token-stdin'], { ...o, stdin: `${secret}\n` });
        expect(added.lines).toEqual([{ name, base_url: sb.baseUrl, generation: 'current', token: 'keychain' }]);
        expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, name)).toBe(secret);
        expect((await cli.ok(['--json', 'profile', 'list'], o)).lines[0]).toMatchObject({ name, token: 'keychain' });
        // No TENDERWB_TOKEN in this process: the token comes from the keychain.
        const balance = await cli.ok(['--json', 'balance'], o);
        expect(balance.lines[0].balance).toEqual(await serverBalance(sb, secret));
        await cli.ok(['profile', 'remove', name, '--delete-data'], o);
        expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, name)).toBeNull();
      } finally {
        await keytarBackend.deletePassword(KEYCHAIN_SERVICE, name).catch(() => false);
      }
    } else {
      for (const token of [null, live]) {
        const r = await cli.run(['profile', 'add', name, '--base-url', sb.baseUrl, '--token-stdin'], { ...o, token, stdin: `${secret}\n` });
        expect(r.code).toBe(1);
        const reason = failureReason(r);
        expect(reason).toMatch(/хранилищ|Связка ключей|Secret Service/);
        expect(reason).toMatch(/TENDERWB_TOKEN/);
        expect(r.stdout).toBe('');
        expect(r.stderr).not.toContain(randomPart(secret));
      }
      expect((await cli.ok(['--json', 'profile', 'list'], o)).lines).toEqual([]);
      expect(existsSync(join(dataDir, 'profiles', name))).toBe(false);
    }
    const empty = await cli.run(['profile', 'add', 'x', '--base-url', sb.baseUrl, '--token-stdin'], { ...o, stdin: '' });
    expect(empty.code).toBe(2);
    expect(failureReason(empty)).toBe('указан --token-stdin, но стандартный ввод пуст');
  });

  it('search --preview: filter_id and total for at most one unit, and no saved search', async () => {
    const before = await serverBalance(sb, live);
    const r = await cli.ok(['--json', 'search', '--query', JSON.stringify(VAC), '--preview']);
    expect(r.lines).toHaveLength(1);
    const p = r.lines[0];
    expect(p).toMatchObject({ saved: false, label: null, events: ['created'] });
    expect(p.filter_id).toMatch(/^flt_[0-9a-f]{24}$/);
    expect(p.total).toBeGreaterThan(6);
    expect(p.charged).toBeLessThanOrEqual(1);
    expect((await serverBalance(sb, live)).tenders).toBe(before.tenders - p.charged);
    const stats = await cli.ok(['--json', 'cache', 'stats']);
    expect(stats.lines[0].saved_searches).toEqual([]);
    expect(stats.lines[0].savedSearches).toBe(0);
    s.vacFilter = p.filter_id;
    s.vacTotal = p.total;
  });

  it('search creates, then reuses, the saved search (--query-file, --query, --label, --events), free the second time', async () => {
    const file = join(cli.dir('queries'), 'vac.json');
    // Feed-position fields are not part of a set and are dropped from a saved search.
    writeFileSync(file, JSON.stringify({ ...VAC, limit: 3 }));
    const first = await cli.ok(['--json', 'search', '--query-file', file, '--label', 'vac', '--events', 'updated,created']);
    expect(first.lines).toEqual([{ filter_id: s.vacFilter, total: s.vacTotal, charged: 0, saved: true, label: 'vac', events: ['created', 'updated'] }]);
    const again = await cli.ok(['--json', 'search', '--query', JSON.stringify(VAC), '--label', 'vac', '--events', 'created,updated']);
    expect(again.lines).toEqual(first.lines);
    const stats = await cli.ok(['--json', 'cache', 'stats']);
    expect(stats.lines[0].saved_searches).toEqual([{ filter_id: s.vacFilter, label: 'vac', events: ['created', 'updated'], expires_at: null }]); // known after the first sync

    const [taken, notJson, neither, badEvents] = await Promise.all([
      cli.run(['--json', 'search', '--query', JSON.stringify(REG), '--label', 'vac']),
      cli.run(['search', '--query', '{keywords']),
      cli.run(['search', '--label', 'x']),
      cli.run(['search', '--query', '{}', '--events', 'deleted']),
    ]);
    expect(taken.code).toBe(1);
    expect(failureReason(taken)).toBe(`метка «vac» уже у другого поиска (${s.vacFilter})`);
    expect(notJson.code).toBe(2);
    expect(failureReason(notJson)).toMatch(/^запрос — не JSON: /);
    expect(neither.code).toBe(2);
    expect(failureReason(neither)).toMatch(/^укажите одно из двух: --query-file ФАЙЛ или --query JSON; использование: tenderwb search /);
    expect(badEvents.code).toBe(2);
    expect(failureReason(badEvents)).toMatch(/--events/);
  });

  it('sync: an unknown search fails with a reason; --max-spend 5 charges exactly 5 units; the rest later, nothing twice', async () => {
    const [unknown, noTarget, badCap] = await Promise.all([
      cli.run(['--json', 'sync', 'nope']),
      cli.run(['sync']),
      cli.run(['sync', 'vac', '--max-spend', 'lots']),
    ]);
    expect(unknown.code).toBe(1);
    expect(failureReason(unknown)).toMatch(/^нет сохранённого поиска «nope»/);
    expect(unknown.stdout).toBe('');
    expect(noTarget.code).toBe(2);
    expect(badCap.code).toBe(2);
    expect(failureReason(badCap)).toMatch(/--max-spend/);

    const balance0 = await serverBalance(sb, live);
    const ledger0 = await serverLedger(sb, live);
    const capped = await cli.ok(['--json', 'sync', 'vac', '--max-spend', '5']);
    expect(capped.lines).toEqual([{ filter_id: s.vacFilter, label: 'vac', stopped_by: 'spend_cap', pages: 1, items: 5, charged: 5, free: 0 }]);
    expect((await serverBalance(sb, live)).tenders).toBe(balance0.tenders - 5);
    const ledger1 = await serverLedger(sb, live);
    expect(ledger1.length).toBe(ledger0.length + 5);
    expect(ledger1.slice(ledger0.length).every((r) => r.filter_id === s.vacFilter && r.balance_type === 'tenders')).toBe(true);
    const cliBalance = await cli.ok(['--json', 'balance']);
    expect(cliBalance.lines[0].balance).toEqual({ tenders: balance0.tenders - 5, contracts: balance0.contracts });

    const rest = await cli.ok(['--json', 'sync', 'vac']);
    const left = s.vacTotal - 1 - 5; // the preview delivered the first member
    expect(rest.lines[0]).toMatchObject({ label: 'vac', stopped_by: 'done', items: left, charged: left, free: 0 });
    const nothing = await cli.ok(['--json', 'sync', 'vac']);
    expect(nothing.lines[0]).toMatchObject({ stopped_by: 'done', items: 0, charged: 0 });
    expect((await serverLedger(sb, live)).length).toBe(ledger0.length + 5 + left);
  });

  it('sync exits 3 with a reason when the balance runs out, and continues from the same place after a top-up', async () => {
    const search = await cli.ok(['--json', 'search', '--query', JSON.stringify(REG), '--label', 'reg', '--events', 'created,updated']);
    s.regFilter = search.lines[0].filter_id;
    const regTotal = search.lines[0].total as number;
    expect(regTotal).toBeGreaterThan(20);
    const start = await serverBalance(sb, live);
    await ctl(sb, 'balance', { login: 'demo', tenders: 4 });
    const short = await cli.run(['--json', 'sync', 'reg']);
    expect(short.code).toBe(3);
    expect(failureReason(short)).toMatch(/^баланс исчерпан: всё полученное сохранено/);
    expect(short.lines).toHaveLength(1);
    expect(short.lines[0]).toMatchObject({ label: 'reg', stopped_by: 'balance_exhausted', charged: 4 });
    await ctl(sb, 'balance', { login: 'demo', tenders: start.tenders - 4 }); // what it would be with no cut
    const rest = await cli.ok(['--json', 'sync', 'reg']);
    // preview 1 + 4 before the top-up + the rest now: every member exactly once. A member an earlier search of this
    // session delivered already is free here (2.6 rule 5: an object under two filters is charged once).
    expect(rest.lines[0]).toMatchObject({ stopped_by: 'done', items: regTotal - 5 });
    const { charged, free } = rest.lines[0] as { charged: number; free: number };
    expect(charged + free).toBe(regTotal - 5);
    const regRows = (await serverLedger(sb, live)).filter((r) => r.filter_id === s.regFilter);
    expect(regRows).toHaveLength(regTotal - free);
    // Every member charged under this search is charged once; the free ones were charged under the earlier search.
    expect(new Set(regRows.map((r) => r.object_id)).size).toBe(regTotal - free);
  });

  it('cache versions --json is exactly the set the feeds delivered; after a tick, sync stores the updated versions next to the old', async () => {
    const before = await cli.ok(['--json', 'cache', 'versions']);
    for (const line of before.lines) {
      expect(Object.keys(line)).toEqual(['kind', 'id', 'version']);
      expect(line.kind).toBe('tender');
    }
    const held = keysOf(before);
    expect(new Set(held).size).toBe(held.length);
    const delivered = [...(await feedVersions(sb, test, VAC)), ...(await feedVersions(sb, test, REG))];
    expect(sorted(held)).toEqual(sorted(new Set(delivered)));
    // Every version held was charged exactly once, and every charge is a version held.
    expect(sorted(ledgerKeys(await serverLedger(sb, live)))).toEqual(sorted(held));

    // New versions of existing tenders. A tick picks the tenders it updates at random (deterministically for
    // the seed), so this uses "reg" (~150 members) rather than "vac" (~10): a tick of 100 updates hits some.
    let updated: Json = null;
    for (let tick = 0; tick < 5 && !(updated?.items > 0); tick++) {
      await ctl(sb, 'tick', { updated: 100 });
      updated = (await cli.ok(['--json', 'sync', 'reg'])).lines[0];
    }
    expect(updated).toMatchObject({ stopped_by: 'done', free: 0 });
    expect(updated.items).toBeGreaterThan(0);
    expect(updated.charged).toBe(updated.items);

    const after = keysOf(await cli.ok(['--json', 'cache', 'versions']));
    const added = after.filter((k) => !held.includes(k));
    expect(added).toHaveLength(updated.items);
    expect(held.every((k) => after.includes(k))).toBe(true);
    // What was added is exactly what the reg feed now has beyond what was held.
    expect(sorted(added)).toEqual(sorted(new Set((await feedVersions(sb, test, REG)).filter((k) => !held.includes(k)))));

    // History: each updated tender now has its earlier version and the new one, both as delivered.
    const cache = openCache(join(cli.dataDir, 'profiles', PROFILE, 'cache.db'));
    try {
      const versions = versionStore(cache);
      for (const key of added) {
        const [, id, version] = key.split(':').map(Number) as [number, number, number];
        const history = versions.history('tender', id);
        expect(history.length).toBeGreaterThanOrEqual(2);
        expect(history.at(-1)!.version).toBe(version);
        // The version is the feed item's (2.4); a tender object carries its own only on some servers (the
        // default sandbox repeats it, the strict one leaves it out), and then it is the same number.
        expect(history.map((h) => (h.object as Json).version)).toEqual(history.map((h) => (sb.strict ? undefined : h.version)));
        expect(versions.deliveries('tender', id, version).map((d) => [d.event, d.billed, d.filterId])).toEqual([['updated', true, s.regFilter]]);
      }
    } finally {
      cache.close();
    }
  });

  it('sync draws a progress bar on a terminal only', async () => {
    // No terminal (the runs above): stderr has no bar.
    const plain = await cli.ok(['sync', 'reg']);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toMatch(/^reg: объектов 0 на \d+ стр\., списано 0 ед\., бесплатно 0 — всё загружено\n$/);
    // On a terminal: `script` gives the CLI a pseudo-terminal (util-linux; present on Debian and CI).
    const cmd = [process.execPath, CLI_ENTRY, '--data-dir', cli.dataDir, 'sync', 'reg'].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    // Asynchronously: the sandbox answering the CLI runs in this very process.
    const { stdout: out } = await promisify(execFile)('script', ['-qec', cmd, '/dev/null'], {
      cwd: REPO_ROOT,
      env: { ...cli.env(), PATH: process.env.PATH },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out).toMatch(/\r\[[#.]{24}\] reg \(закупки, новые\): в кэше /);
    expect(out).toMatch(/reg: объектов 0 на \d+ стр\./);
    // And the renderer itself: a bar on a TTY, silence in --json mode or without a TTY.
    const written: string[] = [];
    const fake = { isTTY: true, columns: 60, write: (t: string) => written.push(t) } as unknown as NodeJS.WriteStream;
    createOutput(false, fake, fake).progress('half way', 0.5);
    expect(written.join('')).toBe(`\r${'[############............] half way'.padEnd(59)}`);
    written.length = 0;
    createOutput(true, fake, fake).progress('half way', 0.5);
    createOutput(false, fake, { ...fake, isTTY: false } as NodeJS.WriteStream).progress('half way', 0.5);
    expect(written).toEqual([]);
  });

  it('list create / add / remove / show round trip; the server has exactly one list', async () => {
    const vacIds = [...new Set((await feedVersions(sb, test, VAC)).map((k) => Number(k.split(':')[1])))].sort((x, y) => x - y);
    expect(vacIds.length).toBeGreaterThan(5);
    const [a, b, c, d, e] = vacIds;
    const created = await cli.ok(['--json', 'list', 'create', 'Вакцины', '2026']);
    expect(created.lines).toHaveLength(1);
    expect(created.lines[0].name).toBe('Вакцины 2026');
    expect(created.lines[0].list_id).toMatch(/^lst_/);
    const L = (s.listId = created.lines[0].list_id);

    expect((await cli.ok(['--json', 'list', 'add', L, String(a), String(b), String(c)])).lines).toEqual([{ list_id: L, added: 3, already_present: 0, items_count: 3 }]);
    expect((await cli.ok(['--json', 'list', 'add', L, String(a), String(d)])).lines).toEqual([{ list_id: L, added: 1, already_present: 1, items_count: 4 }]);
    expect((await cli.ok(['--json', 'list', 'remove', L, String(b), String(e)])).lines).toEqual([{ list_id: L, removed: 1, not_present: 1, items_count: 3 }]);
    const [unknownTender, notAnId, noList] = await Promise.all([
      cli.run(['--json', 'list', 'add', L, '99999999']),
      cli.run(['list', 'add', L, 'abc']),
      cli.run(['list', 'show', 'lst_doesnotexist']),
    ]);
    expect(unknownTender.code).toBe(1);
    expect(failureReason(unknownTender)).toMatch(/not_found/);
    expect(notAnId.code).toBe(2);
    expect(noList.code).toBe(1);
    expect(failureReason(noList)).toMatch(/not_found/);

    s.members = [a!, c!, d!];
    const show = await cli.ok(['--json', 'list', 'show', L]);
    expect(show.lines[0]).toEqual({ list_id: L, name: 'Вакцины 2026', items_count: 3, offline: false });
    expect(show.lines.slice(1).map((l) => l.tender_id)).toEqual(s.members);
    for (const line of show.lines.slice(1)) {
      expect(line.name).toMatch(/вакцин/i);
      expect(line.version).toBeGreaterThanOrEqual(1);
    }
    const human = await cli.ok(['list', 'show', L]);
    expect(human.stdout.split('\n')[0]).toBe(`${L}  Вакцины 2026  (закупок: 3)`);

    const server = await api(sb, 'GET', '/lists', { token: live });
    expect(server.status).toBe(200);
    expect(server.json.data).toHaveLength(1);
    // 4.10 promises `list_id` and `name`; the default sandbox adds a count, the strict one does not.
    expect(server.json.data[0]).toMatchObject({ list_id: L, name: 'Вакцины 2026' });
    expect(server.json.data[0].items_count).toBe(sb.strict ? undefined : 3);
    const items = await api(sb, 'GET', `/lists/${L}`, { token: live });
    expect(items.json.data).toEqual(s.members);
  });

  it('export list: UTF-8 BOM, ";" delimiter, CRLF, the chosen --columns in order, one row per member, nothing formula-like', async () => {
    const dir = cli.dir('export');
    const out = join(dir, 'вакцины.csv');
    const r = await cli.ok(['--json', 'export', 'list', s.listId, '--out', out, '--columns', 'name,id,etp_id,price,customer_inn,status']);
    expect(r.lines).toEqual([{ file: out, rows: 3, bytes: readFileSync(out).length, missing: 0 }]);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text, ';');
    expect(rows[0]).toEqual(['Наименование', 'ID', 'Номер извещения', 'Начальная цена', 'ИНН заказчика', 'Статус']);
    expect(rows).toHaveLength(1 + s.members.length);
    expect(rows.slice(1).map((row) => Number(row[1]))).toEqual(s.members);
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(6);
      expect(row[0]).toMatch(/вакцин/i);
      const etp: string = (await api(sb, 'GET', `/tenders/${row[1]}`, { token: test })).json.etp_id;
      // A notice number Excel would turn into a number (leading zero, 12+ digits) is kept as text: ="…".
      expect(row[2]).toBe(/^\d{12,}$|^0\d*$/.test(etp) ? `="${etp}"` : etp);
      expect(row[3]).toMatch(/^\d+,\d{2}$/);
      for (const cell of row) {
        if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^="[\d.\-/ ]*"$/);
      }
    }

    const defaults = join(dir, 'default.csv');
    await cli.ok(['export', 'list', s.listId, '--out', defaults]);
    const header = parseCsv(readFileSync(defaults).subarray(3).toString('utf8'), ';')[0];
    expect(header).toEqual(['ID', 'Номер извещения', 'Наименование', 'Закон', 'Статус', 'Начальная цена', 'Регион', 'Заказчик', 'ИНН заказчика', 'Дата публикации', 'Окончание подачи заявок']);

    const [badColumn, noOut] = await Promise.all([
      cli.run(['export', 'list', s.listId, '--out', join(dir, 'x.csv'), '--columns', 'id,nope']),
      cli.run(['export', 'list', s.listId]),
    ]);
    expect(badColumn.code).toBe(2);
    expect(failureReason(badColumn)).toMatch(/^Нет столбца: nope\. Есть столбцы: id, /);
    expect(existsSync(join(dir, 'x.csv'))).toBe(false);
    expect(noOut.code).toBe(2);
  });

  it('sync --follow stores what arrives while it waits, until Ctrl-C', async () => {
    // A list's feed is an explicit set: adding a tender to the list is an event the follower must pick up.
    const made = await api(sb, 'POST', '/lists', { token: live, key: `follow-${Date.now()}`, body: { name: 'watch' } });
    expect(made.status).toBe(200);
    const watched = made.json.list_id as string;
    const saved = await cli.ok(['--json', 'search', '--query', JSON.stringify({ list_id: watched }), '--label', 'watch']);
    expect(saved.lines[0]).toMatchObject({ total: 0, saved: true });
    const tender = await unheldTender();
    const { child, done } = cli.spawn(['--json', 'sync', 'watch', '--follow']);
    // Started (it holds the cache open, so its -wal file exists); an add before its first read counts alike.
    const cacheFile = join(cli.dataDir, 'profiles', PROFILE, 'cache.db');
    await waitFor(() => (existsSync(`${cacheFile}-wal`) ? true : undefined), 15_000, 'the follower to open the cache');
    const add = await api(sb, 'POST', `/lists/${watched}/items`, { token: live, key: `follow-add-${Date.now()}`, body: { ids: [tender] } });
    expect(add.status).toBe(200);
    await waitFor(async () => ((await heldTenderIds()).has(tender) ? true : undefined), 15_000, 'the follower to store the new item');
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(0);
    // The add may land before the follower's cost preview, which then buys the tender and the feed brings it free:
    // either way the summary counts the one unit the ledger shows.
    // Before the summary, the follow's event lines (one JSON object per event; their own test is
    // test/cli/followEvents.test.ts): only this search's news, of at most the one tender added.
    const summary = r.lines.at(-1);
    expect(summary).toEqual({ filter_id: saved.lines[0].filter_id, label: 'watch', stopped_by: 'cancelled', pages: expect.any(Number), items: 1, charged: 1, free: expect.any(Number) });
    expect(summary.free).toBeLessThanOrEqual(1);
    const events = r.lines.slice(0, -1);
    for (const e of events) expect(e).toMatchObject({ event: 'saved_search_updated', filter_id: saved.lines[0].filter_id });
    expect(events.reduce((n, e) => n + (e.created as number) + (e.updated as number), 0)).toBeLessThanOrEqual(1);
  });

  it('card tender ID: fetched once (charged 1), then from the cache with no request to the server', async () => {
    const id = (s.cardId = await unheldTender());
    const ledger0 = (await serverLedger(sb, live)).length;
    const first = await cli.ok(['--json', 'card', 'tender', String(id)]);
    expect(first.lines).toHaveLength(1);
    const card = (s.card = first.lines[0].card);
    const version = (s.cardVersion = first.lines[0].version);
    expect(card.id).toBe(id);
    expect(Array.isArray(card.positions)).toBe(true);
    const rows = await serverLedger(sb, live);
    expect(rows).toHaveLength(ledger0 + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ object_id: id, balance_type: 'tenders', filter_id: null });
    if (sb.strict) {
      // A card "as in the tender detail of document 2" states neither its version nor `billed`: the CLI says
      // so, and that a version it did not hold costs a unit; the ledger row has the real version.
      expect(first.lines[0].source).toBe('server (a version not held here: 1 unit charged unless this account received it before)');
      expect(card.version).toBeUndefined();
      expect(version).toBeNull();
      expect(row.version).toBeGreaterThanOrEqual(1);
    } else {
      expect(first.lines[0].source).toBe('server (charged 1 unit)');
      expect(version).toBe(card.version);
      expect(row.version).toBe(card.version);
    }

    // Any API request now would consume this fault: it must still be there afterwards.
    await ctl(sb, 'faults', { reset: 5 });
    try {
      const second = await cli.ok(['--json', 'card', 'tender', String(id)]);
      // Beside the raw object, the words every surface shows: the one stage function and the law's name.
      const words = { status_name: tenderStageNameOf(card, 'ru'), law_name: tenderLaw(card) === null ? null : lawName(tenderLaw(card), 'ru') };
      expect(second.lines).toEqual([{ source: 'cache', version, card, ...words }]);
      const human = await cli.ok(['card', 'tender', String(id)]);
      expect(human.stdout.split('\n')[0]).toBe(card.name);
      expect(human.stdout).toContain(`ID ${id} · извещение ${card.etp_id} · ${version === null ? 'версия не указана сервером' : `версия ${version}`} · ${words.status_name}`);
      expect(human.stdout.trimEnd().endsWith('(из кэша — бесплатно)')).toBe(true);
      expect((await ctl(sb, 'state')).faults.reset).toBe(5);
    } finally {
      await ctl(sb, 'faults', { reset: 0 });
    }
    expect(await serverLedger(sb, live)).toHaveLength(ledger0 + 1);
  });

  it('card tender ETP_ID --external and card contract REESTR --reestr; bad ids fail with a reason', async () => {
    const other = await unheldTender([s.cardId]);
    const byTest = await api(sb, 'GET', `/tenders/${other}`, { token: test });
    expect(byTest.status).toBe(200);
    const external = await cli.ok(['--json', 'card', 'tender', byTest.json.etp_id, '--external']);
    expect(external.lines[0].source).toMatch(/^server/);
    expect(external.lines[0].card).toMatchObject({ id: other, etp_id: byTest.json.etp_id, name: byTest.json.name });
    // A tender not held: its version is the card's own where the server states one, else not stated.
    expect(external.lines[0].version).toBe(sb.strict ? null : byTest.json.version);

    const contract = await api(sb, 'GET', '/contracts/1', { token: test });
    expect(contract.status).toBe(200);
    // The registry number is what a user brings from the public registry; a contract object need not carry it.
    const reestr = sb.strict ? await registryNumber(1) : contract.json.reestr_number;
    expect(reestr).toMatch(/^\d{19}$/);
    const contracts0 = (await serverBalance(sb, live)).contracts;
    const ledger0 = (await serverLedger(sb, live)).length;
    const byReestr = await cli.ok(['--json', 'card', 'contract', reestr, '--reestr']);
    const got = byReestr.lines[0];
    expect(got.card).toMatchObject({ id: 1 });
    expect((await serverBalance(sb, live)).contracts).toBe(contracts0 - 1);
    const rows = await serverLedger(sb, live);
    expect(rows).toHaveLength(ledger0 + 1);
    expect(rows.at(-1)).toMatchObject({ balance_type: 'contracts', object_id: 1, filter_id: null });
    if (sb.strict) {
      expect(got.source).toBe('server (a version not held here: 1 unit charged unless this account received it before)');
      expect(got.version).toBeNull();
      expect(rows.at(-1).version).toBeGreaterThanOrEqual(1);
    } else {
      expect(got.source).toBe('server (charged 1 unit)');
      expect(got.card).toMatchObject({ reestr_number: reestr, version: contract.json.version });
      expect(got.version).toBe(contract.json.version);
      expect(rows.at(-1).version).toBe(contract.json.version);
    }
    const cached = await cli.ok(['--json', 'card', 'contract', '1']);
    expect(cached.lines[0]).toEqual({ source: 'cache', version: got.version, card: got.card, law_name: got.law_name });

    const [missing, word, wrongFlag] = await Promise.all([
      cli.run(['--json', 'card', 'tender', '99999999']),
      cli.run(['card', 'tender', 'abc']),
      cli.run(['card', 'contract', '1', '--external']),
    ]);
    expect(missing.code).toBe(1);
    expect(failureReason(missing)).toMatch(/код not_found, HTTP 404/);
    expect(missing.stdout).toBe('');
    expect(word.code).toBe(2);
    expect(failureReason(word)).toMatch(/--external/);
    expect(wrongFlag.code).toBe(2);
  });

  it('balance and ledger: what the server says, one JSON line per ledger row', async () => {
    const [balance, ledger, lastTwo] = await Promise.all([cli.ok(['--json', 'balance']), cli.ok(['--json', 'ledger']), cli.ok(['ledger', '--last', '2'])]);
    const server = await api(sb, 'GET', '/balance', { token: live });
    // last_updated is the server's clock at each answer, so only its form is compared.
    // The CLI shows the balances the reference states (a server may send more fields).
    const stated = (b: Json) => ({ tenders: b.tenders, contracts: b.contracts });
    expect(balance.lines).toEqual([
      { balance: stated(server.json.balance), usage_today: stated(server.json.usage_today), last_updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/) },
    ]);
    const rows = await serverLedger(sb, live);
    expect(ledger.lines).toEqual(
      // A row's `created_at` is not among the fields the reference states: null when the server gives none.
      // Beside the API's row, its filter's one name (a card's row has none), as the app's ledger names it.
      rows.map((r) => ({ id: r.id, balance_type: r.balance_type, amount: r.amount, object_id: r.object_id, version: r.version, filter_id: r.filter_id, request_id: r.request_id, created_at: r.created_at ?? null, search_name: r.filter_id === null ? null : expect.any(String) })),
    );
    expect(ledger.lines.filter((l) => l.filter_id === s.vacFilter).map((l) => l.search_name)).toContain('vac');
    expect(ledger.lines.filter((l) => l.filter_id === s.vacFilter).every((l) => l.search_name === 'vac')).toBe(true);
    expect(balance.lines[0].balance.tenders).toBe(10_000 - rows.filter((r) => r.balance_type === 'tenders').length);
    expect(lastTwo.stdout.trimEnd().split('\n').map((l) => Number(l.split('\t')[0]))).toEqual(rows.slice(-2).map((r) => r.id));
  });

  it('ledger --by-search: units per filter by name, largest first, summing to the ledger', async () => {
    const [bySearch, text] = await Promise.all([cli.ok(['--json', 'ledger', '--by-search', '--days', '366']), cli.ok(['ledger', '--by-search'])]);
    const rows = await serverLedger(sb, live);
    expect(bySearch.lines.reduce((n, l) => n + (l.units as number), 0)).toBe(rows.reduce((n, r) => n + (r.amount as number), 0));
    expect(bySearch.lines.map((l) => l.units)).toEqual([...bySearch.lines.map((l) => l.units)].sort((a, b) => b - a));
    expect(bySearch.lines.find((l) => l.filter_id === s.vacFilter)).toMatchObject({ search_name: 'vac' });
    expect(text.stdout).toContain(`\tvac (${s.vacFilter})`);
    expect((await cli.run(['ledger', '--days', '7'])).code).toBe(2);

    // A profile charged nothing in the period says so in one sentence, not an empty screen; --json stays empty.
    // (A test token's account: the sandbox charges it nothing, so its ledger, pulled first, has no row.)
    const fresh = new CliHarness({ token: test, prefix: 'tenderwb-nocharge-' });
    try {
      await fresh.ok(['profile', 'add', 'sb', '--base-url', sb.baseUrl]);
      const none = await fresh.ok(['ledger', '--by-search', '--days', '7']);
      expect(none.stdout).toBe('');
      expect(none.stderr).toBe('За последние 7 дней (по Москве) списаний нет.\n');
      expect((await fresh.ok(['ledger', '--by-search', '--days', '1'])).stderr).toBe('Сегодня (по Москве) списаний нет.\n');
      const json = await fresh.ok(['--json', 'ledger', '--by-search']);
      expect(json.stdout + json.stderr).toBe('');
    } finally {
      fresh.cleanup();
    }
  });

  it('audit: exit 0 when every charge is a version held; a charge made outside the CLI is 1 unexplained row and exit 1', async () => {
    const clean = await cli.run(['--json', 'audit']);
    const count = (await serverLedger(sb, live)).length;
    expect(clean.code).toBe(0);
    expect(clean.lines).toEqual([
      expect.objectContaining({ ok: true, rows: count, matched: count, repeat_charges: [], unexplained: [], not_understood: [], missing_by_request: [], missing_by_balance: [], over_ledger: [], vacuous: false }),
    ]);

    // The same account fetches a card without the CLI: the server charges a version the cache does not hold.
    const id = await unheldTender();
    const direct = await api(sb, 'GET', `/tenders/${id}`, { token: live });
    expect(direct.status).toBe(200);
    // The charge is in the ledger under the card's request id (the header's; a body need not repeat it).
    const row = (await serverLedger(sb, live)).at(-1);
    expect(row).toMatchObject({ object_id: id, balance_type: 'tenders', filter_id: null, request_id: direct.headers['x-request-id'] });
    expect(direct.json.billed).toBe(sb.strict ? undefined : true);
    const dirty = await cli.run(['--json', 'audit']);
    expect(dirty.code).toBe(1);
    expect(failureReason(dirty)).toBe('сверка нашла повторных списаний: 0, необъяснённых строк: 1');
    expect(dirty.lines).toHaveLength(1);
    expect(dirty.lines[0]).toMatchObject({ ok: false, rows: count + 1, matched: count, repeat_charges: [] });
    expect(dirty.lines[0].unexplained).toEqual([expect.objectContaining({ id: row.id, object_id: id, version: row.version, balance_type: 'tenders', filter_id: null })]);
    const human = await cli.run(['audit']);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('необъяснённые строки: 1');
    expect(human.stdout).toContain('итог: НАЙДЕНЫ РАСХОЖДЕНИЯ');
    expect(failureReason(human)).toBe('сверка нашла повторных списаний: 0, необъяснённых строк: 1');

    // Fetching that card through the CLI is free (delivered before): no new row.
    const card = await cli.ok(['--json', 'card', 'tender', String(id)]);
    expect((await serverLedger(sb, live)).length).toBe(count + 1);
    const after = await cli.run(['--json', 'audit']);
    if (sb.strict) {
      // A card that states no version cannot tell the CLI which version the row charged: the CLI holds it
      // under no version number, does not claim it free, and the row made outside the CLI stays unexplained.
      expect(card.lines[0]).toMatchObject({ source: 'server (a version not held here: 1 unit charged unless this account received it before)', version: null });
      expect(after.code).toBe(1);
      expect(after.lines[0]).toMatchObject({ ok: false, rows: count + 1, matched: count, unexplained: [expect.objectContaining({ id: row.id })] });
    } else {
      // The card states its version and `billed: false`; holding that version explains the row.
      expect(card.lines[0].source).toBe('server (free: this version was delivered before)');
      expect(after.code).toBe(0);
      expect(after.lines[0]).toMatchObject({ ok: true, rows: count + 1, matched: count + 1 });
    }
  });

  it('cache stats and cache search: counts match what is held; a synced tender is found by a word of its title', async () => {
    const versions = (await cli.ok(['--json', 'cache', 'versions'])).lines;
    const [stats, human] = await Promise.all([cli.ok(['--json', 'cache', 'stats']), cli.ok(['cache', 'stats'])]);
    const st = stats.lines[0];
    const tenders = versions.filter((v) => v.kind === 'tender');
    const contracts = versions.filter((v) => v.kind === 'contract');
    expect(st.versions).toEqual({ tender: tenders.length, contract: contracts.length });
    expect(st.objects).toEqual({ tender: new Set(tenders.map((v) => v.id)).size, contract: new Set(contracts.map((v) => v.id)).size });
    expect(st.saved_searches.map((x: Json) => x.label)).toEqual(expect.arrayContaining(['vac', 'reg', 'watch']));
    expect(st.saved_searches).toHaveLength(3);
    expect(st.ledgerRows).toBe((await serverLedger(sb, live)).length);
    expect(st.outboxPending).toBe(0);
    expect(st.cachedCards).toBeGreaterThanOrEqual(4);
    expect(human.stdout.trimEnd().split('\n')).toHaveLength(4);
    expect(human.stdout).toMatch(/^закупок: [\d\s\u00a0]+ \(версий: [\d\s\u00a0]+\)/);

    const vac = await cli.ok(['--json', 'cache', 'search', 'вакцин', '--limit', '500']);
    expect(vac.lines.map((l) => l.id)).toEqual(expect.arrayContaining(s.members));
    for (const l of vac.lines) expect(`${l.name} ${l.customer}`).toMatch(/вакцин/i);
    // A distinctive word of a synced tender's title (not the keyword its search used) finds it too.
    const distinctive = (name: string) => name.split(/[^\p{L}]+/u).filter((w) => w.length >= 7 && !/вакцин|поставк|выполнени|оказани/i.test(w));
    const target = vac.lines.find((l) => distinctive(l.name).length > 0);
    expect(target).toBeDefined();
    const word = distinctive(target!.name).sort((x, y) => y.length - x.length)[0]!;
    const [found, none, usage] = await Promise.all([
      cli.ok(['--json', 'cache', 'search', word]),
      cli.ok(['--json', 'cache', 'search', 'щщщжжжыыы']),
      cli.run(['cache', 'search']),
    ]);
    expect(found.lines.map((l) => l.id)).toContain(target!.id);
    expect(none.lines).toEqual([]);
    expect(usage.code).toBe(2);
  });

  it('offline (the sandbox stopped): a cached card and the cache answer with no server at all', async () => {
    await sb.close();
    sandboxOpen = false;
    // (Commands that need the server retry a refused connection with backoff for several seconds before
    // failing or falling back to the cached list; they are not waited for here.)
    const [card, found, versions] = await Promise.all([
      cli.ok(['--json', 'card', 'tender', String(s.cardId)]),
      cli.ok(['--json', 'cache', 'search', 'вакцин']),
      cli.ok(['--json', 'cache', 'versions']),
    ]);
    // The same words as online (a card of the strict sandbox may carry no law: then none, not a guess).
    const law = tenderLaw(s.card);
    const words = { status_name: tenderStageNameOf(s.card, 'ru'), law_name: law === null ? null : lawName(law, 'ru') };
    expect(card.lines).toEqual([{ source: 'cache', version: s.cardVersion, card: s.card, ...words }]);
    expect(found.lines.map((l) => l.id)).toEqual(expect.arrayContaining(s.members));
    expect(versions.lines.length).toBeGreaterThan(s.members.length);
  });
});
