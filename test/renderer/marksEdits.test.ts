/** The marks editor on many rows at once, and the filter chips over marks. */
import { describe, expect, it } from 'vitest';
import { commonMarks, markChangeOf, MIXED, textOn, toggledTag, withTag } from '../../src-renderer/components/markEdits';
import { chipsOf, compact, withChip, withoutChip } from '../../src-renderer/components/markFilter';

const red = { id: 1, name: 'Срочно', color: '#d32f2f' };
const blue = { id: 2, name: 'ИТ', color: '#1976d2' };

describe('marks editor on several tenders', () => {
  it('a tag on every tender is on all, on one of two is on some; a status they share is kept, a differing one is mixed', () => {
    const draft = commonMarks([
      { tags: [red, blue], status: 'reviewing', assignee: 'Иванова' },
      { tags: [red], status: 'reviewing', assignee: 'Петров' },
    ]);
    expect(draft.tags.map((t) => [t.name, t.presence])).toEqual([
      ['Срочно', 'all'],
      ['ИТ', 'some'],
    ]);
    expect(draft.status).toBe('reviewing');
    expect(draft.assignee).toBe(MIXED);
  });

  it('a tender never marked (absent from the answer) has no status: the selection is mixed', () => {
    const draft = commonMarks([{ tags: [red], status: 'won', assignee: null }], 2);
    expect(draft.tags[0]!.presence).toBe('some');
    expect(draft.status).toBe(MIXED);
    expect(draft.assignee).toBe('');
  });

  it('only what the user changed is sent: a mixed status and a tag on some rows left alone are not touched', () => {
    const initial = commonMarks([
      { tags: [red, blue], status: 'new', assignee: 'Иванова' },
      { tags: [red], status: 'won', assignee: 'Иванова' },
    ]);
    expect(markChangeOf([5, 6], initial, initial)).toBeNull();
    let draft = withTag(initial, '  Подаём ');
    draft = toggledTag(draft, 'срочно'); // case does not matter
    draft = { ...draft, assignee: '', note: ' позвонить заказчику ' };
    expect(markChangeOf([5, 6], initial, draft)).toEqual({
      tender_ids: [5, 6],
      add_tags: ['Подаём'],
      remove_tags: ['Срочно'],
      assignee: null,
      note: 'позвонить заказчику',
    });
  });

  it('a tag typed in another case is the existing tag, put on all; a tag on some rows can be put on all', () => {
    const initial = commonMarks([{ tags: [blue], status: null, assignee: null }, { tags: [], status: null, assignee: null }]);
    const draft = withTag(initial, 'ит');
    expect(draft.tags).toHaveLength(1);
    expect(markChangeOf([1, 2], initial, draft)).toEqual({ tender_ids: [1, 2], add_tags: ['ИТ'] });
    expect(markChangeOf([1, 2], initial, { ...initial, status: 'preparing' })).toEqual({ tender_ids: [1, 2], status: 'preparing' });
    expect(markChangeOf([1], commonMarks([{ tags: [], status: 'won', assignee: null }]), { ...commonMarks([{ tags: [], status: 'won', assignee: null }]), status: null })).toEqual({ tender_ids: [1], status: null });
  });

  it('chip text is black on a light colour and white on a dark one', () => {
    expect(textOn('#ffeb3b')).toBe('#000');
    expect(textOn('#1a237e')).toBe('#fff');
    expect(textOn('not a colour')).toBe('#000');
  });
});

describe('filter chips over marks', () => {
  it('chips come from the filter, are added once, and removing the last one leaves no filter', () => {
    let f = withChip({}, { kind: 'tag', value: 'Срочно' });
    f = withChip(f, { kind: 'tag', value: 'срочно' });
    f = withChip(f, { kind: 'status', value: 'reviewing' });
    f = withChip(f, { kind: 'assignee', value: ' Иванова ' });
    expect(chipsOf(f)).toEqual([
      { kind: 'tag', value: 'Срочно' },
      { kind: 'status', value: 'reviewing' },
      { kind: 'assignee', value: 'Иванова' },
    ]);
    for (const chip of chipsOf(f)) f = withoutChip(f, chip);
    expect(compact(f)).toBeUndefined();
    expect(compact({ tags: [], status: ['won'] })).toEqual({ status: ['won'] });
  });
});
