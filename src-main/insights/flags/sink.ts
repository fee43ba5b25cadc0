/**
 * Where the rules put what they find: raised flags (with the analyst's dismissals applied) and gaps, the
 * objects a rule could not judge because a field it needs was not sent. A gap is counted once per object and
 * field, so "12 tenders without placement type" means twelve tenders.
 */
import { dismissalKey } from '../../cache/insightStore';
import type { FlagGap, FlagObject, RaisedFlag } from '../../domain/insights';
import type { FlagCode } from './catalogue';

export class FlagSink {
  readonly flags: RaisedFlag[] = [];
  private readonly gapCounts = new Map<string, FlagGap>();

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
      else this.gapCounts.set(key, { code, field, objects: 1 });
    }
    return any;
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
