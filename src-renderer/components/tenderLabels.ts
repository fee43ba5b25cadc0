/**
 * Human names of the codes a tender row carries (`law`, `status`), in both languages, for the tables and the
 * preview pane: an analyst reads «44-ФЗ» and «Подача заявок», never `44-FZ` or `active`. A code we do not know
 * is shown as it came rather than hidden.
 */
import type { Locale } from '../../src-main/contract/ipc';

const LAWS = new Map<string, { ru: string; en: string }>(Object.entries({
  '44-FZ': { ru: '44-ФЗ', en: '44-FZ' },
  '223-FZ': { ru: '223-ФЗ', en: '223-FZ' },
  commercial: { ru: 'Коммерческая закупка', en: 'Commercial' },
}));

const STATUSES = new Map<string, { ru: string; en: string }>(Object.entries({
  active: { ru: 'Подача заявок', en: 'Accepting bids' },
  completed: { ru: 'Завершена', en: 'Completed' },
  cancelled: { ru: 'Отменена', en: 'Cancelled' },
}));

export function lawName(code: string | null, locale: Locale): string {
  if (code === null || code === '') return '—';
  return (LAWS.get(code) ?? LAWS.get(code.toUpperCase()))?.[locale] ?? code;
}

export function statusName(code: string | null, locale: Locale): string {
  if (code === null || code === '') return '—';
  return STATUSES.get(code)?.[locale] ?? code;
}
