/**
 * A way out of a refused feed position. A server may refuse the cursor it gave (`invalid_cursor`: its
 * signing key changed, it was restarted) or no longer know the filter or list a saved search relies on (404);
 * «run the sync again» then failed the same way for ever. The sync engine starts such a feed again from the
 * set's saved criteria (a fresh QUERY, whose cursor replaces the refused one in the page's transaction), planned
 * as a new run by the caller, told to the analyst in one sentence, and at most once a run per stream: a second
 * refusal is an error that says what happened, never another restart.
 */
import { ApiError, isApiError } from '../api/errors';
import { notFoundText } from '../i18n/notFoundText';
import type { Text } from '../i18n/text';
import { balanceName, eventName } from '../i18n/codes';
import { feedText } from './noProgress';
import type { FeedName, StreamName } from './ports';

/** Why a feed was started again: its cursor refused, or the filter or list it relies on not found. */
export type RestartCause = 'invalid_cursor' | 'not_found';

export type RestartedFeed = { feed: FeedName; stream: StreamName; filterId: string; cause: RestartCause };

/** What the restarted feed's first item told: the set's total (null: not stated yet) and what the run has charged. */
export type RestartFirstPage = {
  feed: FeedName;
  stream: StreamName;
  total: number | null;
  /** Units the first item cost (0 or 1). */
  charged: number;
  /** Units this run has charged so far, the first item included. */
  spent: number;
};

export interface FeedRestart {
  /**
   * The QUERY body that names the set again (its saved criteria), without `events`, `limit` or `cursor`; null
   * when this feed has none (the run then stops with an error that says so). `restartedFilterId` is the filter
   * the server gave the tender feed's criteria in this run: a contract feed restarts over it.
   */
  bodyFor(feed: FeedName, restartedFilterId: string | null): Record<string, unknown> | null;
  /**
   * The restart planned as a new run (the preview's estimate, the caps, consent): the units the run may still
   * spend from now on (undefined: no further bound); a refusal is thrown and the run stops with it.
   */
  plan(first: RestartFirstPage): number | undefined | Promise<number | undefined>;
  /** The feed was started again: tell the analyst (`restartNotice`). */
  onRestart?(restarted: RestartedFeed): void;
}

/**
 * A refusal of a feed's position: `invalid_cursor`, or a 404 of a QUERY (the only things a QUERY names that can
 * be missing are the filter and the list, reference 7). Null for any other failure.
 */
export function isRefusedPosition(e: unknown): RestartCause | null {
  if (!isApiError(e)) return null;
  if (e.code === 'invalid_cursor') return 'invalid_cursor';
  if (e.code === 'not_found' || e.status === 404) return 'not_found';
  return null;
}

/** What the server refused, in a sentence: the object its 404 named, or the position it did not accept. */
function refusalText(e: unknown, feed: FeedName, stream: StreamName): Text {
  const named = feedText(feed, stream);
  if (isRefusedPosition(e) === 'not_found') return isApiError(e) && e.text ? e.text : notFoundText({ kind: 'feed' });
  return { ru: `Сервис не принял сохранённую позицию ${named.ru}.`, en: `The service did not accept the saved position of ${named.en}.` };
}

function refusalError(e: unknown, text: Text, technical: string): ApiError {
  const api = isApiError(e) ? e : null;
  return new ApiError({
    code: api?.code ?? 'invalid_cursor',
    status: api?.status ?? null,
    requestId: api?.requestId ?? null,
    retryable: false,
    ...(api?.subject ? { subject: api.subject } : {}),
    message: `${technical}${api ? `: ${api.message}` : ''}`,
    text,
  });
}

