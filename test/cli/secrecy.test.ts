/**
 * "The token appears in no file under the data directory, no log line, no CLI output."
 *
 * A whole CLI session (profile, search, sync, cards, a list, an export, balance, ledger, audit, and commands
 * failing on a bad or malformed token) runs against its own sandbox; then everything it left behind is
 * scanned for the token and for its random part: every file under the data directory and the CLI's HOME
 * byte by byte (registry, cache.db and — scanned while a `sync --follow` holds the cache open — its -wal and
 * -shm), every value of every SQLite table with compressed blobs inflated, the exported CSV, and every line
 * the CLI printed on stdout and stderr.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import {
  CliHarness,
  ctl,
  failureReason,
  feedVersions,
  randomPart,
  scanForSecrets,
  startCliSandbox,
  tokens,
  waitFor,
  type CliRun,
} from './helpers';

const VAC = { keywords: ['вакцин'] };

let sb: RunningSandbox;
let live: string;
let test: string;
let cli: CliHarness;

beforeAll(async () => {
  sb = await startCliSandbox();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  ({ live, test } = await tokens(sb));
  cli = new CliHarness({ token: live, prefix: 'tenderwb-cli-secrecy-' });
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

/** A well-formed token the server never issued, with a random part unlike any real one. */
const WRONG = `tenderwb_live_${'Zq7'.repeat(10)}Xy`;
/** A token that cannot be right (whitespace inside): the vault refuses it before any request. */
const MALFORMED = 'tenderwb_live_MalformedSecretPart with-a-space';

describe('tenderwb keeps the API token secret', () => {
  it('a wrong or malformed token fails with one line that does not echo it', async () => {
    await cli.ok(['profile', 'add', 'main', '--base-url', sb.baseUrl]);
    const [wrong, wrongJson, wrongSync, malformed] = await Promise.all([
      cli.run(['balance'], { token: WRONG }),
      cli.run(['--json', 'ledger'], { token: WRONG }),
      cli.run(['list', 'create', 'never'], { token: WRONG }),
      cli.run(['balance'], { token: MALFORMED }),
    ]);
    for (const r of [wrong, wrongJson, wrongSync]) {
      expect(r.code).toBe(1);
      expect(failureReason(r)).toMatch(/не принимает токен.*войдите снова.*код unauthorized, HTTP 401/);
    }
    expect(malformed.code).toBe(1);
    expect(failureReason(malformed)).toMatch(/^Недопустимый токен API \(переменная TENDERWB_TOKEN\): содержит пробелы или управляющие символы\.$/);
    for (const r of [wrong, wrongJson, wrongSync, malformed]) {
      expect(r.stdout).toBe('');
      for (const secret of [WRONG, randomPart(WRONG), 'MalformedSecretPart', live, randomPart(live)]) {
        expect(r.stderr).not.toContain(secret);
      }
    }
  });

  it('after a whole session, no file under the data dir or HOME, no export and no output holds the token', async () => {
    const run = (args: string[]): Promise<CliRun> => cli.ok(args);
    await run(['--json', 'profile', 'list']);
    const search = await run(['--json', 'search', '--query', JSON.stringify(VAC), '--label', 'vac', '--events', 'created,updated']);
    const filterId: string = search.lines[0].filter_id;
    await run(['--json', 'sync', 'vac', '--max-spend', '3']);
    await run(['sync', 'vac']);
    const members = [...new Set((await feedVersions(sb, test, VAC)).map((k) => Number(k.split(':')[1])))].slice(0, 3);
    await run(['--json', 'card', 'tender', String(members[0])]);
    await run(['card', 'tender', String(members[0])]);
    const list = await run(['--json', 'list', 'create', 'secret-check']);
    const listId: string = list.lines[0].list_id;
    await run(['list', 'add', listId, ...members.map(String)]);
    await run(['--json', 'list', 'show', listId]);
    const csv = join(cli.dir('export'), 'list.csv');
    await run(['export', 'list', listId, '--out', csv, '--columns', 'id,etp_id,name,url']);
    await Promise.all([run(['balance']), run(['--json', 'ledger']), run(['audit']), run(['--json', 'cache', 'stats']), run(['cache', 'versions'])]);
    // A failing command with a bad token, after the cache exists (its outbox records the failure).
    expect((await cli.run(['list', 'create', 'fails'], { token: WRONG })).code).toBe(1);

    const secrets = [live, randomPart(live), WRONG, randomPart(WRONG)];
    const roots = [cli.dataDir, cli.home, csv];

    // While a follower holds the cache open, the WAL and shared-memory files exist: scan them too.
    const { child, done } = cli.spawn(['--json', 'sync', 'vac', '--follow']);
    const cacheFile = join(cli.dataDir, 'profiles', 'main', 'cache.db');
    await waitFor(() => (existsSync(`${cacheFile}-wal`) ? true : undefined), 15_000, 'the -wal file of the open cache');
    const during = scanForSecrets(roots, secrets);
    expect(during.files).toContain(`${cacheFile}-wal`);
    expect(during.hits).toEqual([]);
    child.kill('SIGINT');
    const follow = await done;
    expect(follow.code).toBe(0);

    const after = scanForSecrets(roots, secrets);
    expect(after.hits).toEqual([]);
    expect(after.files).toEqual(expect.arrayContaining([join(cli.dataDir, 'profiles.json'), cacheFile, csv]));

    // The scanner is not blind: the same scan finds what the session did store, in the clear and deflated.
    const storedName: string = JSON.parse(
      (await cli.ok(['--json', 'card', 'tender', String(members[0])])).stdout.split('\n')[0]!,
    ).card.name;
    const control = scanForSecrets([cli.dataDir], [filterId, listId, storedName]);
    expect(control.values).toBeGreaterThan(100);
    expect(control.hits.some((h) => h.endsWith(`: ${filterId}`))).toBe(true);
    expect(control.hits.some((h) => h.endsWith(`: ${listId}`))).toBe(true);
    expect(control.hits.some((h) => h.includes('inflated blob') && h.endsWith(`: ${storedName}`))).toBe(true);
    expect(readFileSync(csv).includes(Buffer.from(storedName))).toBe(true);

    // Every line the CLI printed, on both streams, in every run of this file.
    expect(cli.transcript.length).toBeGreaterThan(20);
    for (const r of cli.transcript) {
      for (const secret of secrets) {
        expect(r.stdout.includes(secret) || r.stderr.includes(secret), `tenderwb ${r.args.join(' ')} printed a secret`).toBe(false);
      }
    }
  });
});
