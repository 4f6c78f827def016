// Seeded pseudo-random numbers so a plant's behaviour is reproducible from its seed (tests rely on it).
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (mean 0, deviation 1). */
  gauss(): number;
}

/** mulberry32: tiny, fast and good enough for simulated noise. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    gauss() {
      // Box–Muller; 1 - u keeps the logarithm finite.
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}

/** FNV-1a hash of a string, used to derive a stable seed from a thing name. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
