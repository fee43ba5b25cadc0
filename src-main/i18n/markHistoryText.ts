/**
 * A mark's history in words: what each change did, with names, not codes («Статус: На
 * рассмотрении», «Метка «Срочно» снята», «Разбор: Интересно»), and who made it, for the card's marks panel and `tenderwb mark history`.
 */
import type { MarkHistoryEntry } from '../domain/sharedChanges';
import { pipelineStatusName } from './codes';
import type { Locale } from './text';
import { interestName } from './triageText';

function markHistoryWhat(entry: Pick<MarkHistoryEntry, 'field' | 'value' | 'subject'>, locale: Locale): string {
  const en = locale === 'en';
  const cleared = entry.value === null;
  const value = typeof entry.value === 'string' ? entry.value : '';
  if (entry.field === 'status') {
    if (cleared) return en ? 'Status cleared' : 'Статус снят';
    return `${en ? 'Status' : 'Статус'}: ${pipelineStatusName(value, locale)}`;
  }
  if (entry.field === 'assignee') {
    if (cleared) return en ? 'Assignee cleared' : 'Ответственный снят';
    return `${en ? 'Assignee' : 'Ответственный'}: ${value}`;
  }
  if (entry.field === 'interest') {
    // What is cleared is named by the words the analyst chose between.
    if (typeof entry.value !== 'boolean') return en ? 'Label «Interesting / Not interesting» cleared' : 'Отметка «Интересно / Неинтересно» снята';
    return `${en ? 'Triage' : 'Разбор'}: ${interestName(entry.value, locale)}`;
  }
  if (entry.field.startsWith('tag:')) {
    const name = entry.subject ?? entry.field.slice(4);
    if (en) return cleared ? `Tag "${name}" removed` : `Tag "${name}" added`;
    return cleared ? `Метка «${name}» снята` : `Метка «${name}» добавлена`;
  }
  if (entry.field.startsWith('note:')) {
    const text = entry.subject === null ? '' : `: ${entry.subject}`;
    if (en) return cleared ? `Note deleted${text}` : `Note added${text}`;
    return cleared ? `Заметка удалена${text}` : `Заметка добавлена${text}`;
  }
  return entry.field;
}

/** Who: the author's name («вы» for this computer's own change with none given) and, for a change pulled from the team, where it came from. */
function markHistoryWho(entry: Pick<MarkHistoryEntry, 'author' | 'pulled'>, locale: Locale): string {
  const en = locale === 'en';
  const named = entry.author.trim() !== '';
  if (!entry.pulled) return named ? entry.author : en ? 'You' : 'Вы';
  return `${named ? entry.author : en ? 'A teammate' : 'Коллега'} (${en ? 'from another computer' : 'с другого компьютера'})`;
}

/** «Петров (с другого компьютера) — Статус: Выиграна». */
export const markHistoryLine = (entry: Pick<MarkHistoryEntry, 'field' | 'value' | 'subject' | 'author' | 'pulled'>, locale: Locale): string =>
  `${markHistoryWho(entry, locale)} — ${markHistoryWhat(entry, locale)}`;
