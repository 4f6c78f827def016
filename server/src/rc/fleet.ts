// A fleet command: one writable key's value for every plant with a tag that the caller sees. Each
// plant's outcome: done (its gateway is online), queued (offline: the retained delta reaches it on
// reconnect) or refused (the caller is not an operator of that plant). Recorded as commands, audited once.
import type { Kysely } from 'kysely';
import { RC_FLEET_MAX_PLANTS, type RcEndpoints, type RcFleetResult } from '@helio/contracts';
import { recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import type { JsonValue } from '../iot/shadows/json';
import { notFound, tagNotFound } from '../http/errors';
import { hasPlantRole, listTenantPlants, type AccessiblePlant } from '../plants/access';
import { findTenantTag } from '../tags/tags';
import { recordCommands, type NewCommand } from './commands';
import { checkValue, confirmIfInSync, currentValue, ruleFor } from './settings';

/** Shadow writes in flight at once: PostgreSQL runs them side by side; SQLite queues them anyway. */
const CONCURRENCY = 8;

/** The tag and the plants carrying it that the caller sees. */
export async function taggedPlants(db: Kysely<Database>, caller: RequestCaller, tagId: string) {
  const tag = await findTenantTag(db, caller.user.tenantId, tagId);
  if (!tag) throw tagNotFound();
  const tagged = new Set(
    (await db.selectFrom('plant_tags').select('plant_id').where('tag_id', '=', tag.id).execute()).map((r) => r.plant_id),
  );
  return { tag, plants: (await listTenantPlants(db, caller.user)).filter((plant) => tagged.has(plant.id)) };
}

/** Sends the value to the tagged plants (the ones named, or the first RC_FLEET_MAX_PLANTS) and answers each one's outcome. */
export async function applyFleetCommand(
  db: Kysely<Database>,
  devices: DeviceServices,
  caller: RequestCaller,
  body: RcEndpoints['rc/fleet/apply']['request'],
): Promise<RcEndpoints['rc/fleet/apply']['response']> {
  const started = performance.now();
  const { tagId, key } = body;
  const value = body.value as JsonValue;
  const { tag, plants } = await taggedPlants(db, caller, tagId);
  const byId = new Map(plants.map((plant) => [plant.id, plant]));
  const plantIds = body.plantIds ?? plants.slice(0, RC_FLEET_MAX_PLANTS).map((plant) => plant.id);
  const missing = plantIds.find((id) => !byId.has(id));
  if (missing) throw notFound(`Plant ${missing} does not carry the tag`);
  checkValue(ruleFor(key, { battery_kwh: null }).key, value);

  const results: RcFleetResult[] = [];
  const commands: NewCommand[] = [];
  const user = { id: caller.user.sub, email: caller.user.email };
  const sendTo = async (plant: AccessiblePlant): Promise<RcFleetResult> => {
    if (!hasPlantRole(plant.access_role, 'operator')) return { plantId: plant.id, name: plant.name, outcome: 'refused' };
    const change = await devices.shadows.setDesired(plant.thing_name, { [key]: value });
    const from = currentValue(change.previous, key);
    commands.push({
      tenantId: plant.tenant_id,
      plantId: plant.id,
      thingName: plant.thing_name,
      key,
      from,
      to: value,
      source: 'fleet',
      user,
    });
    const online = devices.gatewayConnection(plant.thing_name)?.connected === true;
    return { plantId: plant.id, name: plant.name, outcome: online ? 'done' : 'queued' };
  };
  const queue = plantIds.map((id) => byId.get(id) as AccessiblePlant);
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let plant = queue.shift(); plant; plant = queue.shift()) results.push(await sendTo(plant));
    }),
  );
  const rows = await recordCommands(db, commands);
  // Only an online gateway can have answered before its command was recorded.
  const online = new Set(results.filter((r) => r.outcome === 'done').map((r) => r.plantId));
  await confirmIfInSync(
    db,
    devices,
    rows.filter((row) => online.has(row.plant_id)),
  );
  const order = new Map(plantIds.map((id, i) => [id, i]));
  results.sort((a, b) => (order.get(a.plantId) ?? 0) - (order.get(b.plantId) ?? 0));
  const count = (outcome: RcFleetResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  await recordRequestAudit(
    db,
    caller,
    'devices.fleet_command',
    { type: 'tag', id: tag.id, label: tag.name },
    {
      key,
      value,
      plants: results.length,
      done: count('done'),
      queued: count('queued'),
      refused: count('refused'),
    },
  );
  return { results, serverMs: Math.round((performance.now() - started) * 10) / 10 };
}
