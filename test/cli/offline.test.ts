/**
 * The CLI is as good offline as the app. With the server stopped:
 * - a tender a feed delivered, whose card was never opened, is shown from its stored object (as the app's card
 *   shows it), saying plainly that its positions and documents are not held and that the card is free online
 *   for that version; `--json` carries the shown words (`status_name`, `law_name`) beside the raw object;
 * - `audit` judges from the cache and the last complete ledger pull, says when that pull was (Moscow time, as the
 *   app writes moments) and exits 0 when all is explained; charges made after that pull are said not compared,
 *   not reported missing.
 * A tender the cache does not hold still fails with the network reason (nothing to show).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { chargeLog } from '../../src-main/cache/chargeLog';
import { openCache } from '../../src-main/cache/database';
import { tenderLaw } from '../../src-main/domain/laws';
import { lawName, tenderStageNameOf } from '../../src-main/i18n/codes';
import { cliOnSandbox, failureReason, type CliHarness, type Json } from './helpers';


const PROFILE = 'sb';
let sb: RunningSandbox;
let open = false;
let cli: CliHarness;
/** The pull the online audit made, as the cache recorded it. */
let pulledAt = '';
/** A tender the feed delivered and no card of it was opened. */
let stored: Json;
/** A contract the search's contract feed delivered, its card never opened. */
let storedContract: number | null = null;

/** How the app and the CLI write a moment: «06.12.2026, 20:57 МСК». */
const moscow = (iso: string): string =>
  `${new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))} МСК`;

const cacheFile = (): string => join(cli.dataDir, 'profiles', PROFILE, 'cache.db');

beforeAll(async () => {
  ({ sb, cli } = await cliOnSandbox({ profile: PROFILE }));
  open = true;
  // Online: a search read into the cache, then a clean audit that pulls the whole ledger.
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'vac']);
  await cli.ok(['sync', 'vac', '--contracts']);
  const audit = await cli.run(['--json', 'audit']);
  expect(audit.code).toBe(0);
  const db = new Database(cacheFile(), { readonly: true });
  try {
    pulledAt = db.prepare<[], string>('SELECT pulled_at FROM ledger_pull WHERE singleton = 1').pluck().get() ?? '';
    const row = db.prepare<[], { id: number }>('SELECT id FROM tender ORDER BY id LIMIT 1').get();
    const versions = (await cli.ok(['--json', 'cache', 'versions'])).lines.filter((l) => l.kind === 'tender' && l.id === row?.id);
    stored = { id: row?.id, version: Math.max(...versions.map((v) => v.version as number)) };
    storedContract = (await cli.ok(['--json', 'cache', 'versions'])).lines.find((l) => l.kind === 'contract')?.id ?? null;
  } finally {
    db.close();
  }
  expect(pulledAt).not.toBe('');
  // A second search read after the audit: its charges come after the last complete pull.
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['бумаг'] }), '--label', 'paper']);
  await cli.ok(['sync', 'paper']);
  await sb.close();
  open = false;
});

afterAll(async () => {
  if (open) await sb.close();
  cli?.cleanup();
});

