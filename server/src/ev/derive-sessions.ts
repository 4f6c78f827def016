// Charging sessions from a charger's reported history: a session runs while the car is plugged in
// (EvConnected). History written before the charger reported EvConnected as a sample has only the
// charging power, so there a session is a run of charging with pauses shorter than SESSION_PAUSE_MS.
// Energy comes from the charger's counter (EnergyEvTotal) when it has both ends, else from the power;
// the solar share is what the grid did not deliver while charging: an import is counted against the
// car first (evcc counts it the same way), so the share is never flattering.
export interface Sample {
  ts: number;
  value: number;
}

export interface PricePeriod {
  start: number;
  end: number;
  czkKwh: number;
}

export interface SessionHistory {
  /** ActPwrEv, W; each sample holds since the one before. */
  power: readonly Sample[];
  /** ActPwrGrid, W (import > 0). */
  grid: readonly Sample[];
  /** EvConnected as 1 / 0; empty for history from before it was sampled. */
  connected: readonly Sample[];
  /** EnergyEvTotal, kWh. */
  energy: readonly Sample[];
}

export interface Pricing {
  /** The plant's own tariff, CZK/kWh; when set it prices every kWh. */
  tariffCzkKwh: number | null;
  /** Spot prices in time order, used without a tariff. */
  spot: readonly PricePeriod[];
}

export interface DerivedSession {
  start: number;
  /** null: still plugged in at the end of the history. */
  end: number | null;
  energyKwh: number;
  solarKwh: number;
  solarSharePct: number;
  costCzk: number | null;
  avgPriceCzkKwh: number | null;
  priceSource: 'tariff' | 'spot' | null;
}

/** A gap in the reports longer than this is no data: it neither charges nor ends a plugged session. */
export const MAX_SAMPLE_GAP_MS = 15 * 60_000;
/** Without EvConnected, charging that resumes within this time is the same session (solar pauses). */
export const SESSION_PAUSE_MS = 30 * 60_000;

/** Walks a sorted series forward: the last sample at or before a time, in amortised O(1). */
class Cursor {
  private i = -1;
  constructor(private readonly samples: readonly Sample[]) {}
  at(ts: number): Sample | undefined {
    while (this.i + 1 < this.samples.length && this.samples[this.i + 1].ts <= ts) this.i++;
    return this.i >= 0 ? this.samples[this.i] : undefined;
  }
}

class PriceCursor {
  private i = 0;
  constructor(private readonly periods: readonly PricePeriod[]) {}
  at(ts: number): number | null {
    while (this.i < this.periods.length && this.periods[this.i].end <= ts) this.i++;
    const p = this.periods[this.i];
    return p && p.start <= ts ? p.czkKwh : null;
  }
}

interface Open {
  start: number;
  lastActive: number;
  lastTs: number;
  counterAtStart: number | undefined;
  counterAtEnd: number | undefined;
  evKwh: number;
  gridKwh: number;
  costCzk: number;
  pricedKwh: number;
  byConnection: boolean;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Sessions in time order; `now` decides whether the last one is still running. */
export function deriveSessions(history: SessionHistory, pricing: Pricing, now: number): DerivedSession[] {
  const grid = new Cursor(history.grid);
  const connected = new Cursor(history.connected);
  const energy = new Cursor(history.energy);
  const prices = new PriceCursor(pricing.spot);
  const sessions: DerivedSession[] = [];
  let open: Open | null = null;

  const close = (session: Open, end: number | null) => {
    const counted =
      session.counterAtStart !== undefined && session.counterAtEnd !== undefined
        ? session.counterAtEnd - session.counterAtStart
        : undefined;
    const energyKwh = counted !== undefined && counted >= 0 && counted < session.evKwh * 2 + 1 ? counted : session.evKwh;
    if (!session.byConnection && energyKwh <= 0) return;
    const gridShare = session.evKwh > 0 ? Math.min(1, session.gridKwh / session.evKwh) : 0;
    const solarKwh = energyKwh * (1 - gridShare);
    const priced = session.pricedKwh >= session.gridKwh - 1e-9;
    const costCzk = priced ? (session.evKwh > 0 ? session.costCzk * (energyKwh / session.evKwh) : 0) : null;
    sessions.push({
      start: session.start,
      end,
      energyKwh: round(energyKwh, 3),
      solarKwh: round(solarKwh, 3),
      solarSharePct: round((1 - gridShare) * 100, 1),
      costCzk: costCzk === null ? null : round(costCzk, 2),
      avgPriceCzkKwh: costCzk === null || energyKwh <= 0 ? null : round(costCzk / energyKwh, 3),
      priceSource: costCzk === null ? null : pricing.tariffCzkKwh !== null ? 'tariff' : 'spot',
    });
  };

  const power = history.power;
  for (let k = 0; k < power.length; k++) {
    const { ts, value: watts } = power[k];
    const previous = k > 0 ? power[k - 1].ts : undefined;
    const plug = connected.at(ts);
    const byConnection = plug !== undefined && ts - plug.ts <= MAX_SAMPLE_GAP_MS;
    const active = byConnection ? plug.value > 0 : watts > 0;
    const counterBefore = previous !== undefined ? energy.at(previous) : undefined;
    const counter = energy.at(ts);

    if (open) {
      const paused = ts - open.lastActive;
      const ended = open.byConnection ? !active : !active && paused > SESSION_PAUSE_MS;
      const lost = ts - open.lastTs > (open.byConnection ? MAX_SAMPLE_GAP_MS * 4 : SESSION_PAUSE_MS);
      if (ended || lost) {
        close(open, open.byConnection && !lost ? ts : open.lastActive);
        open = null;
      }
    }
    if (!open && active) {
      const start = !byConnection && previous !== undefined && ts - previous <= MAX_SAMPLE_GAP_MS ? previous : ts;
      open = {
        start,
        lastActive: ts,
        lastTs: ts,
        counterAtStart: counter?.value,
        counterAtEnd: counter?.value,
        evKwh: 0,
        gridKwh: 0,
        costCzk: 0,
        pricedKwh: 0,
        byConnection,
      };
      // This sample's power has held since the one before, and is counted below: so is its energy.
      if (previous !== undefined && ts - previous <= MAX_SAMPLE_GAP_MS && counterBefore) open.counterAtStart = counterBefore.value;
    }
    if (!open) continue;
    open.lastTs = ts;
    if (active) open.lastActive = ts;
    if (counter) open.counterAtEnd = counter.value;
    if (previous === undefined || ts - previous > MAX_SAMPLE_GAP_MS || watts <= 0) continue;
    const hours = (ts - previous) / 3_600_000;
    const evKwh = (watts * hours) / 1000;
    const g = grid.at(ts);
    const importW = g && ts - g.ts <= MAX_SAMPLE_GAP_MS ? Math.max(0, g.value) : 0;
    const gridKwh = (Math.min(watts, importW) * hours) / 1000;
    open.evKwh += evKwh;
    open.gridKwh += gridKwh;
    const price = pricing.tariffCzkKwh ?? prices.at(previous);
    if (price !== null) {
      open.costCzk += gridKwh * price;
      open.pricedKwh += gridKwh;
    }
  }
  if (open) {
    const running =
      power.length > 0 && now - power[power.length - 1].ts <= MAX_SAMPLE_GAP_MS && (open.byConnection || open.lastActive === open.lastTs);
    close(open, running ? null : open.lastActive);
  }
  return sessions;
}
