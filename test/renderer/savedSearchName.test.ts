/**
 * One name for a saved search everywhere: an unnamed search is named by its criteria in words in the
 * renderer (lists of searches, results, palette, pickers: savedSearchName) and in the export history and the
 * «Источник» sheet alike — it once read «Без названия», «без названия» and «поставка» at once.
 */
import { describe, expect, it } from 'vitest';
import { savedSearchName } from '../../src-main/i18n/criteriaSummary';
import { provenanceLines, subjectTitle } from '../../src-main/i18n/provenanceText';
import type { Provenance } from '../../src-main/domain/provenance';

const criteria = { keywords: ['поставка'] };

describe('savedSearchName', () => {
  it('is the label when there is one, else the criteria in words, in the history and the sheet too', () => {
    expect(savedSearchName({ label: 'ИТ', criteria }, 'ru')).toBe('ИТ');
    // The status counts as the form shows it: absent, it is the API's default.
    expect(savedSearchName({ label: null, criteria }, 'ru')).toBe('поставка · подача заявок и работа комиссии');
    const what = { kind: 'search', filter_id: 'flt_1', label: null, criteria } as const;
    expect(subjectTitle(what, 'ru')).toBe('Сохранённый поиск «поставка · подача заявок и работа комиссии»');
    expect(subjectTitle(what, 'en')).toBe('Saved search «поставка · accepting bids or under review»');
    const lines = provenanceLines({ what, made_at: '2026-11-26T10:00:00Z', freshness: null, units: 0, rows: 1, app_version: '1.0.0', format: 'xlsx' } as unknown as Provenance, 'ru');
    expect(lines.find((l) => l.field === 'Название')?.value).toBe('поставка · подача заявок и работа комиссии');
  });
});
