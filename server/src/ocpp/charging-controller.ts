// Solar charging as it runs: every tick, each charger whose socket this replica holds and that has a
// session gets the limit its mode asks for (solar-profile.ts) from the plant's surplus as its gateway
// last reported it, sent as a TxProfile through the command history (source `controller`). The
// plant's chargers in a surplus mode share the surplus equally. A charger's MinimumStatusDuration is
// read from its configuration once a connection. A charger with home-battery priority leaves the
// battery's charging power out of its surplus while the battery is below its SoC (evcc's prioritySoc).
// A charger's weekly plan charges at full power in the slots planned for its next departure (weekly-plan.ts).
// A charger with a price limit takes only the PV surplus while the plant's price now is above it
// (solar-profile.ts says how). A changed setting is obeyed at once: nudge() runs the charger's plant out of turn (the replica
// holding its socket, told over the cluster bus).
// A session whose meter has gone quiet for METER_STALE_MS is asked for its MeterValues (TriggerMessage).
import { CHARGER_KEYS, type EvMode, type EvPhases } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceLog } from '../iot/log';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import type { ChargerCommands } from './commands';
import { chargingProfileFor, decideLimit, FRESH_STATE, gridAllowedAt, type SolarState, type SolarTiming } from './solar-profile';
import { ocppDb, type ChargerTable } from './tables';
import { hardwareAmps } from './chargers';
import { openTransaction } from './transactions';
import type { WeeklyRun } from './weekly-plan';

export const CONTROL_TICK_MS = 10_000;

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Whether the home battery goes first: the plant reports its battery's SoC and it is below the
 * charger's setting (0: off). A plant without a battery has nothing to give priority to.
 */
export function batteryFirst(plant: Record<string, unknown>, belowPct: number): boolean {
  const soc = plant.BatSoc;
  return belowPct > 0 && typeof soc === 'number' && Number.isFinite(soc) && soc < belowPct;
}

/**
 * What the plant could give its chargers now, W: export, what they draw already, and what the home
 * battery takes (ActPwrBat < 0 charging), unless the battery goes first: then, as evcc counts it, the
 * battery's charging power is not the car's (its discharge never is).
 */
export function plantSurplusW(plant: Record<string, unknown>, chargersW: number, batteryFirstBelowPct = 0): number {
  const battery = batteryFirst(plant, batteryFirstBelowPct) ? 0 : Math.max(0, -num(plant.ActPwrBat));
  return Math.max(0, -num(plant.ActPwrGrid) + chargersW + battery);
}

export interface ControllerDeps {
  db: Kysely<Database>;
  shadows: ShadowStore;
  commands: ChargerCommands;
  log: DeviceLog;
  /** The chargers whose sockets this replica holds. */
  held(): readonly string[];
  now?: () => number;
  /** PV's start hold and stop delay (SOLAR_TIMING when not given). */
  timing?: SolarTiming;
  /** The plant's price at that time, CZK/kWh (ev/prices.ts plantPriceAt); null: not known. Without it no price limit holds. */
  priceAt?: (plantId: string, at: number) => Promise<number | null>;
  /** A charger's weekly plan's slots for its next departure (weekly-plan.ts weeklyRunOf); without it no weekly plan runs. */
  weekly?: (charger: ChargerTable, at: number) => Promise<WeeklyRun | null>;
}

/**
 * A running session's meter is heard from at least this often (chargers send MeterValues every minute or
 * so); when it is older, the charger is asked for them (TriggerMessage), at most once in this time.
 */
export const METER_STALE_MS = 5 * 60_000;

/** A weekly plan's slots are planned again this often until the first begins (prices and the forecast move). */
export const WEEKLY_REPLAN_MS = 15 * 60_000;

/** A charger row as the controller reads it: with when its vehicle's SoC was last entered by hand. */
type ControlledCharger = ChargerTable & { vehicle_soc_entered_at: string | null };

interface Controlled {
  mode: EvMode;
  state: SolarState;
}

