/**
 * Triage labels (rules in domain/triageLabels.ts, migration 0027): which statuses are positives and
 * negatives, the explicit «Интересно / Неинтересно» kept as a mark with its own time, the later decision
 * counting, a status keeping its time when only a tag or a note changes, a status from before the migration
 * dated by its mark, a teammate's status training only when the analyst allows it, the explicit label logged
 * as a shared mark change with its own time (migration 0033; test/team/sharedChanges.test.ts carries it to a
 * teammate through PostgreSQL).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { markStore, tenderMarksFor } from '../../src-main/cache/markStore';
import { MIGRATIONS } from '../../src-main/cache/migrations';
import { triageStore } from '../../src-main/cache/triageStore';
import { sharedChangeStore } from '../../src-main/cache/sharedChangeStore';
import { labelOf, labelsFrom, statusSignal } from '../../src-main/domain/triageLabels';
import { markHistoryLine } from '../../src-main/i18n/markHistoryText';
import { applyPulledChanges } from '../../src-main/team/sharedChanges';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';

let cursor = 0;
const deliver = (cache: ReturnType<typeof tempCache>, objects: Record<string, unknown>[]) =>
  feedStore(cache).saveFeedPage(tenderPage(objects.map((o) => tenderItem(o)), { filterId: 'flt_triage', cursor: `cur_${++cursor}` }));

const labels = (cache: ReturnType<typeof tempCache>, teammates = false) => labelsFrom(triageStore(cache).decisions(), teammates);

describe('triage labels from marks', () => {
  it('statuses «На рассмотрении» … «Проиграли» are positives, «Отказались» a negative, «Новая» and none say nothing', () => {
    expect(['reviewing', 'preparing', 'submitted', 'won', 'lost'].map((s) => statusSignal(s as never))).toEqual([true, true, true, true, true]);
    expect(statusSignal('declined')).toBe(false);
    expect(statusSignal('new')).toBeNull();
    expect(statusSignal(null)).toBeNull();
  });

  it('the later decision is the label: declined after «Интересно» is a negative, «Интересно» after declined a positive', () => {
    const base = { tender_id: 1, marked_at: '2026-03-03T00:00:00Z' };
    expect(labelOf({ ...base, status: 'declined', status_at: '2026-03-02T00:00:00Z', interest: 1, interest_at: '2026-03-01T00:00:00Z' })).toEqual({ tender_id: 1, positive: false, at: '2026-03-02T00:00:00Z', source: 'status' });
    expect(labelOf({ ...base, status: 'declined', status_at: '2026-03-01T00:00:00Z', interest: 1, interest_at: '2026-03-02T00:00:00Z' })).toEqual({ tender_id: 1, positive: true, at: '2026-03-02T00:00:00Z', source: 'explicit' });
    expect(labelOf({ ...base, status: 'new', status_at: '2026-03-01T00:00:00Z', interest: null, interest_at: null })).toBeNull();
    // A time lost (a damaged row) falls back to the mark's own time rather than losing the label.
    expect(labelOf({ ...base, status: 'won', status_at: null, interest: null, interest_at: null })).toMatchObject({ positive: true, at: base.marked_at });
  });

  it('the explicit label is a mark with its own time: it alone keeps the tender marked, a tag added later does not move a status’s time', () => {
    const cache = tempCache();
    deliver(cache, [tender(1, 1), tender(2, 1), tender(3, 1)]);
    const store = markStore(cache);
    expect(store.apply({ tender_ids: [1], interest: true }, '2026-03-01T10:00:00.000Z')).toEqual([1]);
    expect(store.apply({ tender_ids: [2], interest: false }, '2026-03-01T10:00:00.000Z')).toEqual([2]);
    expect(store.apply({ tender_ids: [3], status: 'preparing' }, '2026-03-01T10:00:00.000Z')).toEqual([3]);
    store.apply({ tender_ids: [3], add_tags: ['ИТ'] }, '2026-03-05T10:00:00.000Z');
    expect(tenderMarksFor(cache, [1]).get(1)).toMatchObject({ interest: true, status: null });
    expect(labels(cache)).toEqual([
      { tender_id: 1, positive: true, at: '2026-03-01T10:00:00.000Z', source: 'explicit' },
      { tender_id: 2, positive: false, at: '2026-03-01T10:00:00.000Z', source: 'explicit' },
      { tender_id: 3, positive: true, at: '2026-03-01T10:00:00.000Z', source: 'status' },
    ]);
    // Declining later overrides the earlier «Интересно»; clearing the label leaves nothing marked.
    store.apply({ tender_ids: [1], status: 'declined' }, '2026-03-02T10:00:00.000Z');
    expect(labels(cache)[0]).toEqual({ tender_id: 1, positive: false, at: '2026-03-02T10:00:00.000Z', source: 'status' });
    expect(store.apply({ tender_ids: [2], interest: null })).toEqual([2]);
    expect(tenderMarksFor(cache, [2]).get(2)!.marked_at).toBeNull();
    expect(triageStore(cache).undecidedHeldIds()).toEqual([2]);
  });

  it('a status set before migration 0027 is dated by its mark, so it still trains', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, MIGRATIONS.length - 1) });
    deliver(old, [tender(7, 1)]);
    // The mark store of this build needs the new columns: the old file gets its status as the old store wrote it.
    old.db.prepare(`INSERT INTO tender_mark (tender_id, status, marked_version, marked_at) VALUES (7, 'won', 1, '2026-02-01T00:00:00.000Z')`).run();
    old.close();
    const cache = tempCache(file);
    expect(labels(cache)).toEqual([{ tender_id: 7, positive: true, at: '2026-02-01T00:00:00.000Z', source: 'status' }]);
  });

  it('a teammate’s status trains only when the analyst allows it; the analyst’s own status always does', () => {
    const cache = tempCache();
    deliver(cache, [tender(1, 1), tender(2, 1)]);
    markStore(cache).apply({ tender_ids: [1], status: 'declined' }, '2026-03-01T10:00:00.000Z');
    applyPulledChanges(cache, [{ machineId: '00000000-0000-4000-8000-000000000001', localSeq: 1, entity: 'mark', key: '2', field: 'status', value: 'won', at: '2026-03-02T10:00:00.000Z', author: 'Петров' }]);
    expect(labels(cache).map((l) => l.tender_id)).toEqual([1]);
    expect(labels(cache, true)).toEqual([
      { tender_id: 1, positive: false, at: '2026-03-01T10:00:00.000Z', source: 'status' },
      { tender_id: 2, positive: true, at: '2026-03-02T10:00:00.000Z', source: 'status' },
    ]);
  });

  it('the explicit label is shared as a mark: one given before it travelled is an initial change dated by the label, later ones and a clearing are logged as set', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 32) });
    deliver(old, [tender(1, 1), tender(2, 1)]);
    markStore(old).apply({ tender_ids: [1], interest: true }, '2026-03-01T10:00:00.000Z');
    old.close();
    const cache = tempCache(file);
    const store = markStore(cache);
    store.apply({ tender_ids: [1], interest: false }, '2026-03-02T10:00:00.000Z');
    // A status alone says nothing of the label; the label cleared is a change too.
    store.apply({ tender_ids: [2], status: 'preparing' }, '2026-03-02T11:00:00.000Z');
    store.apply({ tender_ids: [2], interest: true }, '2026-03-02T12:00:00.000Z');
    store.apply({ tender_ids: [2], interest: null });
    const shared = sharedChangeStore(cache).ownSince(0, 100).filter((c) => c.field === 'interest');
    expect(shared.map((c) => [c.key, c.value, c.value === null ? null : c.at])).toEqual([
      ['1', true, '2026-03-01T10:00:00.000Z'],
      ['1', false, '2026-03-02T10:00:00.000Z'],
      ['2', true, '2026-03-02T12:00:00.000Z'],
      ['2', null, null],
    ]);
    expect(sharedChangeStore(cache).markHistory(1).filter((h) => h.field === 'interest').map((h) => markHistoryLine(h, 'ru'))).toEqual(['Вы — Разбор: Интересно', 'Вы — Разбор: Неинтересно']);
    expect(markHistoryLine({ field: 'interest', value: null, subject: null, author: 'Петров', pulled: true }, 'ru')).toBe('Петров (с другого компьютера) — Отметка «Интересно / Неинтересно» снята');
  });
});
