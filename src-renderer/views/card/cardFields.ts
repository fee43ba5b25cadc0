/**
 * Safe readers over a card as the API delivered it (`Record<string, unknown>`, unknown fields kept): a field
 * the server left out or typed differently reads as null instead of breaking the view. Pure.
 */
export type Json = Record<string, unknown>;

export const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function str(o: unknown, key: string): string | null {
  if (!isJson(o)) return null;
  const v = o[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

export function num(o: unknown, key: string): number | null {
  if (!isJson(o)) return null;
  const v = o[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function obj(o: unknown, key: string): Json | null {
  if (!isJson(o)) return null;
  const v = o[key];
  return isJson(v) ? v : null;
}

export function arr(o: unknown, key: string): Json[] {
  if (!isJson(o)) return [];
  const v = o[key];
  return Array.isArray(v) ? v.filter(isJson) : [];
}

/** A dictionary reference (`status`, `region`…) or a plain string, by its name. */
export function named(o: unknown, key: string): string | null {
  if (!isJson(o)) return null;
  const v = o[key];
  if (typeof v === 'string') return v;
  return isJson(v) ? (str(v, 'name') ?? str(v, 'code')) : null;
}

/** Only https links leave the app (the core refuses anything else too). */
export function isHttps(url: string | null): url is string {
  return url !== null && /^https:\/\/[^\s]+$/i.test(url);
}

/**
 * A version number people may read: the core keeps a card whose server stated no version, and which shows none
 * we hold, under a provisional number below 0 (src-main/cards/cardVersion.ts); that number means "not stated"
 * and is never shown.
 */
export function statedVersion(version: number): number | null {
  return Number.isSafeInteger(version) && version >= 0 ? version : null;
}

/**
 * Which parts a shown card lacks because the card itself was never fetched: the app showed the version's stored
 * object (from a feed) while the server could not be reached (CardResult.storedObject). Positions and documents
 * come with the card, so their absence there means «не загружены», not «нет». A card that was
 * fetched lacks nothing: an empty list in it is a real «none».
 */
export function partsNotLoaded(card: Json, storedObject: boolean | undefined): { positions: boolean; documents: boolean } {
  if (storedObject !== true) return { positions: false, documents: false };
  return { positions: !Array.isArray(card.positions), documents: !Array.isArray(card.documents) };
}
