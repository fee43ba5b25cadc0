/**
 * `tenderwb docs fetch / list / open` against the sandbox's document host: the documents of a held
 * card are downloaded with a line per file and a summary (files, bytes, new, already held, failed), a second
 * run fetches nothing, `docs list --json` gives name, state, bytes and the sha256 of the very bytes the URL
 * serves, `docs open --path-only` copies one to a safe temporary name; a tender whose card is not held is told
 * apart and nothing is charged for documents.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { cliOnSandbox, serverBalance, type CliHarness } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;
let live: string;
const TENDER = 3;

beforeAll(async () => {
  ({ sb, cli, live } = await cliOnSandbox());
  await cli.ok(['card', 'tender', String(TENDER)]);
});
afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('tenderwb docs', () => {
  it('fetch downloads each document of the held card once, prints a line per file and a summary, and costs no units', async () => {
    const before = await serverBalance(sb, live);
    const first = await cli.ok(['--json', 'docs', 'fetch', '--tender', String(TENDER)]);
    const files = first.lines.filter((l) => !l.summary);
    const summary = first.lines.find((l) => l.summary);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.tender_id).toBe(TENDER);
      expect(['new', 'held']).toContain(f.outcome);
      expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(summary).toMatchObject({ files: files.length, failed: 0, new: files.filter((f) => f.outcome === 'new').length, no_card: [] });
    expect(summary.bytes).toBe(files.reduce((s, f) => s + f.bytes, 0));
    expect(await serverBalance(sb, live)).toEqual(before);

    const again = await cli.ok(['--json', 'docs', 'fetch', '--tender', String(TENDER)]);
    expect(again.lines.find((l) => l.summary)).toMatchObject({ files: files.length, new: 0, held: files.length, failed: 0 });
    const human = await cli.ok(['docs', 'fetch', '--tender', String(TENDER)]);
    expect(human.stdout).toMatch(/Итого: файлов \d+, [\d,]+ МБ; новых 0, уже были \d+, ошибок 0/);
  });

  it('list gives each document with its state, bytes and the sha256 of the bytes its URL serves', async () => {
    const list = await cli.ok(['--json', 'docs', 'list', String(TENDER)]);
    expect(list.lines.length).toBeGreaterThan(0);
    for (const d of list.lines) {
      expect(['text_extracted', 'scan']).toContain(d.state);
      // fetch follows the strict sandbox's redirect to its storage, as the client's download does.
      const served = Buffer.from(await (await fetch(d.url)).arrayBuffer());
      expect(d.bytes).toBe(served.length);
      expect(d.sha256).toBe(sha(served));
      expect(typeof d.name).toBe('string');
    }
  });

  it('open --path-only copies a held document to a temporary file with a safe name', async () => {
    const first = (await cli.ok(['--json', 'docs', 'list', String(TENDER)])).lines[0];
    const opened = await cli.ok(['--json', 'docs', 'open', String(TENDER), '1', '--path-only']);
    const path = opened.lines[0].path as string;
    expect(basename(path)).toMatch(/^[\p{L}\p{N} \-_()№,]+\.[a-z0-9]+$/u);
    expect(sha(readFileSync(path))).toBe(first.sha256);
  });

  it('a tender whose card is not held is named, with the command that loads it, and nothing is downloaded for it', async () => {
    const r = await cli.ok(['--json', 'docs', 'fetch', '--tender', '4']);
    expect(r.lines).toEqual([expect.objectContaining({ summary: true, files: 0, no_card: [4] })]);
    const human = await cli.ok(['docs', 'fetch', '--tender', '4']);
    expect(human.stderr).toContain('Закупка 4: карточки нет в кэше — откройте её (tenderwb card tender 4)');
  });

  it('search finds a tender by a phrase of its documents, a word in another form, with a highlighted snippet', async () => {
    await cli.ok(['card', 'tender', '5']);
    await cli.ok(['docs', 'fetch', '--tender', '5']);
    const card = (await cli.ok(['--json', 'card', 'tender', String(TENDER)])).lines[0].card;
    const byNumber = await cli.ok(['--json', 'docs', 'search', `"${card.etp_id}"`]);
    expect(byNumber.lines.length).toBeGreaterThan(0);
    expect(new Set(byNumber.lines.map((l) => l.tender_id))).toEqual(new Set([TENDER]));
    for (const l of byNumber.lines) {
      expect(typeof l.document).toBe('string');
      expect(l.snippet).toContain(`[${card.etp_id}]`);
    }
    // «поставки» finds «поставка» / «поставки» through the offline search's stemmer.
    const forms = await cli.ok(['--json', 'docs', 'search', 'поставками']);
    expect(forms.lines.length).toBeGreaterThan(0);
    expect(forms.lines.some((l) => /\[постав[а-я]*\]/i.test(l.snippet))).toBe(true);
    const none = await cli.ok(['docs', 'search', 'абракадабраничегонет']);
    expect(none.stderr).toContain('В скачанных документах ничего не найдено.');
  });

  it('diff with a single held version says there is nothing to compare and what to do', async () => {
    const r = await cli.run(['docs', 'diff', String(TENDER)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('сравнивать не с чем');
    // A strict server's card may carry no version (the reference does not require it): then no card has one.
    if (process.env.TENDERWB_SANDBOX_STRICT !== '1') expect(r.stderr).toContain(`у закупки ${TENDER} в кэше карточка только одной версии: сравнивать не с чем`);
    else expect(r.stderr).toContain(`у закупки ${TENDER} в кэше нет карточки с номером версии`);
  });

  it('bad calls exit 2 and name what is accepted', async () => {
    const none = await cli.run(['docs', 'fetch']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('укажите одно: --tender ID, --list LIST_ID, --label МЕТКА, --marked или --auto');
    expect((await cli.run(['docs', 'list', 'abc'])).code).toBe(2);
    expect((await cli.run(['docs', 'fetch', '--tender', '3', '--max-mb', '-1'])).code).toBe(2);
  });
});
