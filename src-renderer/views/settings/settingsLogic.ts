/**
 * Pure helpers of the Settings view: checking a new profile before it is sent (the contract's rules, with
 * messages in the user's language) and showing sizes on disk.
 */
import type { Locale } from '../../../src-main/contract/ipc';

export interface ProfileDraft {
  name: string;
  baseUrl: string;
  generation: 'current' | 'earlier';
}

const messages = {
  ru: {
    name: 'Название: буквы, цифры, «_», «.», «-», до 64 символов',
    url: 'Адрес вида https://host/api/v2',
    token: 'Вставьте токен (не короче 8 символов)',
  },
  en: {
    name: 'Name: letters, digits, "_", ".", "-", up to 64 characters',
    url: 'An address like https://host/api/v2',
    token: 'Paste the token (at least 8 characters)',
  },
};

export function profileFormProblems(d: ProfileDraft & { token: string }, locale: Locale): Partial<Record<'name' | 'baseUrl' | 'token', string>> {
  const m = messages[locale];
  const out: Partial<Record<'name' | 'baseUrl' | 'token', string>> = {};
  const name = d.name.trim();
  if (name.length < 1 || name.length > 64 || !/^[\p{L}\p{N}_.-]+$/u.test(name)) out.name = m.name;
  const url = d.baseUrl.trim();
  let okUrl: boolean;
  try {
    const u = new URL(url);
    okUrl = (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    okUrl = false;
  }
  if (!okUrl) out.baseUrl = m.url;
  const token = d.token.trim();
  if (token.length < 8 || token.length > 4096) out.token = m.token;
  return out;
}

/** Bytes as KB/MB/GB (binary multiples), with the locale's decimal separator. */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = locale === 'ru' ? ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'] : ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 || v >= 100 ? 0 : 1;
  const text = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(v);
  return `${text}\u00a0${units[i]}`;
}