export class ChargingController {
  private readonly controlled = new Map<string, Controlled>();
  private readonly configured = new Set<string>();
  private readonly weeklyRuns = new Map<string, { key: string; at: number; run: WeeklyRun | null }>();
  /** When each held charger was last asked for its meter values. */
  private readonly meterAsked = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ControllerDeps) {}

  start(everyMs = CONTROL_TICK_MS): void {
    this.timer = setInterval(() => {
      void this.tick().catch(() => undefined); // logged by queue()
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** The charger reconnected: its limit is sent again and its configuration read again. */
  forget(chargerId: string): void {
    this.controlled.delete(chargerId);
    this.weeklyRuns.delete(chargerId);
    this.meterAsked.delete(chargerId);
    this.configured.delete(chargerId);
  }

  /** Every held charger's limit, after any run still going (two runs never overlap). */
  tick(): Promise<void> {
    return this.queue(() => this.run());
  }

  /** A charger's settings changed: its plant's held chargers are controlled now, not at the next tick. */
  nudge(chargerId: string): Promise<void> {
    return this.queue(async () => {
      if (!this.deps.held().includes(chargerId)) return;
      const row = await ocppDb(this.deps.db).selectFrom('chargers').select('plant_id').where('id', '=', chargerId).executeTakeFirst();
      if (row) await this.run(row.plant_id);
    });
  }

  private queue(work: () => Promise<void>): Promise<void> {
    const next = this.running.then(work);
    this.running = next.catch((error: unknown) => this.deps.log.error(`ocpp: charging control failed: ${String(error)}`));
    return next;
  }

  private async run(onlyPlantId?: string): Promise<void> {
    const ids = this.deps.held();
    if (ids.length === 0) return;
    const o = ocppDb(this.deps.db);
    let query = o
      .selectFrom('chargers')
      .leftJoin('ev_vehicles', 'ev_vehicles.id', 'chargers.vehicle_id')
      .selectAll('chargers')
      .select('ev_vehicles.manual_soc_at as vehicle_soc_entered_at')
      .where('chargers.id', 'in', ids);
    if (onlyPlantId !== undefined) query = query.where('chargers.plant_id', '=', onlyPlantId);
    const chargers = await query.execute();
    const byPlant = new Map<string, ControlledCharger[]>();
    for (const c of chargers) byPlant.set(c.plant_id, [...(byPlant.get(c.plant_id) ?? []), c]);
    for (const [plantId, ofPlant] of byPlant) {
      const plant = await this.deps.db.selectFrom('plants').select('thing_name').where('id', '=', plantId).executeTakeFirst();
      if (!plant) continue;
      const reported = (await this.deps.shadows.get(plant.thing_name))?.state.reported ?? {};
      const drawn = await Promise.all(
        ofPlant.map(async (c) => num((await this.deps.shadows.get(c.thing_name))?.state.reported[CHARGER_KEYS.power])),
      );
      const drawnW = drawn.reduce((a, b) => a + b, 0);
      const sharing = Math.max(1, ofPlant.filter((c) => c.mode === 'solar' || c.mode === 'minsolar' || c.mode === 'plan').length);
      // The price is read only for a plant one of whose chargers has a limit.
      const limited = ofPlant.some((c) => c.price_limit_czk_kwh !== null);
      const price = limited && this.deps.priceAt ? await this.deps.priceAt(plantId, (this.deps.now ?? Date.now)()) : null;
      for (const charger of ofPlant)
        await this.control(
          charger,
          plantSurplusW(reported, drawnW, charger.battery_first_below_pct) / sharing,
          gridAllowedAt(charger.price_limit_czk_kwh, price),
        );
    }
  }

  private async control(charger: ControlledCharger, surplusW: number, gridAllowed: boolean): Promise<void> {
    const session = await openTransaction(this.deps.db, charger.id, 1);
    if (!session) {
      this.controlled.delete(charger.id);
      return;
    }
    await this.readConfiguration(charger);
    const now = (this.deps.now ?? Date.now)();
    await this.askIfMeterStale(charger.id, session, now);
    const known = this.controlled.get(charger.id);
    // A new mode is obeyed at once: the state starts afresh.
    const state = known && known.mode === charger.mode ? known.state : FRESH_STATE;
    const decision = decideLimit(
      {
        mode: charger.mode,
        minA: charger.min_current_a,
        maxA: charger.max_current_a,
        phases: charger.phases as EvPhases,
        planSlots: JSON.parse(charger.plan_slots) as [number, number][],
        gridAllowed,
        weeklySlots: (await this.weeklyRun(charger, now))?.slots ?? [],
      },
      { maxA: charger.hw_max_current_a, phases: charger.hw_phases === 1 ? 1 : 3, minStatusDurationS: charger.min_status_duration_s },
      surplusW,
      state,
      now,
      this.deps.timing,
    );
    this.controlled.set(charger.id, { mode: charger.mode, state: decision.state });
    if (!decision.send) return;
    await this.deps.commands.send(
      charger.id,
      'SetChargingProfile',
      { connectorId: 1, csChargingProfiles: chargingProfileFor(decision.limitA, decision.phases, Number(session.id)) },
      { source: 'controller' },
    );
  }

  /** A session whose meter has not been heard from for METER_STALE_MS: the charger is asked for its MeterValues. */
  private async askIfMeterStale(
    chargerId: string,
    session: { connector_id: number; last_meter_at: string | null; started_at: string },
    now: number,
  ): Promise<void> {
    if (now - Date.parse(session.last_meter_at ?? session.started_at) < METER_STALE_MS) return;
    const asked = this.meterAsked.get(chargerId);
    if (asked !== undefined && now - asked < METER_STALE_MS) return;
    this.meterAsked.set(chargerId, now);
    await this.deps.commands.send(
      chargerId,
      'TriggerMessage',
      { requestedMessage: 'MeterValues', connectorId: session.connector_id },
      { source: 'controller' },
    );
  }

  /**
   * The charger's weekly plan's slots. Planned again every WEEKLY_REPLAN_MS (prices and the forecast
   * move) until its first slot begins; from then on kept until the departure, as evcc locks a plan that
   * has started (a SoC entered by hand does not move while the car charges, so a plan made again would
   * ask for the same energy twice). A change of the charger's plan, vehicle, price limit or current plans
   * afresh, and so does a SoC entered by hand since: the owner has told how full the car is now.
   */
  private async weeklyRun(charger: ControlledCharger, now: number): Promise<WeeklyRun | null> {
    if (!this.deps.weekly || charger.weekly_plan === null) return null;
    const key = [
      charger.weekly_plan,
      charger.vehicle_id,
      charger.price_limit_czk_kwh,
      charger.max_current_a,
      charger.vehicle_soc_entered_at,
    ].join('|');
    const known = this.weeklyRuns.get(charger.id);
    if (known && known.key === key) {
      const run = known.run;
      const started = run !== null && run.slots.length > 0 && now >= run.slots[0]![0];
      const current = run === null || now < run.departure;
      if (current && (started || now - known.at < WEEKLY_REPLAN_MS)) return run;
    }
    const run = await this.deps.weekly(charger, now);
    this.weeklyRuns.set(charger.id, { key, at: now, run });
    return run;
  }

  /**
   * From the charger's configuration, once a connection: MinimumStatusDuration (a charger that does not
   * say keeps 0) and the phases its connector is wired for (phaseRotationPhases). A single-phase box
   * delivers its rated power at 1 × 230 V: its hardware current is that, not a third of it.
   */
  private async readConfiguration(charger: ChargerTable): Promise<void> {
    if (this.configured.has(charger.id)) return;
    this.configured.add(charger.id);
    const answer = await this.deps.commands.sendAndWait(
      charger.id,
      'GetConfiguration',
      { key: ['MinimumStatusDuration', 'ConnectorPhaseRotation'] },
      { source: 'system' },
    );
    const keys = (answer.answer as { configurationKey?: Array<{ key: string; value?: string }> } | null)?.configurationKey ?? [];
    const set: Partial<ChargerTable> = {};
    const seconds = Number(keys.find((k) => k.key === 'MinimumStatusDuration')?.value);
    if (Number.isInteger(seconds) && seconds >= 0 && seconds <= 3600) set.min_status_duration_s = seconds;
    const phases = phaseRotationPhases(keys.find((k) => k.key === 'ConnectorPhaseRotation')?.value, 1);
    if (phases !== undefined && phases !== charger.hw_phases) {
      set.hw_phases = phases;
      const rated = charger.device_id
        ? (await this.deps.db.selectFrom('devices').select('rated_power_kw').where('id', '=', charger.device_id).executeTakeFirst())
            ?.rated_power_kw
        : null;
      if (rated) {
        set.hw_max_current_a = hardwareAmps(rated, phases);
        set.max_current_a = Math.min(charger.max_current_a, set.hw_max_current_a);
        set.min_current_a = Math.min(charger.min_current_a, set.max_current_a);
      }
    }
    if (Object.keys(set).length === 0) return;
    await ocppDb(this.deps.db).updateTable('chargers').set(set).where('id', '=', charger.id).execute();
    Object.assign(charger, set);
  }
}

/**
 * The phases a connector is wired for, from OCPP 1.6's ConnectorPhaseRotation (`0.RST, 1.NotApplicable`):
 * a rotation (RST, RTS, …) is three phases, NotApplicable a single phase (or DC); Unknown or absent says
 * nothing.
 */
export function phaseRotationPhases(value: string | undefined, connectorId: number): 1 | 3 | undefined {
  const entry = (value ?? '')
    .split(',')
    .map((part) => part.trim().split('.'))
    .find(([id]) => Number(id) === connectorId);
  const rotation = entry?.[1];
  if (rotation === 'NotApplicable') return 1;
  if (rotation !== undefined && /^(RST|RTS|SRT|STR|TRS|TSR)$/.test(rotation)) return 3;
  return undefined;
}
