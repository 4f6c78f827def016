// The export limit as a closed loop: every cycle, from the meter's grid power and the inverters' output,
// the power cap that keeps export at or under the limit, with a band of hysteresis so the cap is not
// rewritten for every flicker, a bounded step up, and a fail-safe cap (the limit itself: with no load
// at all, export cannot pass it) when the meter stops answering. Without a meter the cap is the limit.
// Pure: the gateway reads the devices, asks step(), and writes the cap.

export interface ExportLoopOptions {
  /** Export may sit this far under the limit before the cap is raised (W); at least 50 W, default 1 % of the inverters' power. */
  hysteresisW?: number;
  /** The most the cap rises in one cycle, as a share of the inverters' power (default 0.1). */
  rampUpShare?: number;
  /** Cycles the meter may miss before the fail-safe cap applies (default 3). */
  meterMissesBeforeFailSafe?: number;
}

export interface ExportLoopInput {
  /** The export limit, W; undefined: none. */
  limitW: number | undefined;
  /** Whether the plant has a meter configured (closed loop) or not (the cap is the limit). */
  hasMeter: boolean;
  /** The meter's grid power this cycle (import > 0); undefined when it did not answer. */
  gridW: number | undefined;
  /** The inverters whose power can be limited: their maximum and their output now. */
  inverters: ReadonlyArray<{ wMaxW: number; acW: number | undefined }>;
}

export type ExportLoopMode = 'off' | 'closed' | 'open' | 'failSafe';

export interface ExportLoopDecision {
  /** The plant's total power cap, W; null: no cap (the inverters run free). */
  capW: number | null;
  mode: ExportLoopMode;
}

export class ExportLimitLoop {
  private capW: number | null = null;
  private misses = 0;
  private readonly rampUpShare: number;
  private readonly missesBeforeFailSafe: number;

  constructor(private readonly options: ExportLoopOptions = {}) {
    this.rampUpShare = options.rampUpShare ?? 0.1;
    this.missesBeforeFailSafe = options.meterMissesBeforeFailSafe ?? 3;
  }

  /** The cap for this cycle. */
  step(input: ExportLoopInput): ExportLoopDecision {
    const totalW = input.inverters.reduce((sum, i) => sum + i.wMaxW, 0);
    const { limitW } = input;
    if (limitW === undefined || totalW <= 0 || limitW >= totalW) return this.decide(null, 'off');
    if (!input.hasMeter) return this.decide(limitW, 'open');
    if (input.gridW === undefined) {
      this.misses++;
      // A missed reading or two keeps the cap as it is; then the cap falls back to the limit itself.
      if (this.misses >= this.missesBeforeFailSafe) return this.decide(Math.min(limitW, this.capW ?? limitW), 'failSafe');
      return this.decide(this.capW ?? limitW, 'closed');
    }
    this.misses = 0;
    const hysteresisW = Math.max(50, this.options.hysteresisW ?? totalW * 0.01);
    const exportW = Math.max(0, -input.gridW);
    const producedW = input.inverters.reduce((sum, i) => sum + Math.max(0, i.acW ?? 0), 0);
    // Aim half a band under the limit, so a small rise in export does not cross it at once.
    const aimW = limitW - hysteresisW / 2;
    if (exportW > limitW) return this.decide(clamp(producedW - (exportW - aimW), 0, totalW), 'closed');
    const current = this.capW ?? totalW;
    if (exportW < limitW - hysteresisW && current < totalW) {
      const raised = Math.min(current + this.rampUpShare * totalW, producedW + (aimW - exportW));
      return this.decide(clamp(Math.max(raised, current), 0, totalW), 'closed');
    }
    return this.decide(current >= totalW ? null : current, 'closed');
  }

  private decide(capW: number | null, mode: ExportLoopMode): ExportLoopDecision {
    this.capW = capW === null ? null : Math.round(capW);
    return { capW: this.capW, mode };
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
