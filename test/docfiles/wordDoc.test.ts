/**
 * «One in a few hundred is an old .doc»: a real binary Word 97 document (an OLE compound file with a
 * FIB and a piece table, made deterministically by fixtures/word97.ts) is recognised by its bytes as `doc`,
 * read by word-extractor in the extraction thread, and its Russian text comes out whole, paragraph by line.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DocumentExtractor } from '../../src-main/docfiles/extract/extractRunner';
import { extractText, sniff } from '../../src-main/docfiles/extract/extractText';
import { word97Bytes } from './fixtures/word97';

vi.setConfig({ testTimeout: 180_000 });
const extractor = new DocumentExtractor({ timeoutMs: 120_000 });
afterAll(() => extractor.close());

const PARAGRAPHS = ['Техническое задание', 'Бумага офисная А4, 80 г/м²: количество 120 пачек.', 'Срок поставки: не более 10 календарных дней.'];

describe('a binary Word 97 .doc', () => {
  it('is made the same byte for byte each time, and is an OLE file, not RTF inside', () => {
    const a = word97Bytes(PARAGRAPHS);
    expect(a.equals(word97Bytes(PARAGRAPHS))).toBe(true);
    expect(sniff(a)).toBe('doc');
    expect(a.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
  });

  it('gives its text, paragraph by line, in the extraction thread', async () => {
    const r = await extractor.extract(new Uint8Array(word97Bytes(PARAGRAPHS)));
    expect(r).toMatchObject({ state: 'text', format: 'doc', reason: null });
    expect(r.text).toBe(PARAGRAPHS.join('\n'));
  });

  it('a .doc whose piece table is damaged fails with a reason instead of giving wrong text', async () => {
    const bytes = word97Bytes(PARAGRAPHS);
    // The Clx's first byte is 0x02 (a piece table); anything else is a damaged file.
    const tableAt = bytes.length - 8 * 512;
    expect(bytes[tableAt]).toBe(0x02);
    bytes[tableAt] = 0x07;
    const r = await extractText(new Uint8Array(bytes));
    expect(r.state).toBe('failed');
    expect(r.reason?.ru).toMatch(/^файл повреждён или не читается/);
  });
});
