/**
 * How a notification (domain/notifications.ts) is worded, in Russian and English: its title and body, and the
 * summary told when quiet hours end. Pure, so the core words what it sends and the renderer could word it too.
 */
import { displayText } from '../domain/displayText';
import type { NotificationEvent } from '../domain/notifications';
import { documentationChangeLine } from './documentChangeText';
import { count, NOUNS, pluralForm, type PluralForms } from './plural';
import type { Locale } from './text';
import { relevanceText } from './triageText';

const TENDER = NOUNS.tender;
const NEW_RU: PluralForms = { one: 'новая', few: 'новые', many: 'новых', other: 'новых' };
const CHANGED_RU: PluralForms = { one: 'изменилась', few: 'изменились', many: 'изменились', other: 'изменились' };
const EVENT = { ru: { one: 'уведомление', few: 'уведомления', many: 'уведомлений', other: 'уведомления' }, en: { one: 'notification', other: 'notifications' } };

/** A name cut to what a system notification shows, with nothing in it that acts on the screen. */
const short = (name: string | null, fallback: string): string => {
  const n = displayText(name ?? '').trim() || fallback;
  return n.length > 120 ? `${n.slice(0, 119)}…` : n;
};

const moscow = (iso: string, locale: Locale): string =>
  `${new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))} ${locale === 'en' ? 'MSK' : 'МСК'}`;

export function notificationText(e: NotificationEvent, locale: Locale): { title: string; body: string } {
  const en = locale === 'en';
  switch (e.event) {
    case 'saved_search_updated': {
      const parts: string[] = [];
      // «3 новые закупки», «1 закупка изменилась»: the adjective and the verb agree with the number too.
      if (e.created) parts.push(en ? `${e.created} new ${pluralForm(e.created, TENDER.en, 'en')}` : `${e.created} ${pluralForm(e.created, NEW_RU, 'ru')} ${pluralForm(e.created, TENDER.ru, 'ru')}`);
      if (e.updated) parts.push(en ? `${count(e.updated, TENDER, locale)} changed` : `${count(e.updated, TENDER, locale)} ${pluralForm(e.updated, CHANGED_RU, 'ru')}`);
      // The search's relevance threshold, in the words of every other surface (relevanceText).
      if (e.relevant !== undefined && e.min_relevance !== undefined) {
        parts.push(en ? `relevant from ${relevanceText(e.min_relevance, locale)}: ${e.relevant}` : `релевантных от ${relevanceText(e.min_relevance, locale)}: ${e.relevant}`);
      }
      return {
        title: short(e.label, en ? 'Saved search' : 'Сохранённый поиск'),
        body: parts.join(', '),
      };
    }
    case 'marked_tender_changed':
      return {
        title: en ? 'A marked tender changed' : 'Отмеченная закупка изменилась',
        body: short(e.name, `№ ${e.tender_id}`),
      };
    case 'marked_documents_changed':
      // The title names the tender, the body says what changed in one line: the analyst decides from the banner.
      return {
        title: en ? `Documentation changed: ${short(e.name, `No. ${e.tender_id}`)}` : `Изменилась документация: ${short(e.name, `№ ${e.tender_id}`)}`,
        body: documentationChangeLine(e.changes, locale),
      };
    case 'deadline_soon':
      return {
        title: en ? `Applications close ${moscow(e.end_date, locale)}` : `Приём заявок до ${moscow(e.end_date, locale)}`,
        body: short(e.name, `№ ${e.tender_id}`),
      };
  }
}

/** The one notification told when quiet hours end, for what was held during them. */
export function heldSummaryText(held: readonly NotificationEvent[], locale: Locale): { title: string; body: string } {
  const en = locale === 'en';
  const of = (kind: NotificationEvent['event']): number => held.filter((e) => e.event === kind).length;
  const parts: string[] = [];
  const searches = of('saved_search_updated');
  const marked = of('marked_tender_changed');
  const deadlines = of('deadline_soon');
  const documents = of('marked_documents_changed');
  if (searches) parts.push(en ? `saved searches updated: ${searches}` : `обновились сохранённые поиски: ${searches}`);
  if (marked) parts.push(en ? `marked tenders changed: ${marked}` : `изменились отмеченные закупки: ${marked}`);
  if (documents) parts.push(en ? `documentation of marked tenders changed: ${documents}` : `изменилась документация отмеченных закупок: ${documents}`);
  if (deadlines) parts.push(en ? `deadlines within a day: ${deadlines}` : `сроки подачи в ближайшие сутки: ${deadlines}`);
  return {
    title: en ? `While notifications were quiet: ${count(held.length, EVENT, locale)}` : `Пока уведомления молчали: ${count(held.length, EVENT, locale)}`,
    body: parts.join('; '),
  };
}
