/**
 * The words of the enrichment job (current/enrich.ts) in both languages: its preview before consent,
 * its refusal without consent, its outcome. Pure, so the CLI and the renderer say the same thing.
 */
import { count, NOUNS, type Noun } from './plural';
import type { Locale, Messages } from './text';

/** What the preview says (the fields of the contract's EnrichEstimate it needs). */
export type EnrichPreviewFigures = { objects: number; cards: number; pages: number; requests: number; minutes: number; perMinute: number; worstCase: number };
export type EnrichStop = 'done' | 'spend_cap' | 'balance_exhausted' | 'cancelled';

const CARD: Noun = { ru: { one: 'карточка', few: 'карточки', many: 'карточек', other: 'карточки' }, en: { one: 'card', other: 'cards' } };
const PAGE: Noun = { ru: { one: 'страница', few: 'страницы', many: 'страниц', other: 'страницы' }, en: { one: 'page', other: 'pages' } };
const REQUEST: Noun = { ru: { one: 'запрос', few: 'запроса', many: 'запросов', other: 'запроса' }, en: { one: 'request', other: 'requests' } };

const M: Messages<{
  preview: (f: EnrichPreviewFigures, n: (v: number, noun: Noun) => string) => string;
  nothing: string;
  consent: (worstCase: string, threshold: string) => string;
  progress: (done: number, total: number, requests: string, units: string) => string;
  outcome: (done: string, requests: string, units: string, remaining: string, stop: string) => string;
  capNote: (cap: string) => string;
  balance: string;
  offline: string;
  done: string;
  spend_cap: string;
  balance_exhausted: string;
  cancelled: string;
}> = {
  ru: {
    preview: (f, n) =>
      `Дополнение карточками: без позиций — ${n(f.objects, NOUNS.object)}; откроется ${n(f.cards, CARD)}` +
      (f.pages ? `, затем ещё ${n(f.pages, PAGE)} позиций` : '') +
      `; не меньше ${n(f.requests, REQUEST)}, около ${f.minutes} мин при ${f.perMinute} запросах в минуту. ` +
      `Стоимость: 0 ед. за уже полученные версии; карточка списывает 1 ед., только если на сервере появилась более новая версия (заранее этого не узнать), поэтому не больше ${n(f.worstCase, NOUNS.unit)}`,
    nothing: 'Дополнение карточками: у всех объектов кэша позиции уже есть — открывать нечего.',
    consent: (worstCase, threshold) =>
      `дополнение может списать до ${worstCase} (ожидается 0) — больше порога подтверждения ${threshold}; ничего не открыто. Добавьте --yes, чтобы разрешить это, или --max-spend N, чтобы остановиться после N ед.`,
    progress: (done, total, requests, units) => `дополнение: ${done} из ${total}, ${requests}, ${units}`,
    outcome: (done, requests, units, remaining, stop) => `Дополнение: дополнено ${done}, ${requests}, списано ${units}, без позиций осталось ${remaining} — ${stop}`,
    capNote: (cap) => `Остановлено на пределе ${cap}: запустите снова с --yes или большим --max-spend, чтобы продолжить; полученное повторно не оплачивается.`,
    balance: 'баланс исчерпан: всё полученное сохранено; пополните баланс и запустите снова — продолжится с того же места',
    offline: 'Нет связи с сервером: дополнение карточками остановлено. Всё полученное сохранено; запустите снова, когда связь вернётся.',
    done: 'готово',
    spend_cap: 'остановлено на пределе расходов',
    balance_exhausted: 'остановлено: баланс исчерпан',
    cancelled: 'прервано',
  },
  en: {
    preview: (f, n) =>
      `Enrichment: ${n(f.objects, NOUNS.object)} without positions; ${n(f.cards, CARD)} to open` +
      (f.pages ? `, then ${n(f.pages, PAGE)} of further positions` : '') +
      `; at least ${n(f.requests, REQUEST)}, about ${f.minutes} min at ${f.perMinute} requests a minute. ` +
      `Cost: 0 units for the versions held; a card is charged 1 unit only if the server now has a newer version (not known before asking), so at most ${n(f.worstCase, NOUNS.unit)}`,
    nothing: 'Enrichment: every cached object has its positions already — nothing to open.',
    consent: (worstCase, threshold) =>
      `enrichment may be charged up to ${worstCase} (expected 0), above the confirmation threshold of ${threshold}; nothing was opened. Add --yes to allow that, or --max-spend N to stop after N units`,
    progress: (done, total, requests, units) => `enrich: ${done} of ${total}, ${requests}, ${units}`,
    outcome: (done, requests, units, remaining, stop) => `Enrichment: ${done} completed, ${requests}, ${units} charged, ${remaining} still without positions — ${stop}`,
    capNote: (cap) => `Stopped at the cap of ${cap}: run again with --yes or a higher --max-spend to continue; nothing received is paid again.`,
    balance: 'the balance ran out: what was delivered is stored; top up and run again to continue from the same place',
    offline: 'The server cannot be reached: enrichment stopped. Everything received is stored; run it again when the connection is back.',
    done: 'up to date',
    spend_cap: 'stopped at the spend cap',
    balance_exhausted: 'stopped: balance exhausted',
    cancelled: 'cancelled',
  },
};

const counter = (locale: Locale) => (v: number, noun: Noun): string => count(v, noun, locale);

export const enrichText = {
  preview: (f: EnrichPreviewFigures, locale: Locale): string => (f.objects === 0 ? M[locale].nothing : M[locale].preview(f, counter(locale))),
  consent: (worstCase: number, threshold: number, locale: Locale): string => M[locale].consent(count(worstCase, NOUNS.unit, locale), count(threshold, NOUNS.unit, locale)),
  progress: (done: number, total: number, requests: number, units: number, locale: Locale): string =>
    M[locale].progress(done, total, count(requests, REQUEST, locale), count(units, NOUNS.unit, locale)),
  outcome: (o: { done: number; requests: number; charged: number; remaining: number; stop: EnrichStop }, locale: Locale): string =>
    M[locale].outcome(count(o.done, NOUNS.object, locale), count(o.requests, REQUEST, locale), count(o.charged, NOUNS.unit, locale), count(o.remaining, NOUNS.object, locale), M[locale][o.stop]),
  capNote: (cap: number, locale: Locale): string => M[locale].capNote(count(cap, NOUNS.unit, locale)),
  balance: (locale: Locale): string => M[locale].balance,
  /** Both languages (the core's AppError carries both). */
  offline: { ru: M.ru.offline, en: M.en.offline },
};
