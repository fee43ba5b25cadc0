/**
 * A feed that does not advance (issue 13, finding 2): a server that answers a non-empty page with the cursor
 * it was sent and the same items again would make a sync repeat it forever (501 requests in five minutes,
 * each stored). A legal server may keep the cursor only on an empty page (reference 3: `next_cursor` is always
 * replaced, "an empty `results` is normal"), so only the same cursor with the same items is no progress.
 * The earlier generation's equivalent is numbered pages that repeat the same tenders page after page.
 *
 * The run stops with a `no_progress` ApiError (the server broke the protocol): its sentence names the feed in
 * both languages, it is not retryable (repeating gets the same page), and what was stored before stays.
 */
import { ApiError } from '../api/errors';
import { balanceName, eventName } from '../i18n/codes';
import type { FeedName, QueryPage, StreamName } from './ports';

/** The identity of a page's items: which object versions and events, in order. */
export const pageItemsKey = (items: readonly { id: number | string; version: number | string; event?: string }[]): string =>
  items.map((i) => `${i.id}:${i.version}:${i.event ?? ''}`).join(',');

/** Watches one stream's pages; `check` throws when a page repeats the last one without moving the cursor. */
export function cursorProgress(filterId: string, feed: FeedName, stream: StreamName): { check(sentCursor: string | null, page: QueryPage): void } {
  let last: { cursor: string; items: string } | null = null;
  return {
    check(sentCursor, page) {
      if (sentCursor === null || page.results.length === 0 || page.nextCursor !== sentCursor) {
        last = null;
        return;
      }
      const items = pageItemsKey(page.results.map((r) => ({ id: r.object.id, version: r.version, event: r.event })));
      if (last && last.cursor === sentCursor && last.items === items) throw noProgressError(feedText(feed, stream), `${feed}/${stream} of ${filterId}`, page.requestId);
      last = { cursor: sentCursor, items };
    },
  };
}

/** A feed named in a sentence: «ленты «закупки, новые»» (genitive), “the feed “tenders, new””. */
export const feedText = (feed: FeedName, stream: StreamName): { ru: string; en: string } => {
  const kind = feed === 'tender' ? 'tenders' : 'contracts';
  return {
    ru: `ленты «${balanceName(kind, 'ru')}, ${eventName(stream, 'ru')}»`,
    en: `the feed “${balanceName(kind, 'en')}, ${eventName(stream, 'en')}”`,
  };
};

/** The error of a feed (named in both languages) whose server stopped advancing. */
export function noProgressError(feed: { ru: string; en: string }, technical: string, requestId: string | null): ApiError {
  return new ApiError({
    code: 'no_progress',
    status: 200,
    requestId,
    retryable: false,
    message: `${technical}: the server answered the same items again without advancing; the sync stopped`,
    text: {
      ru:
        `Сервис снова прислал ту же страницу ${feed.ru} и не сдвинул позицию: синхронизация остановлена, чтобы не запрашивать её без конца. ` +
        'Всё полученное до этого сохранено; повторите позже, а если остановка повторится, обратитесь в поддержку' +
        (requestId ? `, назвав номер запроса ${requestId}.` : '.'),
      en:
        `The service sent the same page of ${feed.en} again without moving on: the sync stopped rather than ask for it forever. ` +
        'Everything received before is kept; try again later, and if it stops again contact support' +
        (requestId ? `, quoting request ${requestId}.` : '.'),
    },
  });
}
