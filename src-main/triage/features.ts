/**
 * The features of a tender the triage model learns from, read defensively from what the cache holds:
 * the latest delivered version (summary or card) and, when one is held, the latest card (position names and
 * their KTRU codes). Pure: the same object always gives the same features, in the same order.
 *
 * Each feature is a key (what the model weighs) and its words (what a reason says, in Russian, the analyst's
 * language). A field the object does not carry gives no feature: the reference guarantees a tender in a feed
 * only `id` and `etp_id` (docs/triage.md says which fields a strict server may leave out and what that costs).
 */
import { apiInstant } from '../domain/calendar';
import { stemRussian } from '../domain/russianStem';
import { deadlineMs } from '../domain/tenderStage';
import { tenderLaw } from '../domain/laws';
import { lawName } from '../i18n/codes';
import { regionName } from '../i18n/dictionaries';

export interface Feature {
  key: string;
  /** The feature in words, for a reason: «ОКПД2 26.20», «регион г. Москва», «слово «томограф»». */
  words: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Words shorter than this carry little (prepositions, units) and are left out. */
const MIN_WORD = 4;
/** Form words of procurement texts that say nothing about the subject, as stems (the stemmer's own cut). */
const STOP = new Set(
  ['поставка', 'закупка', 'нужды', 'оказание', 'услуги', 'выполнение', 'работы', 'товары', 'обеспечение', 'учреждения', 'государственных', 'муниципальных', 'бюджетного', 'объект', 'срок', 'дней', 'календарных', 'наименование', 'приобретение']
    .map((w) => stemRussian(w).term),
);

/**
 * The stems of a text's words (the project's Russian stemmer, as the offline search uses), each once, with the
 * first form the text used (a reason names the word as the analyst read it: «томографа», not «томограф»).
 */
export function textStems(text: string): { stem: string; word: string }[] {
  const out = new Map<string, string>();
  for (const raw of text.toLowerCase().replace(/ё/g, 'е').split(/[^a-zа-я0-9]+/)) {
    if (raw.length < MIN_WORD || /^\d+$/.test(raw)) continue;
    const stem = stemRussian(raw).term;
    if (!STOP.has(stem) && !out.has(stem)) out.set(stem, raw);
  }
  return [...out].map(([stem, word]) => ({ stem, word }));
}

/** The prefixes of an OKPD2 code the model weighs: class «26», subclass «26.2», group «26.20», the code itself. */
export function okpd2Prefixes(code: string): string[] {
  const c = code.trim();
  if (!/^\d{2}(\.\d+)*$/.test(c)) return [];
  const out = [c.slice(0, 2)];
  if (c.length >= 4) out.push(c.slice(0, 4));
  if (c.length >= 5) out.push(c.slice(0, 5));
  if (c.length > 5) out.push(c);
  return [...new Set(out)];
}

/** Price bands in roubles, upper bounds (a band is a fact the model weighs, named in words). */
const PRICE_BANDS: readonly [number, string][] = [
  [100_000, 'до 100 тыс. ₽'],
  [1_000_000, '100 тыс. — 1 млн ₽'],
  [10_000_000, '1 — 10 млн ₽'],
  [100_000_000, '10 — 100 млн ₽'],
  [Infinity, 'от 100 млн ₽'],
];

/** Days from publication to the deadline, in bands (a short deadline is a reason to skip a tender). */
const DAY_BANDS: readonly [number, string][] = [
  [7, 'до 7 дней'],
  [14, '8 — 14 дней'],
  [30, '15 — 30 дней'],
  [Infinity, 'больше 30 дней'],
];

const band = <T>(bands: readonly [number, T][], value: number): number => bands.findIndex(([upTo]) => value <= upTo);

/**
 * A delivered instant in ms by the domain's one reading (domain/calendar.ts apiInstant: an instant written without
 * an offset is Moscow time, a day alone is its Moscow midnight). Its own regex-and-Date.parse reading before
 * gave NaN for a day alone («2026-05-01»): such a tender lost its deadline band and sorted last among the newest.
 */
export function timeMs(v: unknown): number | null {
  return apiInstant(v)?.ms ?? null;
}

function okpd2Codes(o: Record<string, unknown>, card: Record<string, unknown> | null): string[] {
  const codes: string[] = [];
  const take = (v: unknown): void => {
    const code = isRecord(v) ? str(v.code) : str(v);
    if (code) codes.push(code);
  };
  if (Array.isArray(o.okpd2)) o.okpd2.forEach(take);
  for (const p of positionsOf(card)) {
    take(p.okpd2_code ?? p.okpd2);
  }
  return [...new Set(codes)];
}

function positionsOf(card: Record<string, unknown> | null): Record<string, unknown>[] {
  return card !== null && Array.isArray(card.positions) ? card.positions.filter(isRecord) : [];
}

function ktruCodes(o: Record<string, unknown>, card: Record<string, unknown> | null): string[] {
  const codes: string[] = [];
  const take = (v: unknown): void => {
    const code = isRecord(v) ? str(v.code) : str(v);
    if (code) codes.push(code);
  };
  if (Array.isArray(o.ktru)) o.ktru.forEach(take);
  for (const p of positionsOf(card)) take(p.ktru_code ?? p.ktru);
  return [...new Set(codes)];
}

/**
 * The features of one tender: `object` its latest delivered version, `card` its latest card when one is held
 * (its description, position names and codes add to the summary's).
 */
export function tenderFeatures(object: unknown, card: unknown = null): Feature[] {
  const o = isRecord(object) ? object : {};
  const c = isRecord(card) ? card : null;
  const out = new Map<string, string>();
  const add = (key: string, words: string): void => {
    if (!out.has(key)) out.set(key, words);
  };

  const text = [str(o.name) ?? str(o.title), str(o.description), c ? str(c.description) : null].filter((s): s is string => s !== null).join(' ');
  for (const { stem, word } of textStems(text)) add(`w:${stem}`, `слово «${word}»`);
  for (const p of positionsOf(c)) {
    const title = str(p.title) ?? str(p.position_title);
    if (title) for (const { stem, word } of textStems(title)) add(`p:${stem}`, `в позициях: «${word}»`);
  }
  for (const code of okpd2Codes(o, c)) for (const prefix of okpd2Prefixes(code)) add(`o:${prefix}`, `ОКПД2 ${prefix}`);
  for (const code of ktruCodes(o, c)) add(`k:${code}`, `КТРУ ${code}`);

  const region = isRecord(o.region) ? o.region : null;
  const regionId = region ? num(region.id) : num(o.region);
  if (regionId !== null) add(`r:${regionId}`, `регион ${(region && str(region.name)) ?? regionName(regionId)}`);

  const org = isRecord(o.organization) ? o.organization : isRecord(o.customer) ? o.customer : null;
  const inn = org ? str(org.inn) : null;
  if (inn !== null) add(`i:${inn}`, `заказчик ${(org && str(org.name)) ?? `ИНН ${inn}`}`);

  const law = tenderLaw(o);
  if (law !== null) add(`l:${law}`, lawName(law, 'ru'));
  const placement = isRecord(o.placement_type) ? o.placement_type : null;
  const placementKey = placement ? (num(placement.id) ?? str(placement.name)) : null;
  if (placementKey !== null) add(`t:${placementKey}`, `способ «${(placement && str(placement.name)) ?? placementKey}»`);

  const price = num(o.price);
  if (price !== null && price >= 0) {
    const b = band(PRICE_BANDS, price);
    add(`c:${b}`, `цена ${PRICE_BANDS[b]![1]}`);
  }
  const published = timeMs(o.publish_date);
  // A deadline given as a day alone closes at that day's end (domain/tenderStage.ts, the one rule of deadlines).
  const deadline = typeof o.end_date === 'string' ? deadlineMs(o.end_date) : null;
  if (published !== null && deadline !== null && deadline >= published) {
    const b = band(DAY_BANDS, (deadline - published) / 86_400_000);
    add(`d:${b}`, `на подачу ${DAY_BANDS[b]![1]}`);
  }
  return [...out].map(([key, words]) => ({ key, words }));
}
