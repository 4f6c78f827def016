// What a user tells an OCPP charger from /ev: start or stop a session (RemoteStart/StopTransaction),
// make it or a connector (un)available (ChangeAvailability), reset it (Reset: the plant's owner only),
// and the current limits the solar modes keep to. A call is answered at once as recorded (pending);
// the charger's answer settles it to accepted, rejected, failed or timed out in its command history
// (ev/charger/commands), as /rc's commands are. The settings (mode and phases, the current limits,
// a plan's slots) are kept where charger-settings.ts says: an OCPP charger's row, which the charging
// controller turns into its charging profile, or a gateway's charger's plant keys, written as plant
// controls. Controlling needs devices:control and the plant's operator role, like /rc; limits are
// whole amperes within the charger's hardware, min ≤ max
// (chargerCurrentProblems, the form's rule too; ev/current-limits.ts answers the refusal).
import { CHARGER_COMMANDS_MAX, chargerCurrentProblems, type ChargerCommandView, type EvEndpoints } from '@helio/contracts';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { currentRangeError } from '../ev/current-limits';
import { badRequest, conflict, vehicleNotFound } from '../http/errors';
import { driverOf, plantKeysOf, type ChargerSettings } from './charger-settings';
import { nextDepartureOf, visibleCharger, type ChargerStoreDeps } from './charger-store';
import type { ChargerCommand } from './commands';
import type { OutboundAction, OutboundCalls } from './messages';
import { ocppDb, type ChargerTable } from './tables';
import type { AccessiblePlant } from '../plants/access';

const view = (c: ChargerCommand): ChargerCommandView => ({
  id: c.id,
  chargerId: c.chargerId,
  action: c.action,
  state: c.state,
  answerStatus: c.answerStatus,
  source: c.source,
  userEmail: c.userEmail,
  sentAt: c.sentAt,
  answeredAt: c.answeredAt,
});

const byUser = (caller: RequestCaller) => ({ source: 'user' as const, user: { id: caller.user.sub, email: caller.user.email } });

/**
 * A call from a user to the charger: recorded pending in its history, audited, answered at once. A
 * gateway's charger speaks no OCPP: a call to it is refused rather than left to time out.
 */
async function sendUserCall<A extends OutboundAction>(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  charger: ChargerTable,
  plant: AccessiblePlant,
  action: A,
  payload: OutboundCalls[A],
): Promise<ChargerCommandView> {
  if (driverOf(charger) === 'gateway')
    throw conflict('A charger driven by its plant’s gateway takes no OCPP calls', { field: 'chargerId', reason: 'gatewayCharger' });
  const command = await deps.commands.send(charger.id, action, payload, byUser(caller));
  await recordRequestAudit(deps.db, caller, 'devices.control_sent', plantTarget(plant), {
    chargerId: charger.id,
    action,
    commandId: command.id,
  });
  return view(command);
}

export async function remoteStart(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, idTag, connectorId }: EvEndpoints['ev/charger/remote-start']['request'],
): Promise<ChargerCommandView> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  return sendUserCall(
    deps,
    caller,
    charger,
    plant,
    'RemoteStartTransaction',
    connectorId === undefined ? { idTag } : { idTag, connectorId },
  );
}

export async function changeAvailability(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, connectorId = 0, available }: EvEndpoints['ev/charger/availability']['request'],
): Promise<ChargerCommandView> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  return sendUserCall(deps, caller, charger, plant, 'ChangeAvailability', { connectorId, type: available ? 'Operative' : 'Inoperative' });
}

/** A reset ends any session on the charger: the plant's owner decides that, not an operator. */
export async function resetCharger(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, type }: EvEndpoints['ev/charger/reset']['request'],
): Promise<ChargerCommandView> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'owner');
  return sendUserCall(deps, caller, charger, plant, 'Reset', { type });
}

export async function remoteStop(deps: ChargerStoreDeps, caller: RequestCaller, chargerId: string): Promise<ChargerCommandView> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  const running = await ocppDb(deps.db)
    .selectFrom('charging_transactions')
    .select('id')
    .where('charger_id', '=', charger.id)
    .where('stopped_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!running) throw conflict('No session is running on this charger', { field: 'chargerId' });
  return sendUserCall(deps, caller, charger, plant, 'RemoteStopTransaction', { transactionId: Number(running.id) });
}

export async function commandHistory(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  chargerId: string,
): Promise<EvEndpoints['ev/charger/commands']['response']> {
  const { charger } = await visibleCharger(deps.db, caller, chargerId, 'viewer');
  return { commands: (await deps.commands.list(charger.id, CHARGER_COMMANDS_MAX)).map(view) };
}

export async function setCurrentLimits(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, minCurrentA, maxCurrentA }: EvEndpoints['ev/charger/current']['request'],
): Promise<EvEndpoints['ev/charger/current']['response']> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  const limits = { minCurrentA, maxCurrentA };
  const refusal = currentRangeError(chargerCurrentProblems(limits, charger.hw_max_current_a), limits, charger.hw_max_current_a);
  if (refusal) throw refusal;
  await changeSettings(deps, caller, charger, plant, limits, { min_current_a: minCurrentA, max_current_a: maxCurrentA });
  return { minCurrentA, maxCurrentA, hwMaxCurrentA: charger.hw_max_current_a };
}

/**
 * Mode and phases, and an OCPP charger's home-battery priority when given (a gateway's charger has no
 * key for it: its gateway runs its charging). The charging controller obeys them at once
 * (changeSettings tells the replica holding the charger's socket).
 */
