// The console's desired keys at the devices. A delta's keys are checked by the contract's rules and
// applied in the next cycle: OperMode through the battery's storage controls (124), BatSocMin through
// its reserve (124 MinRsvPct or 802 SoCRsvMin), ExportLimit through the closed loop on the inverters'
// power limit (123 or 704). What is reported is what the devices read back, so the console's control
// turns confirmed only once a device has taken the value. A key the plant cannot take is refused with
// its reason under ControlRefused.
import { checkWritableValue, isWritableKey, OPER_MODES, writableKeys, type OperMode, type WritableKeyName } from '@helio/contracts';
import type { BatteryReading, InverterReading } from '../drivers/readings';
import type { ReportedState } from '../mapping/plant-report';
import type { LocalStore } from '../store/local-store';
import type { SunSpecDevice } from '../sunspec/sunspec-device';
import { ExportLimitLoop, type ExportLoopDecision } from './export-limit';
import { operModeOf, STORAGE_WRITES } from './storage-modes';

const RULES = writableKeys(OPER_MODES);
/** Tries of a value a device reads back otherwise before it is refused. */
const MAX_TRIES = 3;
const LIMIT_SETTING = 'exportLimitW';
const CAP_OWNED_SETTING = 'powerCapOwned';

/** Keys a SunSpec plant does not take, with the reason the console shows. */
const NOT_TAKEN: Partial<Record<WritableKeyName, string>> = {
  BatChargeMax: 'the SunSpec gateway does not set the battery’s charge power; set it on the battery',
  BatDischargeMax: 'the SunSpec gateway does not set the battery’s discharge power; set it on the battery',
  ForceCharge: 'the SunSpec gateway takes no timed force charge; choose the operating mode force-charge',
};

/** A device that answered this cycle, with its reading and a way to read it again after a write. */
export interface Controllable<R> {
  id: string;
  device: SunSpecDevice;
  reading: R;
  reread(): Promise<R>;
}

export interface ControlInputs {
  inverters: ReadonlyArray<Controllable<InverterReading>>;
  batteries: ReadonlyArray<Controllable<BatteryReading>>;
  /** Configured, whether or not they answered this cycle. */
  configured: { inverters: number; batteries: number; meter: boolean };
  /** The meter's grid power this cycle (import > 0); undefined when it did not answer. */
  gridW: number | undefined;
}

export interface ControlLog {
  info(message: string): void;
  warn(message: string): void;
}

export class PlantControls {
  private readonly wanted = new Map<string, { value: unknown; tries: number }>();
  private readonly refusals = new Map<string, string | null>();
  private limitW: number | undefined;
  private limitConfirmed = false;
  private capOwned: boolean;
  lastDecision: ExportLoopDecision = { capW: null, mode: 'off' };

  constructor(
    private readonly store: LocalStore,
    private readonly log: ControlLog,
    private readonly loop = new ExportLimitLoop(),
    private readonly now: () => number = Date.now,
  ) {
    const stored = Number(store.setting(LIMIT_SETTING));
    this.limitW = Number.isFinite(stored) && store.setting(LIMIT_SETTING) !== undefined ? stored : undefined;
    this.capOwned = store.setting(CAP_OWNED_SETTING) === 'true';
  }

