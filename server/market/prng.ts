// A seeded pseudo-random generator (sfc32, from PractRand), so the simulated market replays
// exactly for a seed. Math.random is never used: a feed that cannot be replayed cannot be audited.
import { createHash } from "node:crypto";

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (Box-Muller). */
  normal(): number;
}

/** A generator whose whole state derives from the given string (e.g. `${seed}|BTC/USDT`). */
export function createRng(key: string): Rng {
  const digest = createHash("sha256").update(key, "utf8").digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Discard the first outputs: sfc32 mixes its state over its first few rounds.
  for (let i = 0; i < 12; i += 1) next();
  return {
    next,
    normal() {
      const u = 1 - next(); // (0, 1], so log is finite
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}
