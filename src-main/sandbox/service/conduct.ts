/**
 * How the sandbox behaves where the reference leaves the behaviour open ("not shown", or only "at least"),
 * gathered in one object so that the strict sandbox flips them in one place. The shapes
 * of bodies are flipped at the HTTP edge instead (http/strictShape.ts); these are the choices that change
 * what the service does, so they cannot be made after the answer is built.
 */
import type { CollectionPace } from './feeds';

export type Conduct = {
  /** Most items one page carries whatever `limit` asks: the reference bounds `limit`, not the page. */
  pageCap: number;
  /** D-Q-12: how long a subscription lives after its last read (simulated clock). */
  subscriptionTtlMs: number;
  /** D-Q-6: how fast a snapshot is collected, i.e. how long a feed stays `partial`. */
  collectionPace: CollectionPace;
  /**
   * A `starting_after` that names nothing in the collection: false keeps each route's default answer
   * (404 for lists and filters, "after this number" for the ledger and list members); true answers an
   * empty page, so a client that invents a starting point (0, say) learns it gets nothing.
   */
  emptyPageOnUnknownStart: boolean;
  /** D-AUTH-1: what `POST /auth/login` issues (reference 5.8: "which holds: not shown"). */
  loginIssues: 'session' | 'api_token';
};

/** The strict page cap: an odd size below every default `limit`, so no client can take a page's length for the limit. */
export const STRICT_PAGE_CAP = 37;

export const DEFAULT_CONDUCT: Conduct = {
  pageCap: Number.POSITIVE_INFINITY,
  subscriptionTtlMs: 7 * 86_400_000,
  collectionPace: { itemsPerStep: 5000, stepMs: 10 },
  emptyPageOnUnknownStart: false,
  loginIssues: 'session',
};

export const STRICT_CONDUCT: Conduct = {
  pageCap: STRICT_PAGE_CAP,
  subscriptionTtlMs: 60_000,
  // 500 objects a second: a feed of a few thousand tenders is still `partial` after the first retry_after
  // (1 s), so its first pages are partial in ordinary use and clients are exercised on them.
  collectionPace: { itemsPerStep: 50, stepMs: 100 },
  emptyPageOnUnknownStart: true,
  loginIssues: 'api_token',
};

export const conductFor = (strict: boolean): Conduct => (strict ? STRICT_CONDUCT : DEFAULT_CONDUCT);

/** The answer to a `starting_after` that names nothing in the collection, under `emptyPageOnUnknownStart`. */
export const emptyCollectionPage = (): Record<string, unknown> => ({ data: [], has_more: false, next_cursor: null });
