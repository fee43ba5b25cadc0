/**
 * «Разбор» follows the followed searches: when a follow job stores new or changed tenders (the core's
 * `feed.updated`, the event the frame and the notifications hear), the ranking is asked again without a manual
 * reload. A follow job stores page after page; ranking a large feed takes a while, so the asks are coalesced:
 * one ranking at a time, and events that arrive while it runs ask once more after it lands, not once each.
 * Pure state (no React, no timers): the view calls `feed` for each event and `landed` when an answer arrives.
 */
export interface FeedEvent {
  filterId: string;
  created: number;
  updated: number;
}

export interface FeedRefresher {
  /** A feed event: asks for a ranking now, or once after the one in flight. */
  feed(event: FeedEvent): void;
  /** The ranking asked for has arrived (or failed). */
  landed(): void;
  /** Whether a ranking this refresher asked for is in flight (for tests and the view's busy hint). */
  readonly busy: boolean;
}

export function feedRefresher(reload: () => void): FeedRefresher {
  let state: 'idle' | 'asked' | 'askedAgain' = 'idle';
  return {
    feed(event) {
      // A page that brought nothing new to the search (every item already held as it is) changes no ranking.
      if (event.created + event.updated <= 0) return;
      if (state === 'idle') {
        state = 'asked';
        reload();
      } else state = 'askedAgain';
    },
    landed() {
      if (state === 'askedAgain') {
        state = 'asked';
        reload();
      } else state = 'idle';
    },
    get busy() {
      return state !== 'idle';
    },
  };
}
