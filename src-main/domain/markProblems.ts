/**
 * What is wrong with a mark as typed (domain/marks.ts limits), in words that name the field and what it
 * accepts: the IPC contract's validators (contract/ipc.ts), the marks workbench and the CLI all say the same.
 */
import type { Bilingual } from './bilingual';
import { ASSIGNEE_MAX, isPipelineStatus, NOTE_MAX, PIPELINE_STATUSES, TAG_COLOR, TAG_NAME_MAX } from './marks';
import { pipelineStatusName } from '../i18n/codes';

const shorten = (s: string): string => (s.length > 40 ? `${s.slice(0, 37)}…` : s);

/** «new (Новая), reviewing (На рассмотрении), …» in the reader's language. */
export const allowedStatuses = (locale: 'ru' | 'en'): string => PIPELINE_STATUSES.map((s) => `${s} (${pipelineStatusName(s, locale)})`).join(', ');

export function statusProblem(value: string): Bilingual | null {
  if (isPipelineStatus(value)) return null;
  return {
    ru: `Статус «${shorten(value)}» неизвестен; допустимые: ${allowedStatuses('ru')}`,
    en: `Status "${shorten(value)}" is unknown; allowed: ${allowedStatuses('en')}`,
  };
}

export function tagNameProblem(value: string): Bilingual | null {
  const name = value.trim();
  if (name.length === 0) return { ru: 'Метка: название не может быть пустым', en: 'Tag: the name cannot be empty' };
  if (name.length > TAG_NAME_MAX) return { ru: `Метка «${shorten(name)}»: не длиннее ${TAG_NAME_MAX} символов`, en: `Tag "${shorten(name)}": at most ${TAG_NAME_MAX} characters` };
  return null;
}

export function colorProblem(value: string): Bilingual | null {
  if (TAG_COLOR.test(value)) return null;
  return { ru: `Цвет «${shorten(value)}»: нужен вид #rrggbb, например #1f77b4`, en: `Colour "${shorten(value)}": use #rrggbb, e.g. #1f77b4` };
}

export function noteProblem(value: string): Bilingual | null {
  if (value.trim().length === 0) return { ru: 'Заметка не может быть пустой', en: 'A note cannot be empty' };
  if (value.length > NOTE_MAX) return { ru: `Заметка: не длиннее ${NOTE_MAX} символов (сейчас ${value.length})`, en: `Note: at most ${NOTE_MAX} characters (now ${value.length})` };
  return null;
}

export function assigneeProblem(value: string): Bilingual | null {
  if (value.trim().length > ASSIGNEE_MAX) return { ru: `Ответственный: не длиннее ${ASSIGNEE_MAX} символов`, en: `Assignee: at most ${ASSIGNEE_MAX} characters` };
  return null;
}
