/**
 * Seeded randomness for the sandbox's world.
 *
 * Everything the sandbox shows is a pure function of the seed: the catalogue is generated once and cached,
 * and the bulky parts of a card (positions, documents, contacts) are recomputed on every request. That only
 * works when any piece can get its own random stream without replaying the others, so streams are addressed
 * by keys: `rngFor(seed, STREAM.position, tenderId, ordinal)` is the same sequence whenever it is asked for.
 */

/** Key spaces of independent streams. A value is never reused for another purpose, or old data would shift. */
export const STREAM = {
  customer: 1,
  supplier: 2,
  tender: 3,
  price: 4,
  history: 5,
  position: 6,
  extras: 7,
  contract: 8,
  schedule: 9,
  tick: 10,
  ktru: 11,
  catchUp: 12,
  archive: 13,
} as const;

/** sfc32: 128-bit state, passes PractRand far beyond what a demo needs, and costs a few integer ops per draw. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    // The first outputs of sfc32 still show the structure of the seed words.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform unsigned 32-bit integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** Uniform real in [min, max). */
  range(min: number, max: number): number {
    return min + this.float() * (max - min);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** One of the values, with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const entry of entries) total += entry[1];
    let r = this.float() * total;
    for (const entry of entries) {
      r -= entry[1];
      if (r < 0) return entry[0];
    }
    return entries[entries.length - 1]![0];
  }

  /** Standard normal (Box–Muller); V8's Math.log/cos are the same on every platform, so this stays deterministic. */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /**
   * An index in [0, n) skewed towards 0: a few customers publish much more than the rest and a few suppliers
   * win much more, as in the real market. `power` 1 is uniform.
   */
  skewedIndex(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.float(), power)));
  }
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const LANE_SALT = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x6a09e667] as const;

/**
 * The stream addressed by (seed, ...keys). Keys are non-negative integers below 2^53 (ids, ordinals,
 * stream names). Four independently salted hash lanes fill the 128-bit state, so distinct key lists do not
 * collide into the same stream even across hundreds of millions of positions.
 */
export function rngFor(seed: number, ...keys: number[]): Rng {
  const words = [0, 0, 0, 0];
  for (let lane = 0; lane < 4; lane++) {
    let h = fmix32((LANE_SALT[lane]! ^ (seed >>> 0)) >>> 0);
    h = fmix32((h ^ Math.floor(seed / 4294967296)) >>> 0);
    for (const key of keys) {
      const lo = key >>> 0;
      const hi = Math.floor(key / 4294967296) >>> 0;
      h = fmix32((Math.imul(h ^ lo, 0x01000193) + lane) >>> 0);
      h = fmix32((h ^ hi ^ Math.imul(lane + 1, 0x27d4eb2f)) >>> 0);
    }
    words[lane] = h;
  }
  return new Rng(words[0]!, words[1]!, words[2]!, words[3]!);
}
