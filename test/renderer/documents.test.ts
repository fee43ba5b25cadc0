/**
 * The documents' views as pure rules: a document's state in words with its size by the shared
 * formatter, which documents can be opened, the megabyte fields of the settings (grouped, whole, in range), the
 * «в документах» form's arguments, which changes a diff shows and when a view reads again after a download.
 */
import { describe, expect, it } from 'vitest';
import { methods } from '../../src-main/contract/ipc';
import { MAX_FILE_MB_LIMIT } from '../../src-main/contract/settingsShapes';
import { formatBytes } from '../../src-renderer/format/format';
import {
  anyMissing,
  canOpen,
  documentSearchArgs,
  documentStateText,
  finishedDocumentJobs,
  groupMegabytes,
  parseMegabytes,
  shownChanges,
} from '../../src-renderer/components/documents/documentsLogic';

describe('a document’s state in words', () => {
  it('says each state in Russian, with the size by the shared byte formatter, and a failure with its reason', () => {
    expect(documentStateText({ state: 'not_downloaded', bytes: null, reason: null }, 'ru')).toBe('не скачан');
    expect(documentStateText({ state: 'downloaded', bytes: 1536, reason: null }, 'ru')).toBe(`скачан (${formatBytes(1536, 'ru')})`);
    expect(documentStateText({ state: 'downloaded', bytes: 1536, reason: null }, 'ru')).toBe('скачан (1,5\u00a0КБ)');
    expect(documentStateText({ state: 'text_extracted', bytes: 3 * 1024 * 1024, reason: null }, 'ru')).toBe('текст извлечён (3,0\u00a0МБ)');
    expect(documentStateText({ state: 'scan', bytes: 10, reason: 'скан' }, 'ru')).toBe('скан: текст не извлечён');
    expect(documentStateText({ state: 'failed', bytes: null, reason: 'файл больше 100 МБ' }, 'ru')).toBe('ошибка: файл больше 100 МБ');
    expect(documentStateText({ state: 'failed', bytes: null, reason: null }, 'en')).toBe('failed');
  });

  it('opens only a held file that is not an executable; a failed download has nothing to open', () => {
    expect(canOpen({ state: 'text_extracted', openable: true, bytes: 5 })).toBe(true);
    expect(canOpen({ state: 'failed', openable: true, bytes: 5 })).toBe(true);
    expect(canOpen({ state: 'failed', openable: true, bytes: null })).toBe(false);
    expect(canOpen({ state: 'not_downloaded', openable: true, bytes: null })).toBe(false);
    expect(canOpen({ state: 'downloaded', openable: false, bytes: 5 })).toBe(false);
    expect(anyMissing([{ state: 'scan' }, { state: 'failed' }])).toBe(true);
    expect(anyMissing([{ state: 'scan' }, { state: 'text_extracted' }])).toBe(false);
  });
});

describe('the settings’ megabyte fields', () => {
  it('are grouped by threes as typed and read back as whole megabytes within the contract’s range', () => {
    expect(groupMegabytes('10240')).toBe('10\u00a0240');
    expect(groupMegabytes('2 048')).toBe('2\u00a0048');
    expect(groupMegabytes('1,5')).toBe('1,5');
    expect(parseMegabytes('10\u00a0240', MAX_FILE_MB_LIMIT)).toBe(10_240);
    expect(parseMegabytes('10 241', MAX_FILE_MB_LIMIT)).toBe('invalid');
    expect(parseMegabytes('0', MAX_FILE_MB_LIMIT)).toBe('invalid');
    expect(parseMegabytes('1,5', MAX_FILE_MB_LIMIT)).toBe('invalid');
    expect(parseMegabytes('', MAX_FILE_MB_LIMIT)).toBe('invalid');
    // What the field accepts, the contract accepts.
    const ok = { autoDownload: { marked: false, lists: [], savedSearches: [] }, maxTotalMb: 2048 };
    expect(methods['documents.setSettings'].args.safeParse({ ...ok, maxFileMb: parseMegabytes('10 240', MAX_FILE_MB_LIMIT) }).success).toBe(true);
  });
});

describe('«в документах»', () => {
  it('sends the filters chosen and nothing for «any»; an empty text is not sent', () => {
    expect(documentSearchArgs({ text: '  ', law: '', regions: [], status: '', tag: '' })).toBeNull();
    expect(documentSearchArgs({ text: ' ГОСТ 123 ', law: '', regions: [], status: '', tag: '' })).toEqual({ text: 'ГОСТ 123', limit: 100 });
    const all = documentSearchArgs({ text: 'поставка', law: '44-FZ', regions: [77], status: 'reviewing', tag: ' срочно ' })!;
    expect(all).toEqual({ text: 'поставка', laws: ['44-FZ'], regions: [77], status: 'reviewing', tag: 'срочно', limit: 100 });
    expect(methods['documents.search'].args.safeParse(all).success).toBe(true);
    expect(documentSearchArgs({ text: 'x', law: '', regions: [], status: 'bogus', tag: '' })).toEqual({ text: 'x', limit: 100 });
  });
});

describe('the documents’ diff', () => {
  it('shows what changed, added first, and leaves unchanged documents out', () => {
    const d = (name: string, change: 'added' | 'removed' | 'changed' | 'unchanged' | 'unknown') => ({ name, change });
    expect(shownChanges([d('a', 'removed'), d('b', 'unchanged'), d('c', 'changed'), d('e', 'added'), d('f', 'unknown')]).map((x) => x.name)).toEqual(['e', 'c', 'f', 'a']);
  });

  it('is read again when a download of documents ends, not while it runs nor for other jobs', () => {
    expect(finishedDocumentJobs([{ filterId: 'documents:tender:3', state: 'running' }, { filterId: 'flt_x', state: 'done' }])).toBe(0);
    expect(finishedDocumentJobs([{ filterId: 'documents:tender:3', state: 'done' }, { filterId: 'documents:list:lst_a', state: 'failed' }])).toBe(2);
  });
});