export async function setChargerSettings(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, mode, phases, batteryFirstBelowPct }: EvEndpoints['ev/charger/settings']['request'],
): Promise<EvEndpoints['ev/charger/settings']['response']> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  const batteryFirst = batteryFirstBelowPct ?? charger.battery_first_below_pct;
  if (batteryFirst !== charger.battery_first_below_pct && driverOf(charger) === 'gateway')
    throw conflict('A charger driven by its plant’s gateway has no home-battery priority', { field: 'batteryFirstBelowPct' });
  await changeSettings(
    deps,
    caller,
    charger,
    plant,
    { mode, phases, ...(batteryFirstBelowPct === undefined ? {} : { batteryFirstBelowPct }) },
    { mode, phases, battery_first_below_pct: batteryFirst },
  );
  return { mode, phases, batteryFirstBelowPct: batteryFirst };
}

/** Plan mode with the plan's slots: full power inside them, the surplus outside. */
export async function applyChargerPlan(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, slots }: EvEndpoints['ev/charger/plan/apply']['request'],
): Promise<void> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  const planSlots = slots.map(([start, end]) => [start, end] as [number, number]);
  if (planSlots.some(([start, end]) => end <= start)) throw badRequest('Each slot must end after it starts', { field: 'slots' });
  await changeSettings(deps, caller, charger, plant, { mode: 'plan', planSlots }, { mode: 'plan', plan_slots: JSON.stringify(planSlots) });
}

/** An OCPP charger's row (audited), or a gateway's charger's plant keys (each a plant control, audited and in the command history). */
async function changeSettings(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  charger: ChargerTable,
  plant: AccessiblePlant,
  change: Partial<ChargerSettings> & { planSlots?: [number, number][]; batteryFirstBelowPct?: number },
  row: Partial<ChargerTable>,
): Promise<void> {
  if (driverOf(charger) === 'gateway') {
    for (const [key, value] of plantKeysOf(change)) await deps.plantControl(caller, plant, key, value);
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    await ocppDb(trx).updateTable('chargers').set(row).where('id', '=', charger.id).execute();
    const { planSlots, ...rest } = change;
    await recordRequestAudit(trx, caller, 'devices.control_sent', plantTarget(plant), {
      chargerId: charger.id,
      ...rest,
      ...(planSlots ? { planSlots: planSlots.length } : {}),
    });
  });
  deps.settingsChanged(charger.id);
}

/**
 * "Charge only below this price": above it the grid does not charge the car (solar-profile.ts). An
 * OCPP charger's only: a gateway's charger is charged by its gateway, which knows no prices (409).
 */
export async function setPriceLimit(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, priceLimitCzkKwh }: EvEndpoints['ev/charger/price-limit']['request'],
): Promise<EvEndpoints['ev/charger/price-limit']['response']> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  if (driverOf(charger) === 'gateway' && priceLimitCzkKwh !== null)
    throw conflict('A charger driven by its plant’s gateway has no price limit', { field: 'priceLimitCzkKwh' });
  await ownSettings(deps, caller, charger, plant, { priceLimitCzkKwh }, { price_limit_czk_kwh: priceLimitCzkKwh });
  return { priceLimitCzkKwh };
}

/** The plant's vehicle charging on it (another plant's is not found); null: none. */
export async function assignVehicle(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, vehicleId }: EvEndpoints['ev/charger/vehicle']['request'],
): Promise<EvEndpoints['ev/charger/vehicle']['response']> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  if (vehicleId !== null) {
    const vehicle = await ocppDb(deps.db)
      .selectFrom('ev_vehicles')
      .select('id')
      .where('id', '=', vehicleId)
      .where('plant_id', '=', charger.plant_id)
      .executeTakeFirst();
    if (!vehicle) throw vehicleNotFound();
  }
  await ownSettings(deps, caller, charger, plant, { vehicleId }, { vehicle_id: vehicleId });
  return { vehicleId };
}

/** A plan repeating on weekdays (null: none), an OCPP charger's (409 for a gateway's); answers its next departure on the plant's wall clock. */
export async function setWeeklyPlan(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, weeklyPlan }: EvEndpoints['ev/charger/weekly-plan']['request'],
): Promise<EvEndpoints['ev/charger/weekly-plan']['response']> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  // The charging controller runs a weekly plan through the charger's profiles: a gateway's charger gets none.
  if (driverOf(charger) === 'gateway' && weeklyPlan !== null)
    throw conflict('A charger driven by its plant’s gateway has no weekly plan', { field: 'weeklyPlan' });
  const plan = weeklyPlan === null ? null : { ...weeklyPlan, weekdays: [...weeklyPlan.weekdays].sort((a, b) => a - b) };
  const text = plan === null ? null : JSON.stringify(plan);
  await ownSettings(deps, caller, charger, plant, { weeklyPlan: plan }, { weekly_plan: text });
  return { weeklyPlan: plan, nextDeparture: nextDepartureOf({ weekly_plan: text }, plant.timezone, (deps.now ?? Date.now)()) };
}

/** A setting only the charger's row keeps (whichever drives it), audited, obeyed by the controller at once. */
async function ownSettings(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  charger: ChargerTable,
  plant: AccessiblePlant,
  change: Record<string, unknown>,
  row: Partial<ChargerTable>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await ocppDb(trx).updateTable('chargers').set(row).where('id', '=', charger.id).execute();
    await recordRequestAudit(trx, caller, 'devices.control_sent', plantTarget(plant), { chargerId: charger.id, ...change });
  });
  deps.settingsChanged(charger.id);
}
