/**
 * A card never opened, shown offline from its version's stored object, lacks the card's positions and documents:
 * the card view says «не загружены» for them, not «нет» («Позиции (188)» over an empty table and
 * «Документов нет.»). Only a stored object lacks them; a fetched card's empty list is a real «none».
 */
import { describe, expect, it } from 'vitest';
import { partsNotLoaded } from '../../src-renderer/views/card/cardFields';
import { cardStrings } from '../../src-renderer/views/card/cardStrings';

const feedObject = { id: 7, etp_id: '0173100007426000018', name: 'Поставка компьютеров', positions_total: 188 };

describe('what a card never opened does not hold', () => {
  it('the stored object of a feed: positions and documents are not loaded', () => {
    expect(partsNotLoaded(feedObject, true)).toEqual({ positions: true, documents: true });
  });

  it('a fetched card with no documents and no positions: none, not «not loaded»', () => {
    expect(partsNotLoaded({ ...feedObject, positions: [], documents: [] }, undefined)).toEqual({ positions: false, documents: false });
    expect(partsNotLoaded({ ...feedObject, positions: [], documents: [] }, false)).toEqual({ positions: false, documents: false });
  });

  it('a stored object that carries a part (a server may send it in the feed) shows that part', () => {
    expect(partsNotLoaded({ ...feedObject, documents: [{ name: 'Извещение' }] }, true)).toEqual({ positions: true, documents: false });
  });

  it('the words say «не загружены» and how to load them, in both languages', () => {
    expect(cardStrings.ru.notLoaded).toBe('не загружены');
    expect(cardStrings.ru.positionsNotLoaded).toMatch(/^Позиции не загружены/);
    expect(cardStrings.ru.documentsNotLoaded).toMatch(/^Документы не загружены/);
    expect(cardStrings.ru.loadOffline).toMatch(/бесплатно/);
    expect(cardStrings.en.positionsNotLoaded).toMatch(/^Positions are not loaded/);
  });
});
