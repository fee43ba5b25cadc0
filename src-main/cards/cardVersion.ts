/**
 * Which version a fetched card is (docs/api-decisions.md D-CLIENT-CARD):
 * - the card's own integer `version` when the server states one (our default sandbox does);
 * - else the newest held version it shows (cache/versionMatch.ts), so re-reading a version we hold never
 *   adds a phantom version to the history or the diff;
 * - else a provisional version below every real one (PROVISIONAL_BASE + n, newer ones higher), which the
 *   real version adopts when a feed or a card delivers it (deliveryWriter).
 */
import { isProvisional, PROVISIONAL_BASE, showsSameVersion } from '../cache/versionMatch';

export type HeldVersion = { version: number; object: unknown };
export type CardVersion = { version: number; how: 'stated' | 'matched' | 'provisional' };

const isVersion = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function resolveCardVersion(card: Record<string, unknown>, held: readonly HeldVersion[]): CardVersion {
  if (isVersion(card.version)) return { version: card.version, how: 'stated' };
  const newestFirst = [...held].sort((a, b) => b.version - a.version);
  const real = newestFirst.filter((h) => !isProvisional(h.version));
  const provisional = newestFirst.filter((h) => isProvisional(h.version));
  const match = real.find((h) => showsSameVersion(h.object, card)) ?? provisional.find((h) => showsSameVersion(h.object, card));
  if (match) return { version: match.version, how: 'matched' };
  const highest = provisional[0]?.version ?? PROVISIONAL_BASE;
  return { version: highest + 1, how: 'provisional' };
}
