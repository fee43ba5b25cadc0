/**
 * Reading a QUERY page (reference 2.3-2.5) the way the reference promises it, not the way our sandbox
 * happens to send it:
 * - the version of a delivered object is the result item's `version` (2.4); the object's own `version`, a
 *   choice of some servers, is used only when the item lacks one;
 * - the key that holds a contract is "not shown": `contract` when present, otherwise the one object-valued
 *   key of the item that is not `event`, `version` or `billed` (and an object with an integer `id` when
 *   several are object-valued);
 * - the `billed` counts are taken from the envelope when stated and recounted from the items' flags when
 *   not; `state` other than `ready` continues by cursor like `partial`.
 * Pure: the client calls it on a schema-checked envelope and quarantines the page when it throws.
 */
import type { z } from 'zod';
import type { QueryEnvelope } from './schemas';

export type FeedKind = 'tender' | 'contract';

export type FeedItem = {
  event: 'created' | 'updated';
  version: number;
  billed: boolean;
  /** The tender or contract object as delivered, unknown fields kept. */
  object: { id: number } & Record<string, unknown>;
};

export type PageCharges = {
  created: number;
  updated: number;
  free: number;
  /** Charged for the period on this balance, when the server said. */
  periodTotal: number | null;
  balanceExhausted: boolean;
  /** True when the counts came from the envelope's `billed` object, false when recounted from the items. */
  stated: boolean;
};

export type ReadPage = {
  state: 'ready' | 'partial';
  items: FeedItem[];
  charges: PageCharges;
};

/** A page the client cannot interpret: it is quarantined, never dropped. */
export class UnreadablePageError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnreadablePageError';
  }
}

const RESERVED_ITEM_KEYS = new Set(['event', 'version', 'billed']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isVersion = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The object an item delivers, or a reason why none can be told. */
export function objectOfItem(item: Record<string, unknown>, kind: FeedKind): Record<string, unknown> {
  const named = item[kind];
  if (isRecord(named)) return named;
  const candidates = Object.keys(item).filter((k) => !RESERVED_ITEM_KEYS.has(k) && isRecord(item[k]));
  if (candidates.length === 1) return item[candidates[0]!] as Record<string, unknown>;
  const withId = candidates.filter((k) => isId((item[k] as Record<string, unknown>).id));
  if (withId.length === 1) return item[withId[0]!] as Record<string, unknown>;
  throw new UnreadablePageError(
    candidates.length === 0
      ? `a result item holds no ${kind} object`
      : `a result item holds several objects (${candidates.join(', ')}) and none is plainly the ${kind}`,
  );
}

export function readItem(item: Record<string, unknown>, kind: FeedKind, index: number): FeedItem {
  let object: Record<string, unknown>;
  try {
    object = objectOfItem(item, kind);
  } catch (e) {
    throw new UnreadablePageError(`results[${index}]: ${(e as Error).message}`);
  }
  if (!isId(object.id)) throw new UnreadablePageError(`results[${index}]: the ${kind} has no integer id`);
  const version = isVersion(item.version) ? item.version : isVersion(object.version) ? object.version : null;
  if (version === null) throw new UnreadablePageError(`results[${index}]: no version on the item or the ${kind}`);
  if (typeof item.billed !== 'boolean') throw new UnreadablePageError(`results[${index}]: billed is not true or false`);
  return {
    event: item.event === 'updated' ? 'updated' : 'created',
    version,
    billed: item.billed,
    object: object as FeedItem['object'],
  };
}

export function readQueryPage(env: z.infer<typeof QueryEnvelope>, kind: FeedKind): ReadPage {
  const items = env.results.map((r, i) => readItem(r, kind, i));
  const b = env.billed ?? null;
  const counted = (event: FeedItem['event']): number => items.filter((i) => i.billed && i.event === event).length;
  const stated = b !== null && typeof b.created === 'number' && typeof b.updated === 'number';
  return {
    state: env.state === 'ready' ? 'ready' : 'partial',
    items,
    charges: {
      created: stated ? b.created! : counted('created'),
      updated: stated ? b.updated! : counted('updated'),
      free: typeof b?.free === 'number' ? b.free : items.filter((i) => !i.billed).length,
      periodTotal: typeof b?.period_total === 'number' ? b.period_total : null,
      balanceExhausted: b?.balance_exhausted === true,
      stated,
    },
  };
}
