/**
 * The tick's choice of "the first matching id at or after a random point, wrapping around once, skipping ids
 * already touched in this tick", over a sorted list of the ids that matched when the tick began.
 *
 * Asking the database instead (`WHERE id >= ? AND <predicate> ORDER BY id LIMIT 1`, again after each touched
 * id) cost a scan per pick that grew with the tick: rare predicates (tenders past their deadline) scanned the
 * table on every call and runs of touched ids were stepped over one query at a time, so a tick of 3,000
 * updates took seconds where one of 300 took milliseconds. Here each id is skipped at most once per tick
 * (a "next live index" forest with path halving), so a tick is linear in what it touches.
 *
 * Matching at the start of the tick is exact because the tick touches every tender or contract it changes:
 * an id whose state changed during the tick is in `taken` and skipped anyway.
 */
export class IdPicker {
  /** next[i] leads to the first index >= i still live; next[length] is the end. */
  private readonly next: Int32Array;

  constructor(private readonly ids: readonly number[]) {
    this.next = new Int32Array(ids.length + 1);
    for (let i = 0; i <= ids.length; i++) this.next[i] = i;
  }

  /** The first id >= `start` not in `taken`, else the first one from the beginning; undefined when none. */
  pick(start: number, taken: ReadonlySet<number>): number | undefined {
    return this.firstLiveFrom(this.lowerBound(start), taken) ?? this.firstLiveFrom(0, taken);
  }

  private firstLiveFrom(index: number, taken: ReadonlySet<number>): number | undefined {
    let i = this.live(index);
    while (i < this.ids.length) {
      const id = this.ids[i] as number;
      if (!taken.has(id)) return id;
      this.next[i] = i + 1; // taken for the rest of the tick: never looked at again
      i = this.live(i + 1);
    }
    return undefined;
  }

  private live(index: number): number {
    let i = index;
    while (this.next[i] !== i) {
      const parent = this.next[i] as number;
      this.next[i] = this.next[parent] as number; // path halving
      i = parent;
    }
    return i;
  }

  private lowerBound(value: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.ids[mid] as number) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
