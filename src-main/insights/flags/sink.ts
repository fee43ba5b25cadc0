/**
 * Where the rules put what they find: raised flags (with the analyst's dismissals applied), gaps, the
 * objects a rule could not judge because a field it needs was not sent, and per flag how many objects were
 * judged (`check`). A gap is counted once per object and field, so "12 tenders without placement type" means
 * twelve tenders; it names what it counts and whether a card brings the field.
 */
import { dismissalKey } from '../../cache/insightStore';
import type { FlagGap, FlagObject, RaisedFlag } from '../../domain/insights';
import { FIELDS_IN_CARD, FLAG_CODES, FLAG_OBJECT_KIND, type FlagCode } from './catalogue';

export class FlagSink {
  readonly flags: RaisedFlag[] = [];
  private readonly gapCounts = new Map<string, FlagGap>();
  /** Every code of the catalogue, so a flag never judged says 0 rather than being absent. */
  readonly checked: Record<string, number> = Object.fromEntries(FLAG_CODES.map((code) => [code, 0]));

  /** `dismissed`: keys as the insight store's `dismissedFlags` gives them (`dismissalKey`). */
  constructor(private readonly dismissed: ReadonlySet<string>) {}

  raise(code: FlagCode, object: FlagObject, source: string, evidence: Record<string, unknown>): void {
    const dismissed = this.dismissed.has(dismissalKey(code, object.kind, object.id));
    this.flags.push({ code, object, evidence, source, dismissed });
  }

  /** The object lacks these fields; returns whether any was missing (the rule then skips the object). */
  lacks(code: FlagCode, missing: readonly (string | false)[]): boolean {
    let any = false;
    for (const field of missing) {
      if (field === false) continue;
      any = true;
      const key = `${code}|${field}`;
      const gap = this.gapCounts.get(key);
      if (gap) gap.objects++;
      else this.gapCounts.set(key, { code, field, objects: 1, object_kind: FLAG_OBJECT_KIND[code], in_card: FIELDS_IN_CARD.has(field) });
    }
    return any;
  }

  /** The rule had every field it needs on `objects` more of its objects (flagged or not). */
  check(code: FlagCode, objects = 1): void {
    this.checked[code] = (this.checked[code] ?? 0) + objects;
  }

  get gaps(): FlagGap[] {
    return [...this.gapCounts.values()];
  }
}

/** Unix seconds as an ISO instant, for evidence a person reads. */
export const isoOf = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();

/** A percentage for evidence, to the hundredth. */
export const pct = (value: number): number => Math.round(value * 100) / 100;

/** Rubles as whole kopecks, so thresholds like "at least 99 %" compare exactly. */
export const kopecks = (rubles: number): number => Math.round(rubles * 100);
