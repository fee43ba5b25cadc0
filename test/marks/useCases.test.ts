/**
 * The marks workbench's use cases (src-main/marks/) over a real cache: a change is checked with the
 * domain's words before anything is written (the CLI reaches them without the IPC validators); the tags
 * manager refuses a rename onto another tag and names a missing tag; the board has a column per status in the
 * domain's order then «Без статуса», with tenders not held as rows; table rows carry marks only when marked.
 */
import { describe, expect, it } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { listTags } from '../../src-main/cache/markStore';
import { AppError } from '../../src-main/domain/appError';
import { applyMarks } from '../../src-main/marks/applyMarks';
import { pipelineBoard } from '../../src-main/marks/markedTenders';
import { tendersMarkedAs, withRowMarks } from '../../src-main/marks/rowMarks';
import { deleteNote, deleteTag, mergeTags, recolorTag, renameTag } from '../../src-main/marks/tagAdmin';
import { tenderMarks } from '../../src-main/marks/tenderMarks';
import { tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('marks use cases', () => {
  it('a bad change is refused whole, in both languages, naming the field and what it accepts; nothing is written', () => {
    const cache = tempCache();
    const status = refusal(() => applyMarks(cache, { tender_ids: [1], add_tags: ['ИТ'], status: 'maybe' as never }));
    expect(status.code).toBe('invalid_input');
    expect(status.text.ru).toContain('допустимые: new (Новая), reviewing (На рассмотрении), preparing (Готовим заявку)');
    expect(status.text.en).toContain('allowed: new (New), reviewing (Reviewing)');
    expect(refusal(() => applyMarks(cache, { tender_ids: [1], note: 'я'.repeat(4001) })).text.en).toContain('Note: at most 4000 characters');
    expect(refusal(() => applyMarks(cache, { tender_ids: [1], add_tags: ['  '] })).text.ru).toContain('Метка: название не может быть пустым');
    expect(refusal(() => applyMarks(cache, { tender_ids: [1], assignee: 'a'.repeat(101) })).text.ru).toContain('Ответственный: не длиннее 100');
    expect(refusal(() => applyMarks(cache, { tender_ids: [], status: 'new' })).code).toBe('invalid_input');
    expect(listTags(cache)).toEqual([]);
    expect(tenderMarks(cache, 1).marked_at).toBeNull();
  });

  it('the tags manager: rename onto another name is a conflict, a missing tag is named, a bad colour refused; merge and delete answer the tenders', () => {
    const cache = tempCache();
    applyMarks(cache, { tender_ids: [1, 2], add_tags: ['Срочно'] });
    applyMarks(cache, { tender_ids: [3], add_tags: ['Горит'], note: 'позже' });
    const id = (name: string) => listTags(cache).find((t) => t.name === name)!.id;
    const conflict = refusal(() => renameTag(cache, id('Горит'), 'срочно'));
    expect(conflict.code).toBe('conflict');
    expect(conflict.text.en).toContain('merge them');
    expect(refusal(() => recolorTag(cache, 999, '#000000')).code).toBe('not_found');
    expect(refusal(() => recolorTag(cache, id('Горит'), 'red')).text.ru).toContain('нужен вид #rrggbb');
    expect(refusal(() => mergeTags(cache, [id('Горит')], 999)).code).toBe('not_found');
    expect(mergeTags(cache, [id('Горит')], id('Срочно'))).toEqual([3]);
    expect(deleteTag(cache, id('Срочно'))).toEqual([1, 2, 3]);
    // Tender 3 still has its note; deleting it leaves nothing marked, and a second delete is a no-op.
    const noteId = tenderMarks(cache, 3).notes[0]!.id;
    expect(deleteNote(cache, noteId)).toBe(3);
    expect(deleteNote(cache, noteId)).toBeNull();
    expect(tendersMarkedAs(cache, {})).toEqual([]);
  });

  it('the board: a column per status in order, then no status; a tender not held is a row; table rows carry marks only when marked', () => {
    const cache = tempCache();
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(10, 1, { name: 'Поставка вакцин', price: 1_000 }))], { filterId: 'flt_board', cursor: 'c1' }));
    applyMarks(cache, { tender_ids: [10], status: 'won', add_tags: ['ИТ'] });
    applyMarks(cache, { tender_ids: [11], assignee: 'Петров' });
    const board = pipelineBoard(cache);
    expect(board.map((c) => c.status)).toEqual(['new', 'reviewing', 'preparing', 'submitted', 'won', 'lost', 'declined', null]);
    expect(board[4]!.rows).toEqual([expect.objectContaining({ id: 10, held: true, name: 'Поставка вакцин', price: 1_000, tender_status: 'active' })]);
    expect(board[7]!.rows).toEqual([expect.objectContaining({ id: 11, held: false, name: null })]);
    expect(pipelineBoard(cache, { tags: ['ит'] }).flatMap((c) => c.rows.map((r) => r.id))).toEqual([10]);
    expect(tendersMarkedAs(cache, undefined)).toBeUndefined();
    expect(withRowMarks(cache, [{ id: 10 }, { id: 12 }])).toEqual([{ id: 10, marks: { tags: [{ name: 'ИТ', color: expect.any(String) }], status: 'won', assignee: null } }, { id: 12 }]);
  });
});