/** Refused again in the run that already restarted the feed: the run stops instead of restarting for ever. */
export function refusedAgainError(e: unknown, feed: FeedName, stream: StreamName): ApiError {
  const what = refusalText(e, feed, stream);
  const named = feedText(feed, stream);
  const requestId = isApiError(e) ? e.requestId : null;
  return refusalError(e, {
    ru:
      `${what.ru} ${capitalized(named.ru)} уже начиналась заново по условиям поиска, и сервис снова отказал, поэтому синхронизация остановлена, а не повторяется без конца. ` +
      `Всё полученное сохранено; проверьте условия поиска (список или фильтр, на которые он опирается), а если они в порядке, обратитесь в поддержку${requestId ? `, назвав номер запроса ${requestId}` : ''}.`,
    en:
      `${what.en} ${capitalized(named.en)} was already started again from the search's criteria and the service refused again, so the sync stopped rather than repeat this for ever. ` +
      `Everything received is kept; check the search's criteria (the list or filter it relies on), and if they are right contact support${requestId ? `, quoting request ${requestId}` : ''}.`,
  }, `${feed}/${stream}: refused again after its restart`);
}

/** Refused where nothing says how to name the set again: the run stops and says to start the search anew. */
export function refusedNoCriteriaError(e: unknown, feed: FeedName, stream: StreamName): ApiError {
  const what = refusalText(e, feed, stream);
  const named = feedText(feed, stream);
  return refusalError(e, {
    ru: `${what.ru} Условий, по которым ${named.ru.replace(/^ленты/, 'ленту')} можно начать заново, здесь нет: запустите поиск заново по его условиям. Всё полученное сохранено.`,
    en: `${what.en} There are no criteria here to start ${named.en} again from: run the search again from its criteria. Everything received is kept.`,
  }, `${feed}/${stream}: refused with no criteria to restart from`);
}

/** A feed's title in quotes: «закупки, новые», “tenders, new”. */
function feedTitle(feed: FeedName, stream: StreamName): Text {
  const kind = feed === 'tender' ? 'tenders' : 'contracts';
  return { ru: `«${balanceName(kind, 'ru')}, ${eventName(stream, 'ru')}»`, en: `“${balanceName(kind, 'en')}, ${eventName(stream, 'en')}”` };
}

/** «a», «a» и «b», «a», «b» и «c». */
function enumerate(items: readonly string[], and: string): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

/**
 * The one sentence an analyst reads when feeds were started again (the app's job, the CLI's sync): which, why,
 * and that the restart was previewed and capped as a new run. `search` names the saved search (null: a set with
 * no name). Several feeds of one run are one sentence.
 */
export function restartNotice(restarted: RestartedFeed | readonly RestartedFeed[], search: string | null): Text {
  const feeds = Array.isArray(restarted) ? (restarted as readonly RestartedFeed[]) : [restarted as RestartedFeed];
  const titles = feeds.map((r) => feedTitle(r.feed, r.stream));
  const ru = enumerate(titles.map((t) => t.ru), 'и');
  const en = enumerate(titles.map((t) => t.en), 'and');
  const one = feeds.length === 1;
  const of = search ? { ru: ` поиска «${search}»`, en: ` of the search “${search}”` } : { ru: '', en: '' };
  const why = feeds.every((r) => r.cause === 'not_found')
    ? {
        ru: `Сервис не нашёл фильтр или список, на который ${one ? 'опирается лента' : 'опираются ленты'} ${ru}${of.ru}`,
        en: `The service did not find the filter or list ${one ? 'the feed' : 'the feeds'} ${en}${of.en} ${one ? 'relies' : 'rely'} on`,
      }
    : {
        ru: `Сервис не принял ${one ? 'сохранённую позицию ленты' : 'сохранённые позиции лент'} ${ru}${of.ru}`,
        en: `The service did not accept the saved ${one ? 'position of the feed' : 'positions of the feeds'} ${en}${of.en}`,
      };
  return {
    ru: `${why.ru}, поэтому ${one ? 'лента начата' : 'ленты начаты'} заново по условиям поиска — с оценкой стоимости и пределом расходов, как новый запуск.`,
    en: `${why.en}, so ${one ? 'the feed was' : 'the feeds were'} started again from the search's criteria, with a cost estimate and a spend cap like a new run.`,
  };
}

const capitalized = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
