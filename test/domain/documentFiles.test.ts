/** A document is never executed, and a server's name never becomes a path on the user's disk. */
import { describe, expect, it } from 'vitest';
import { isExecutableExtension, safeDocumentFileName } from '../../src-main/domain/documentFiles';

describe('safeDocumentFileName', () => {
  it('keeps a Russian name and the card’s extension', () => {
    expect(safeDocumentFileName('Техническое задание', 'docx')).toBe('Техническое задание.docx');
    expect(safeDocumentFileName('Изменения в извещение (редакция № 2)', 'PDF')).toBe('Изменения в извещение (редакция № 2).pdf');
    expect(safeDocumentFileName('Проект контракта.docx', 'docx')).toBe('Проект контракта.docx');
  });

  it('a path-traversal name cannot leave the folder: separators and dots become one underscore', () => {
    for (const evil of ['../../etc/passwd', '..\\..\\Windows\\win.ini', '/etc/shadow', 'a/../../b']) {
      const name = safeDocumentFileName(evil, 'pdf')!;
      expect(name).not.toMatch(/[/\\]/);
      expect(name.startsWith('.')).toBe(false);
      expect(name.endsWith('.pdf')).toBe(true);
    }
    expect(safeDocumentFileName('', 'pdf')).toBe('document.pdf');
    expect(safeDocumentFileName('CON', 'pdf')).toBe('document_CON.pdf');
    // A right-to-left override cannot disguise the extension.
    expect(safeDocumentFileName('invoice\u202Efdp.exe', 'pdf')).toBeNull();
    expect(safeDocumentFileName('report\u202Egpj', 'pdf')).toBe('report_gpj.pdf');
  });

  it('an executable or script extension is refused, in the card’s extension or the name’s', () => {
    for (const ext of ['exe', 'BAT', '.js', 'sh', 'lnk', 'desktop', 'hta']) expect(isExecutableExtension(ext), ext).toBe(true);
    expect(safeDocumentFileName('Договор', 'exe')).toBeNull();
    expect(safeDocumentFileName('Договор.pdf.exe', 'pdf')).toBeNull();
    expect(isExecutableExtension('pdf')).toBe(false);
  });
});
