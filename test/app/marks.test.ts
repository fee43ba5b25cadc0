/**
 * Marks through the app core against the sandbox (and the strict one under
 * TENDERWB_SANDBOX_STRICT=1): a change on several result rows is one call that emits `marks.changed`; the
 * results table, a list's members, the offline search and the board filter by marks and show them on their rows; renaming a tag
 * onto another's name is a conflict; the contract's validators refuse bad input at the boundary with words
 * naming the field and what it accepts, in the reader's language.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src-main/contract/ipc';
import { coreOnSandbox, eventsOf, finished, rejection } from './helpers';

const env = coreOnSandbox();

describe('marks through the app core', () => {
  it('marks several result rows at once; the tables, the offline search and the board filter by them and show them', async () => {
    const { t } = env;
    const run = await t.call('search.run', { criteria: { regions: [77] }, label: 'отметки', events: ['created'] });
    expect((await finished(t, run.jobId)).state).toBe('done');
    const held = (await t.call('search.results', { filterId: run.filterId, limit: 10 })).rows;
    expect(held.length).toBeGreaterThan(4);
    const chosen = held.slice(0, 3).map((r) => r.id);

    const applied = await t.call('marks.apply', { tender_ids: chosen, add_tags: ['Срочно'], status: 'reviewing', assignee: 'Иванова', note: 'Проверить обеспечение' });
    expect(applied).toEqual({ changed: 3 });
    expect(eventsOf(t, 'marks.changed').at(-1)).toEqual({ tenderIds: chosen });

    const filtered = await t.call('search.results', { filterId: run.filterId, marks: { tags: ['СРОЧНО'] } });
    expect(filtered.cachedCount).toBe(3);
    expect(filtered.rows.map((r) => r.id).sort()).toEqual([...chosen].sort());
    for (const row of filtered.rows) expect(row.marks).toEqual({ tags: [{ name: 'Срочно', color: expect.stringMatching(/^#[0-9a-f]{6}$/) }], status: 'reviewing', assignee: 'Иванова' });
    // Rows of unmarked tenders carry no marks.
    const unmarked = (await t.call('search.results', { filterId: run.filterId, limit: 10 })).rows.filter((r) => !chosen.includes(r.id));
    expect(unmarked.every((r) => r.marks === undefined)).toBe(true);

    const offline = await t.call('search.offline', { marks: { status: ['reviewing'], assignee: 'иванова' } });
    expect(offline.count).toBe(3);
    expect(offline.rows.map((r) => r.id).sort()).toEqual([...chosen].sort());
    expect((await t.call('search.offline', { marks: { status: ['won'] } })).count).toBe(0);

    const list = await t.call('lists.create', { name: 'Отметки' });
    await t.call('lists.addItems', { listId: list.listId, ids: [chosen[0]!, held[4]!.id] });
    const members = await t.call('lists.members', { listId: list.listId, marks: { status: ['reviewing'] } });
    expect(members.count).toBe(1);
    expect(members.rows.map((r) => [r.id, r.marks?.status])).toEqual([[chosen[0], 'reviewing']]);

    const board = await t.call('marks.board', {});
    expect(board.columns.map((c) => c.status)).toEqual(['new', 'reviewing', 'preparing', 'submitted', 'won', 'lost', 'declined', null]);
    const reviewing = board.columns[1]!.rows;
    expect(reviewing.map((r) => r.id).sort()).toEqual([...chosen].sort());
    expect(reviewing.every((r) => r.held && r.name !== null && r.marks.notes[0]?.text === 'Проверить обеспечение')).toBe(true);

    const card = await t.call('marks.get', { tenderId: chosen[0]! });
    expect(card).toMatchObject({ status: 'reviewing', assignee: 'Иванова', changed_since_marked: false });
    expect(await t.call('marks.assignees', {})).toEqual(['Иванова']);
  });

  it('renaming a tag onto another\'s name is a conflict; a merge moves its tenders and says so in an event', async () => {
    const { t } = env;
    await t.call('marks.apply', { tender_ids: [9_000_001], add_tags: ['Горит'] });
    const tags = await t.call('marks.tags', {});
    const id = (name: string) => tags.find((x) => x.name === name)!.id;
    const refused = await rejection(t.call('marks.tagRename', { tagId: id('Горит'), name: 'срочно' }));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('объедините');
    const events = eventsOf(t, 'marks.changed').length;
    expect(await t.call('marks.tagMerge', { from: [id('Горит')], into: id('Срочно') })).toEqual({ moved: 1 });
    expect(eventsOf(t, 'marks.changed').slice(events)).toEqual([{ tenderIds: [9_000_001] }]);
    expect((await t.call('marks.tags', {})).map((x) => x.name)).toEqual(['Срочно']);
  });

  it('bad input is refused at the boundary, naming the field and what it accepts, in the reader\'s language', () => {
    const status = parseArgs('marks.apply', { tender_ids: [1], status: 'bogus' }, 'en');
    expect(status.ok).toBe(false);
    if (!status.ok) {
      expect(status.error.code).toBe('invalid_input');
      expect(status.error.fields).toEqual(['status']);
      expect(status.error.message).toContain('allowed: new (New), reviewing (Reviewing)');
    }
    const ru = parseArgs('marks.apply', { tender_ids: [1], status: 'bogus' }, 'ru');
    expect(!ru.ok && ru.error.message).toContain('допустимые: new (Новая), reviewing (На рассмотрении)');
    const note = parseArgs('marks.apply', { tender_ids: [1], note: 'x'.repeat(4001) }, 'ru');
    expect(!note.ok && note.error.message).toContain('note: Заметка: не длиннее 4000 символов');
    const color = parseArgs('marks.tagColor', { tagId: 1, color: 'red' }, 'en');
    expect(!color.ok && color.error.message).toContain('color: Colour "red": use #rrggbb');
    const filter = parseArgs('search.offline', { marks: { status: ['выиграна'] } }, 'ru');
    expect(!filter.ok && filter.error.fields).toEqual(['marks.status.0']);
    expect(parseArgs('marks.apply', { tender_ids: [], status: 'new' }).ok).toBe(false);
  });
});
