/**
 * A card's document is named by the server, and its name is a file name. A right-to-left override in
 * it made «Документация‮gnp.exe» read «Документацияexe.png» in the card. The card shows it through the one
 * function the CLI and the notifications use (domain/displayText.ts): the words as stored, nothing reordered.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TenderDetails } from '../../src-renderer/views/card/TenderDetails';

const card = {
  id: 7,
  name: 'Поставка',
  documents: [
    { id: 1, name: 'Документация \u202Egnp.exe', url: 'https://zakupki.example/doc/1', extension: 'exe\u202E' },
    { id: 2, name: null, url: 'https://zakupki.example/\u001b]8;;https://evil.example/\u001b\\doc\u202Egnp.exe' },
  ],
};

describe('document names in a card', () => {
  it('a bidi override or an escape sequence in a document name or address is not shown', () => {
    const html = renderToStaticMarkup(createElement(TenderDetails, { card, page: 1, onPage: () => undefined }));
    expect(html).toContain('Документация gnp.exe');
    expect(html).toContain('https://zakupki.example/docgnp.exe');
    // What is read: the text between the tags (the link's target stays the server's, checked when it is opened).
    const shown = html.replace(/<[^>]*>/g, '');
    // eslint-disable-next-line no-control-regex -- control characters are what it finds
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(shown).toContain('exe');
  });
});
