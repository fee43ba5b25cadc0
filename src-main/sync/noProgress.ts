/**
 * A feed that does not advance. A legal feed is append-only
 * (reference 2.1): every page of one run brings object versions (`id` + `version`, the deduplication key) the
 * run has not had yet, until an empty page. Servers that broke this made a sync ask for ever:
 * - the same cursor with the same items again (501 requests in five minutes);
 * - a cursor alternating A/B over the same page (703 requests in 7 minutes, 70,001 delivery rows for 101
 *   tenders and a 225 MB WAL), and a fresh cursor on every page over items already given — which
 *   a check of the cursor string cannot see.
 * So progress is judged by what is delivered, never by the cursor: `STALE_PAGES` non-empty pages in a row
 * that bring no id+version new to the run stop it. And where a `ready` page states the set's `total`, a round
 * of the stream may bring no more objects than that (with a margin: a live feed grows while it is read).
 *
 * What a legal server may repeat is forgiven: a 409 `cursor_expired` slice starts a rebuilt feed again
 * ("repeated objects are free", reference 3), and a feed restarted from the saved criteria (feedRestart.ts)
 * starts from its beginning; both clear what the run has had (a rebuild only `FORGIVEN_REBUILDS` times a run:
 * a server answering 409 to every page is not forgiven for ever).
 *
 * The run stops with a `no_progress` ApiError (the server broke the protocol): its sentence names the feed in
 * both languages, it is not retryable (repeating gets the same pages), and every page before it is stored,
 * the repeats included (whatever they say they charged is kept). A run so stores at most `STALE_PAGES` pages
 * of repeats a stream, instead of a delivery row per repeated item for as long as the server likes.
 * The earlier generation's equivalent is numbered pages that repeat the same tenders page after page.
 */
import { ApiError } from '../api/errors';
import { balanceName, eventName } from '../i18n/codes';
import type { FeedName, QueryPage, StreamName } from './ports';

/** Non-empty pages in a row with nothing new that stop a run (a legal feed has none). */
export const STALE_PAGES = 3;
/** 409 rebuilds a run forgives (each may repeat everything before it). */
export const FORGIVEN_REBUILDS = 3;
/** Versions one object may bring in one round of the `updated` stream before it counts against `total` as more. */
export const UPDATES_PER_OBJECT = 10;

/** Objects a round may bring beyond the stated `total`: a tenth of it, at least two full pages. */
export const totalMargin = (total: number, pageSize: number): number => Math.max(Math.ceil(total / 10), 2 * pageSize);

export type FeedWatch = {
  /** A new round of the stream (a run's drain, or a follow round): the total bound counts from here. */
  startRound(): void;
  /** The feed starts again from its beginning (restarted from the saved criteria): its repeats are legal. */
  restarted(): void;
  /** After a page is stored: throws `no_progress` when the feed has not advanced. */
  check(page: QueryPage): void;
};

/** Watches one stream of one run by the object versions it delivers. */
export function feedWatch(filterId: string, feed: FeedName, stream: StreamName, pageSize: number): FeedWatch {
  let had = new Set<string>();
  let stale = 0;
  let rebuilds = 0;
  let round = { items: 0, objects: new Set<number>(), total: null as number | null };
  const technical = `${feed}/${stream} of ${filterId}`;
  const forget = (): void => {
    had = new Set();
    stale = 0;
    round = { items: 0, objects: new Set(), total: round.total };
  };
  return {
    startRound() {
      round = { items: 0, objects: new Set(), total: null };
    },
    restarted: forget,
    check(page) {
      if (page.cursorExpired && ++rebuilds <= FORGIVEN_REBUILDS) forget();
      // Only a `ready` page's total: a `partial` snapshot is still being assembled, its count may still grow.
      if (page.state === 'ready' && typeof page.total === 'number' && page.total >= 0) round.total = Math.max(round.total ?? 0, page.total);
      // An empty page is normal and free; it neither advances nor breaks a streak of repeats.
      if (page.results.length === 0) return;
      let fresh = 0;
      for (const r of page.results) {
        const key = `${r.object.id}:${r.version}`;
        if (!had.has(key)) {
          had.add(key);
          fresh += 1;
        }
        round.objects.add(r.object.id);
      }
      round.items += page.results.length;
      stale = fresh === 0 ? stale + 1 : 0;
      if (stale >= STALE_PAGES) throw noProgressError(feedText(feed, stream), technical, page.requestId);
      if (round.total !== null) {
        const most = round.total + totalMargin(round.total, pageSize);
        const items = stream === 'updated' ? most * UPDATES_PER_OBJECT : most;
        if (round.objects.size > most || round.items > items) throw beyondTotalError(feedText(feed, stream), technical, round.total, page.requestId);
      }
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

/** The error of a feed (named in both languages) whose server sent more than the set it said it holds. */
export function beyondTotalError(feed: { ru: string; en: string }, technical: string, total: number, requestId: string | null): ApiError {
  return new ApiError({
    code: 'no_progress',
    status: 200,
    requestId,
    retryable: false,
    message: `${technical}: the server delivered more than the total of ${total} it stated; the sync stopped`,
    text: {
      ru:
        `Сервис прислал для ${feed.ru} больше объектов, чем, по его же словам, в ней есть (${total}): синхронизация остановлена, чтобы не запрашивать её без конца. ` +
        'Всё полученное сохранено; повторите позже, а если остановка повторится, обратитесь в поддержку' +
        (requestId ? `, назвав номер запроса ${requestId}.` : '.'),
      en:
        `The service sent more of ${feed.en} than the ${total} it says it holds: the sync stopped rather than ask for it forever. ` +
        'Everything received is kept; try again later, and if it stops again contact support' +
        (requestId ? `, quoting request ${requestId}.` : '.'),
    },
  });
}