  /** Takes the keys of a delta: each valid one is applied in the next cycle, anything else refused. */
  takeDelta(state: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(state)) {
      if (!isWritableKey(key)) {
        this.refuse(key, `${key} is not a setting the SunSpec gateway applies`);
        continue;
      }
      const check = checkWritableValue(key, RULES[key], value, this.now());
      if (!check.ok) this.refuse(key, check.message);
      else if (NOT_TAKEN[key]) this.refuse(key, NOT_TAKEN[key]);
      else this.wanted.set(key, { value, tries: 0 });
    }
  }

  /** Applies what is wanted and the export loop; answers the control keys as the devices read back. */
  async cycle(inputs: ControlInputs): Promise<ReportedState> {
    this.takeExportLimit(inputs);
    await this.runExportLoop(inputs);
    const batteries = inputs.batteries.map((b) => ({ ...b }));
    await this.applyReserve(inputs, batteries);
    await this.applyOperMode(inputs, batteries);
    return this.reported(inputs, batteries);
  }

  private refuse(key: string, reason: string): void {
    this.wanted.delete(key);
    this.log.warn(`control ${key} refused: ${reason}`);
    this.refusals.set(key, reason);
  }

  private done(key: string): void {
    this.wanted.delete(key);
    if (this.refusals.get(key)) this.refusals.set(key, null); // reported as null once: the refusal is over
  }

  /** A value the device read back otherwise: tried again next cycle, refused after MAX_TRIES. */
  private notTaken(key: string, reason: string): void {
    const entry = this.wanted.get(key);
    if (!entry) return;
    entry.tries++;
    if (entry.tries >= MAX_TRIES) this.refuse(key, reason);
  }

  private limitable(inputs: ControlInputs) {
    return inputs.inverters.filter((i) => i.reading.limitPct !== undefined && (i.reading.wMaxW ?? 0) > 0);
  }

  private takeExportLimit(inputs: ControlInputs): void {
    const entry = this.wanted.get('ExportLimit');
    if (!entry) return;
    if (this.limitable(inputs).length === 0) {
      if (inputs.configured.inverters === 0) this.refuse('ExportLimit', 'the gateway reads no inverter');
      // An inverter that did not answer may yet: wait for it.
      else if (inputs.inverters.length === inputs.configured.inverters) {
        this.refuse('ExportLimit', 'no inverter takes a power limit (SunSpec model 123 or 704 with WMax)');
      }
      return;
    }
    this.limitW = entry.value as number;
    this.limitConfirmed = false;
    this.store.setSetting(LIMIT_SETTING, String(this.limitW));
    this.done('ExportLimit');
    this.log.info(`control ExportLimit: ${this.limitW} W`);
  }

  private async runExportLoop(inputs: ControlInputs): Promise<void> {
    const inverters = this.limitable(inputs);
    const decision = this.loop.step({
      limitW: this.limitW,
      hasMeter: inputs.configured.meter,
      gridW: inputs.gridW,
      inverters: inverters.map((i) => ({ wMaxW: i.reading.wMaxW ?? 0, acW: i.reading.acW })),
    });
    this.lastDecision = decision;
    if (inverters.length === 0) return;
    const totalW = inverters.reduce((sum, i) => sum + (i.reading.wMaxW ?? 0), 0);
    let allTaken = true;
    for (const inverter of inverters) {
      allTaken = (await this.applyCap(inverter, decision.capW === null ? null : (decision.capW / totalW) * 100)) && allTaken;
    }
    if ((decision.capW !== null) !== this.capOwned) {
      this.capOwned = decision.capW !== null;
      this.store.setSetting(CAP_OWNED_SETTING, String(this.capOwned));
    }
    if (allTaken) this.limitConfirmed = this.limitW !== undefined;
  }

  /** Sets one inverter's limit to `pct` (null: lifts a limit the gateway set); answers whether the inverter holds it. */
  private async applyCap(inverter: Controllable<InverterReading>, pct: number | null): Promise<boolean> {
    const { reading, device } = inverter;
    const model = device.has(123) ? 123 : 704;
    const pctPoint = 'WMaxLimPct';
    const enablePoint = model === 123 ? 'WMaxLim_Ena' : 'WMaxLimPctEna';
    try {
      if (pct === null) {
        // A limit set on the inverter by someone else stays; only the gateway's own is lifted.
        if (!this.capOwned || reading.limitEnabled !== true) return true;
        await device.write(model, enablePoint, 0);
        await device.write(model, pctPoint, 100);
        return true;
      }
      // Floored to a hundredth, so rounding never lets the inverter past the cap.
      const target = Math.floor(pct * 100) / 100;
      if (reading.limitEnabled === true && reading.limitPct !== undefined && Math.abs(reading.limitPct - target) < 0.1) return true;
      const back = await device.write(model, pctPoint, target);
      if (reading.limitEnabled !== true) await device.write(model, enablePoint, 1);
      if (back === null || Math.abs(back - target) >= 0.1) {
        this.log.warn(`control ExportLimit: ${inverter.id} read back ${back ?? 'nothing'} % for a limit of ${target} %`);
        return false;
      }
      return true;
    } catch (error) {
      this.log.warn(`control ExportLimit: writing ${inverter.id}'s power limit failed: ${(error as Error).message}`);
      return false;
    }
  }

  private async applyReserve(inputs: ControlInputs, batteries: Array<Controllable<BatteryReading>>): Promise<void> {
    const entry = this.wanted.get('BatSocMin');
    if (!entry) return;
    if (inputs.configured.batteries === 0) return this.refuse('BatSocMin', 'the gateway reads no battery');
    const targets = batteries.filter((b) => b.reading.reservePoint);
    if (targets.length === 0) {
      if (batteries.length === inputs.configured.batteries) {
        this.refuse('BatSocMin', 'the battery has no reserve setting (SunSpec 124 MinRsvPct or 802 SoCRsvMin)');
      }
      return;
    }
    const value = entry.value as number;
    for (const battery of targets) {
      const { model, point } = battery.reading.reservePoint!;
      try {
        const back = await battery.device.write(model, point, value);
        battery.reading = { ...battery.reading, reservePct: back ?? undefined };
        if (back === null || Math.abs(back - value) >= 0.5)
          return this.notTaken('BatSocMin', `the battery reads back ${back ?? 'nothing'} %`);
      } catch (error) {
        return this.refuse('BatSocMin', (error as Error).message);
      }
    }
    this.done('BatSocMin');
    this.log.info(`control BatSocMin: ${value} %`);
  }

  private async applyOperMode(inputs: ControlInputs, batteries: Array<Controllable<BatteryReading>>): Promise<void> {
    const entry = this.wanted.get('OperMode');
    if (!entry) return;
    const mode = entry.value as OperMode;
    const targets = batteries.filter((b) => b.reading.storage);
    if (targets.length === 0) {
      if (mode === 'self-consumption' && inputs.configured.batteries === 0) return this.done('OperMode');
      if (batteries.length === inputs.configured.batteries) {
        this.refuse('OperMode', `${mode} needs a battery with SunSpec storage controls (model 124)`);
      }
      return;
    }
    for (const battery of targets) {
      try {
        for (const [point, value] of STORAGE_WRITES[mode]) {
          // ChaGriSet is optional in model 124: a battery without it charges as it does.
          if (point === 'ChaGriSet' && battery.reading.storage?.gridCharging === undefined) continue;
          await battery.device.write(124, point, value);
        }
        battery.reading = await battery.reread();
      } catch (error) {
        return this.refuse('OperMode', (error as Error).message);
      }
      const now = battery.reading.storage ? operModeOf(battery.reading.storage) : undefined;
      if (now !== mode) return this.notTaken('OperMode', `the battery reads back ${now ?? 'a mode of its own'}`);
    }
    this.done('OperMode');
    this.log.info(`control OperMode: ${mode}`);
  }

  private reported(inputs: ControlInputs, batteries: ReadonlyArray<Controllable<BatteryReading>>): ReportedState {
    const reported: ReportedState = {};
    const storage = batteries.find((b) => b.reading.storage)?.reading.storage;
    const mode = storage ? operModeOf(storage) : inputs.configured.batteries === 0 ? 'self-consumption' : undefined;
    if (mode) reported.OperMode = mode;
    const reserve = batteries.find((b) => b.reading.reservePct !== undefined)?.reading.reservePct;
    if (reserve !== undefined) reported.BatSocMin = Math.round(reserve);
    if (this.limitW !== undefined && this.limitConfirmed) reported.ExportLimit = this.limitW;
    if (this.refusals.size > 0) {
      reported.ControlRefused = Object.fromEntries(this.refusals);
      // A cleared refusal is reported as null once; the shadow then drops it.
      for (const [key, reason] of this.refusals) if (reason === null) this.refusals.delete(key);
    }
    return reported;
  }
}