describe('offline, the CLI answers from the cache as the app does', () => {
  it('card tender ID of a tender only a feed delivered: the stored object, with what is not held and that the card is free online', async () => {
    const json = await cli.run(['--json', 'card', 'tender', String(stored.id)]);
    expect(json.code).toBe(0);
    const line = json.lines[0];
    const card = line.card;
    expect(card.id).toBe(stored.id);
    expect(line).toMatchObject({ source: 'cache', version: stored.version, offline: true, stored_object: true });
    // What the feed's object lacks is named, never an empty "none".
    const lacks = [...(Array.isArray(card.positions) ? [] : ['positions']), ...(Array.isArray(card.documents) ? [] : ['documents'])];
    expect(lacks.length).toBeGreaterThan(0);
    expect(line.not_held).toEqual(lacks);
    // The words every surface shows, by the one stage function and the law's name.
    expect(line.status_name).toBe(tenderStageNameOf(card, 'ru'));
    expect(line.law_name).toBe(tenderLaw(card) === null ? null : lawName(tenderLaw(card), 'ru'));

    const human = await cli.run(['card', 'tender', String(stored.id)]);
    expect(human.code).toBe(0);
    expect(human.stderr).toBe('');
    const text = human.stdout;
    expect(text.split('\n')[0]).toBe(card.name);
    expect(text).toMatch(lacks.length === 2 ? /^Позиции( \([\d\s\u00a0]+\))? и документы не загружены: они приходят с карточкой/m : /не загружены: они приходят с карточкой/);
    expect(text).toContain(`откройте её снова (tenderwb card tender ${stored.id}) — для этой версии это бесплатно.`);
    expect(text.trimEnd().split('\n').at(-1)).toBe('(нет связи с сервером: показан объект, сохранённый из ленты, — бесплатно)');
    expect(text).not.toMatch(/Позиции \(\d+\)\s*$|нет документов|Документов нет/m);
    if (card.end_date) expect(text).toContain(`Подача заявок до ${moscow(card.end_date)}`);
  });

  it('card contract ID of a contract only a feed delivered: its stored object, positions not loaded (a contract card has no documents)', async () => {
    expect(storedContract).not.toBeNull();
    const json = await cli.run(['--json', 'card', 'contract', String(storedContract)]);
    expect(json.code).toBe(0);
    expect(json.lines[0]).toMatchObject({ source: 'cache', offline: true, stored_object: true, not_held: ['positions'] });
    const human = await cli.run(['card', 'contract', String(storedContract)]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Позиции( \([\d\s\u00a0]+\))? не загружены: они приходят с карточкой/m);
    expect(human.stdout).toContain(`(tenderwb card contract ${storedContract}) — для этой версии это бесплатно.`);
  });

  it('a tender the cache does not hold still fails with the reason, one line, no half card', async () => {
    const r = await cli.run(['card', 'tender', '99999999']);
    expect(r.code).toBe(1);
    expect(failureReason(r)).toMatch(/^Нет связи с сервисом: .*\(код network\)$/);
    expect(r.stdout).toBe('');
  });

  it('audit: judged from the cache and the last ledger pull, which it names in Moscow time; clean, exit 0', async () => {
    const json = await cli.run(['--json', 'audit']);
    expect(json.code).toBe(0);
    // Charges logged after the last pull are not compared with the older ledger, and not reported missing.
    expect(json.lines[0]).toMatchObject({ ok: true, offline: true, ledger_pulled: false, ledger_pulled_at: pulledAt, repeat_charges: [], unexplained: [], missing_by_request: [], missing_by_balance: [], over_ledger: [] });
    const human = await cli.run(['audit']);
    expect(human.code).toBe(0);
    const lines = human.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Нет связи с сервером: сверка по кэшу и журналу списаний, загруженному ${moscow(pulledAt)}; списания после этого времени с журналом не сверены.`);
    expect(lines.at(-1)).toBe('итог: каждое списание объяснено, ничего не оплачено дважды, все списания есть в журнале');
    expect(human.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('audit of a profile whose ledger was never pulled: says there is nothing to judge against, exit 1', async () => {
    const other = cli.dir('never-pulled');
    await cli.ok(['profile', 'add', 'gone', '--base-url', sb.baseUrl], { dataDir: other });
    // Its cache holds a charge a response told of, and no ledger.
    await cli.ok(['cache', 'stats'], { dataDir: other });
    const cache = openCache(join(other, 'profiles', 'gone', 'cache.db'));
    try {
      chargeLog(cache).add({ requestId: 'req_x', via: 'feed', balanceType: 'tenders', filterId: 'flt_x', charged: 2, stated: true, periodTotal: 2, receivedAt: '2026-08-01T10:00:00Z' });
    } finally {
      cache.close();
    }
    const r = await cli.run(['audit'], { dataDir: other });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe('Нет связи с сервером: сверка по кэшу; журнал списаний ещё ни разу не загружался полностью, поэтому списания из ответов с ним не сверены.');
    expect(failureReason(r)).toBe('журнал списаний ещё ни разу не загружался, а связи с сервером нет: сверять не с чем — выполните tenderwb audit, когда сервер будет доступен');
  });
});
