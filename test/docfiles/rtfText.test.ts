/**
 * The RTF reader (docfiles/extract/rtfText.ts) on what Word writes into Russian specifications: a
 * non-breaking space keeps two words apart (the search must see both), a non-breaking hyphen is a hyphen and an
 * optional one is nothing, «—» and quotes written as control words are kept, a field's instruction is code and
 * not text (its result is), a page or section break is a line break, and a picture's \binN bytes are skipped
 * whole, so a brace among them does not swallow the rest of the document.
 */
import { describe, expect, it } from 'vitest';
import { rtfText } from '../../src-main/docfiles/extract/rtfText';

const ru = (s: string): string => s.replace(/[\u0400-\u04ff]/g, (c) => `\\u${c.charCodeAt(0)}?`);

describe('rtfText', () => {
  it('a non-breaking space separates words; non-breaking and optional hyphens are a hyphen and nothing', () => {
    expect(rtfText(`{\\rtf1\\ansi ${ru('Ноутбук')}\\~15,6${ru('\\~дюйма, сине')}\\_${ru('зелёный, по')}\\-${ru('ставка')}\\par}`)).toBe('Ноутбук\u00a015,6\u00a0дюйма, сине-зелёный, поставка');
  });

  it('dashes and quotes written as control words are kept', () => {
    expect(rtfText(`{\\rtf1\\ansi ${ru('Срок')} \\emdash  10 ${ru('дней, ')}\\ldblquote ${ru('как есть')}\\rdblquote\\par}`)).toBe('Срок — 10 дней, “как есть”');
  });

  it('a field gives its result, not its instruction; a page break is a line break', () => {
    const field = `{\\field{\\fldinst HYPERLINK "https://zakupki.gov.ru/x"}{\\fldrslt ${ru('ЕИС')}}}`;
    expect(rtfText(`{\\rtf1\\ansi ${ru('См.')} ${field}\\page ${ru('Приложение')}\\par}`)).toBe('См. ЕИС\nПриложение');
  });

  it('a picture’s \\binN bytes are skipped whole: a brace among them does not end the group and hide the text after it', () => {
    const binary = 'ab}}}{x';
    const rtf = `{\\rtf1\\ansi {\\pict\\pngblip\\bin${binary.length} ${binary}}${ru('Количество: 45 штук.')}\\par}`;
    expect(rtfText(rtf)).toBe('Количество: 45 штук.');
  });
});
