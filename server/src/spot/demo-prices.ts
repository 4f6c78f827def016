// A plausible day-ahead price curve for the embedded default, clearly marked as demo data: a night
// trough, a morning and an evening peak, a midday dip from solar that can go negative on sunny
// weekends, and day-to-day variation that is the same every time for the same date.

export interface HourPrice {
  /** local hour 0–23 */
  hour: number;
  eurMwh: number;
}

/** Deterministic 0..1 numbers from a seed (mulberry32): the same date always gives the same curve. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bump = (hour: number, centre: number, width: number) => Math.exp(-((hour - centre) ** 2) / (2 * width ** 2));

/** Prices of one local calendar day (YYYY-MM-DD), hour by hour, in EUR/MWh rounded to cents. */
export function demoDayPrices(date: string): HourPrice[] {
  const [year, month, day] = date.split('-').map(Number);
  const random = seeded(year * 10_000 + month * 100 + day);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const summer = Math.cos(((month - 7) / 12) * 2 * Math.PI); // 1 in July, -1 in January
  const level = 85 + 25 * random() - 15 * summer - (weekend ? 20 : 0);
  const sun = (0.4 + 0.6 * random()) * (70 + 50 * summer); // how deep the solar dip goes today
  return Array.from({ length: 24 }, (_, hour) => {
    const shape = 45 * bump(hour, 8, 1.5) + 70 * bump(hour, 19.5, 1.8) - 30 * bump(hour, 3, 2.5) - sun * bump(hour, 13, 2.2);
    const noise = (random() - 0.5) * 12;
    return { hour, eurMwh: Math.round((level + shape + noise) * 100) / 100 };
  });
}
