/**
 * Pure helpers of the Settings view: checking a new profile before it is sent (the contract's schema, with
 * messages in the user's language) and showing sizes on disk.
 */
import { methods, type Locale } from '../../../src-main/contract/ipc';

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

/**
 * A new profile's problems before it is sent: the contract's own rules (`profiles.add`), each failing field
 * named in the user's language. The main process checks the same schema again.
 */
export function profileFormProblems(d: ProfileDraft & { token: string }, locale: Locale): Partial<Record<'name' | 'baseUrl' | 'token', string>> {
  const m = messages[locale];
  const out: Partial<Record<'name' | 'baseUrl' | 'token', string>> = {};
  const parsed = methods['profiles.add'].args.safeParse({ name: d.name.trim(), baseUrl: d.baseUrl.trim(), generation: d.generation, token: d.token.trim() });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'name') out.name = m.name;
    else if (field === 'baseUrl') out.baseUrl = m.url;
    else if (field === 'token') out.token = m.token;
  }
  return out;
}

