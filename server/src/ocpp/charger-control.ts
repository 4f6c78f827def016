// What a user tells an OCPP charger from /ev: start or stop a session (RemoteStart/StopTransaction)
// and the current limits the solar modes keep to. A call is answered at once as recorded (pending);
// the charger's answer settles it to accepted, rejected, failed or timed out in its command history
// (ev/charger/commands), as /rc's commands are. Controlling needs devices:control and the plant's
// operator role, like /rc; limits are whole amperes within the charger's hardware, min ≤ max
// (chargerCurrentProblems, the form's rule too; ev/current-limits.ts answers the refusal).
import { CHARGER_COMMANDS_MAX, chargerCurrentProblems, type ChargerCommandView, type EvEndpoints } from '@helio/contracts';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { currentRangeError } from '../ev/current-limits';
import { conflict } from '../http/errors';
import { visibleCharger, type ChargerStoreDeps } from './charger-store';
import type { ChargerCommand } from './commands';
import { ocppDb } from './tables';

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

export async function remoteStart(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { chargerId, idTag, connectorId }: EvEndpoints['ev/charger/remote-start']['request'],
): Promise<ChargerCommandView> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'operator');
  const payload = connectorId === undefined ? { idTag } : { idTag, connectorId };
  const command = await deps.commands.send(charger.id, 'RemoteStartTransaction', payload, byUser(caller));
  await recordRequestAudit(deps.db, caller, 'devices.control_sent', plantTarget(plant), {
    chargerId: charger.id,
    action: 'RemoteStartTransaction',
    commandId: command.id,
  });
  return view(command);
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
  const command = await deps.commands.send(charger.id, 'RemoteStopTransaction', { transactionId: Number(running.id) }, byUser(caller));
  await recordRequestAudit(deps.db, caller, 'devices.control_sent', plantTarget(plant), {
    chargerId: charger.id,
    action: 'RemoteStopTransaction',
    commandId: command.id,
  });
  return view(command);
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
  await deps.db.transaction().execute(async (trx) => {
    await ocppDb(trx)
      .updateTable('chargers')
      .set({ min_current_a: minCurrentA, max_current_a: maxCurrentA })
      .where('id', '=', charger.id)
      .execute();
    await recordRequestAudit(trx, caller, 'devices.control_sent', plantTarget(plant), {
      chargerId: charger.id,
      minCurrentA,
      maxCurrentA,
    });
  });
  return { minCurrentA, maxCurrentA, hwMaxCurrentA: charger.hw_max_current_a };
}
