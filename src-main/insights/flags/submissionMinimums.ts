/**
 * The legal minimum submission periods (from the notice's publication to the deadline for bids) by law,
 * procedure and initial price, with the article each rests on, and how a tender's period is measured. Pure.
 *
 * Where we could not tell which of several minimums applies (the price or the OKPD2 codes were not sent, a
 * 223-FZ purchase may be reserved for small businesses, whose article 3.4 periods are shorter), the table
 * takes the LOWEST minimum that could apply: a flag is raised only when no reading of the law allows the
 * period. For the same reason public holidays are not known to us and are counted as working days, which
 * can only lengthen a period counted in working days, never shorten it.
 *
 * Sources, looked up for the red flags (`confirmed` says whether we found the number in a source):
 * - 44-FZ art. 42 part 3 item 2 (since 2022; art. 63 parts 2–3 before): an e-auction's notice at least 15
 *   days before the deadline, 7 days when the initial price is at most 300 mln rubles, or at most 2 bln for
 *   construction, reconstruction, major repair or demolition works. Confirmed: the text of the item as
 *   quoted by Keysystems' EIS checks (helpgznext.keysystems.ru) and art. 63 part 2 since 1 July 2019
 *   (base.garant.ru/77696187).
 * - 44-FZ art. 42 part 3 item 1: an e-competition at least 15 days. NOT confirmed from a source (the
 *   searches found only the pre-2022 art. 49 wording); taken from the 2022 edition as we know it.
 * - 44-FZ art. 42 part 3 item 3: an e-request for quotations at least 1 working day. NOT confirmed from a
 *   source.
 * - 223-FZ art. 3.2 (competition and auction 15 days, request for quotations 5 working days, request for
 *   proposals 7 working days) and art. 3.4 (purchases among small and medium businesses: competition and
 *   auction 7 days up to 30 mln rubles, quotations 4 working days up to 7 mln, proposals 5 working days up
 *   to 15 mln). NOT confirmed from a source; the shorter art. 3.4 periods are used wherever they could apply.
 * - Searched again for the unconfirmed figures (a leftover of the red flags: the public pages and documentation
 *   indexes, queries on art. 42 part 3 items 1 and 3, e-quotations «не менее чем за один рабочий день», 223-FZ
 *   art. 3.2 and 3.4): the sources found quote only art. 63 of the 2017 edition (7 / 15 days around 3 mln
 *   rubles, superseded) and art. 42's list of the notice's contents, never its periods; nothing quotes 223-FZ
 *   art. 3.2 or 3.4. So they stay unconfirmed: a flag on them says so (`minimum_confirmed`).
 * - Commercial purchases and single-supplier purchases have no minimum; the 44-FZ request for proposals
 *   (abolished in 2022) is not evaluated either.
 * - Construction works are read from the tender's OKPD2 classes 41, 42, 43 (buildings, civil engineering,
 *   specialised construction works); without codes any tender may be construction.
 */
import type { Law, TenderFact } from '../../domain/insights';
import type { Text } from '../../i18n/text';
import { text } from '../../i18n/text';
import { okpd2Classes } from '../supplierDossier';
import type { Procedure } from './classify';

export interface SubmissionMinimum {
  days: number;
  unit: 'calendar' | 'working';
  article: Text;
  /** We found the number in a source (see the module's comment); false: the law as we know it, unverified. */
  confirmed: boolean;
}

const MLN = 1_000_000;
const CONSTRUCTION_CLASSES = ['41', '42', '43'];

const ART_44_AUCTION = text('44-ФЗ, ст. 42 ч. 3 п. 2', '44-FZ, art. 42(3)(2)');
const ART_44_COMPETITION = text('44-ФЗ, ст. 42 ч. 3 п. 1', '44-FZ, art. 42(3)(1)');
const ART_44_QUOTATION = text('44-ФЗ, ст. 42 ч. 3 п. 3', '44-FZ, art. 42(3)(3)');
const ART_223 = text('223-ФЗ, ст. 3.2 и 3.4 (закупки у МСП)', '223-FZ, art. 3.2 and 3.4 (SME purchases)');

/** Could the tender be construction works? Yes when a code says so or no code was sent. */
function mayBeConstruction(okpd2: readonly string[]): boolean {
  const classes = okpd2Classes(okpd2);
  return classes.length === 0 || classes.some((c) => CONSTRUCTION_CLASSES.includes(c));
}

/** The lowest legal minimum that could apply; null when the law sets none we know of. */
export function submissionMinimum(
  law: Law,
  procedure: Procedure,
  tender: Pick<TenderFact, 'price' | 'okpd2'>,
): SubmissionMinimum | null {
  const price = tender.price;
  if (law === '44-FZ') {
    if (procedure === 'auction') {
      const cap = mayBeConstruction(tender.okpd2) ? 2000 * MLN : 300 * MLN;
      const long = price !== null && price > cap;
      return { days: long ? 15 : 7, unit: 'calendar', article: ART_44_AUCTION, confirmed: true };
    }
    if (procedure === 'competition') return { days: 15, unit: 'calendar', article: ART_44_COMPETITION, confirmed: false };
    if (procedure === 'quotation') return { days: 1, unit: 'working', article: ART_44_QUOTATION, confirmed: false };
    return null;
  }
  if (law === '223-FZ') {
    // Without a price, the article 3.4 minimum (the lower one) may apply.
    const atMost = (limit: number): boolean => price === null || price <= limit * MLN;
    if (procedure === 'auction' || procedure === 'competition')
      return { days: atMost(30) ? 7 : 15, unit: 'calendar', article: ART_223, confirmed: false };
    if (procedure === 'quotation') return { days: atMost(7) ? 4 : 5, unit: 'working', article: ART_223, confirmed: false };
    if (procedure === 'proposals') return { days: atMost(15) ? 5 : 7, unit: 'working', article: ART_223, confirmed: false };
    return null;
  }
  return null;
}

const DAY_S = 86_400;
const MSK_OFFSET_S = 3 * 3600;

/** Days since 1970-01-01 of the Moscow calendar date of a Unix-seconds moment. */
const moscowDay = (unixSeconds: number): number => Math.floor((unixSeconds + MSK_OFFSET_S) / DAY_S);

/**
 * The period from publication to the deadline, in the minimum's unit: the Moscow calendar days after the
 * publication day up to and including the deadline day (a period "at least N days before the deadline"
 * starts the day after the notice, Civil Code art. 191); working days are those of them from Monday to
 * Friday. Counting the deadline day itself is the generous reading.
 */
export function submissionPeriod(publishAt: number, endAt: number, unit: 'calendar' | 'working'): number {
  const first = moscowDay(publishAt) + 1;
  const last = moscowDay(endAt);
  if (last < first) return 0;
  if (unit === 'calendar') return last - first + 1;
  return weekdaysBefore(last + 1) - weekdaysBefore(first);
}

/**
 * Mondays to Fridays among the days before `day` (days since 1970-01-01), counted from the Monday
 * 1969-12-29 (day −3; 1970-01-01 was a Thursday): whole weeks give 5 each, the last part week at most 5.
 */
function weekdaysBefore(day: number): number {
  const sinceMonday = day + 3;
  const weeks = Math.floor(sinceMonday / 7);
  const rest = sinceMonday - weeks * 7;
  return weeks * 5 + Math.min(5, rest) - 3;
}
