/**
 * One name for a saved search everywhere, the core's answers included. The competitors and the red
 * flags of an unnamed saved search, and a calendar file of one, were named by its filter id (`flt_…`) while
 * every screen names it by its criteria in words (i18n/criteriaSummary.ts savedSearchName).
 */
import { describe, expect, it } from 'vitest';
import { calendarFileStem } from '../../src-main/calendar/scopeName';
import { searchStore } from '../../src-main/cache/searchStore';
import { savedSearchName, savedSearchNameOf } from '../../src-main/i18n/criteriaSummary';
import { flagsFor } from '../../src-main/insights/flags/flagsFor';
import { competitors } from '../../src-main/insights/index';
import { tempCache } from '../cache/helpers';

describe('a saved search is named by savedSearchName in the core too', () => {
  it('the competitors, the red flags and a calendar file of an unnamed search carry its criteria in words, never its filter id', () => {
    const cache = tempCache();
    searchStore(cache).upsert({ filterId: 'flt_unnamed', params: { keywords: ['поставка'] }, label: null, events: ['created'] });
    searchStore(cache).upsert({ filterId: 'flt_named', params: { keywords: ['ремонт'] }, label: 'Ремонт', events: ['created'] });
    expect(competitors(cache, { kind: 'search', filterId: 'flt_unnamed' }, 'ru').scope.name).toBe('поставка · подача заявок и работа комиссии');
    expect(flagsFor(cache, { kind: 'search', filterId: 'flt_unnamed' }, 'ru').scope.name).toBe('поставка · подача заявок и работа комиссии');
    expect(calendarFileStem(cache, { kind: 'search', filterId: 'flt_unnamed' }, 'ru')).toBe('Сроки — поставка · подача заявок и работа комиссии');
    expect(competitors(cache, { kind: 'search', filterId: 'flt_named' }, 'en').scope.name).toBe('Ремонт');
    expect(savedSearchNameOf(searchStore(cache).get('flt_unnamed')!, 'ru')).toBe(savedSearchName({ label: null, criteria: { keywords: ['поставка'] } }, 'ru'));
  });
});
