// The fleet dashboard's figures: how many plants are online, offline and with open alerts, installed
// PV and battery capacity, today's production across the fleet (each plant's own day), and the
// plants needing attention first. A handful of queries for any fleet size.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { GatewayConnection } from '../devices/mqtt/gateway-status';
import type { AttentionPlant, FleetSummary } from '@helio/contracts';
import { findRegistryPlants } from '../devices/registry/registry';
import { listTenantPlants, type PlantCaller } from './access';

export const ATTENTION_LIMIT = 10;

export type { AttentionPlant, FleetSummary };

const byName = new Intl.Collator('cs').compare;

/** Open critical alerts first, then offline gateways, then open warnings; more alerts before fewer. */
export function mostSevereFirst(a: AttentionPlant, b: AttentionPlant): number {
  return (
    b.criticalAlerts - a.criticalAlerts ||
    Number(b.status === 'offline') - Number(a.status === 'offline') ||
    b.warningAlerts - a.warningAlerts ||
    byName(a.name, b.name)
  );
}

export async function fleetSummary(
  db: Kysely<Database>,
  caller: PlantCaller,
  connectionOf: (thingName: string) => GatewayConnection | undefined,
  now = Date.now(),
): Promise<FleetSummary> {
  // The plants come through the registry query and access.ts, so whatever limits which plants a user
  // sees there limits the summary too.
  const [registry, plants, alerts] = await Promise.all([
    findRegistryPlants(db, caller, connectionOf, {}, now),
    listTenantPlants(db, caller),
    db
      .selectFrom('alerts')
      .select(['plant_id', 'severity'])
      .select((eb) => eb.fn.countAll<string | number>().as('open'))
      .where('tenant_id', '=', caller.tenantId)
      .where('ended_at', 'is', null)
      .groupBy(['plant_id', 'severity'])
      .execute(),
  ]);
  const openAlerts = new Map<string, { critical: number; warning: number }>();
  for (const row of alerts) {
    const counts = openAlerts.get(row.plant_id) ?? { critical: 0, warning: 0 };
    if (row.severity === 'critical') counts.critical += Number(row.open);
    else counts.warning += Number(row.open);
    openAlerts.set(row.plant_id, counts);
  }
  const needing = registry
    .map((plant): AttentionPlant => {
      const counts = openAlerts.get(plant.id);
      return {
        id: plant.id,
        name: plant.name,
        thingName: plant.thingName,
        status: plant.status,
        lastSeen: plant.lastSeen,
        criticalAlerts: counts?.critical ?? 0,
        warningAlerts: counts?.warning ?? 0,
      };
    })
    .filter((p) => p.status === 'offline' || p.criticalAlerts + p.warningAlerts > 0)
    .sort(mostSevereFirst);
  const online = registry.filter((p) => p.status === 'online').length;
  return {
    plants: registry.length,
    online,
    offline: registry.length - online,
    withOpenAlerts: registry.filter((p) => openAlerts.has(p.id)).length,
    pvPeakKw: plants.reduce((sum, p) => sum + p.pv_peak_kw, 0),
    batteryKwh: plants.reduce((sum, p) => sum + (p.battery_kwh ?? 0), 0),
    todayEnergyKwh: registry.reduce((sum, p) => sum + (p.todayEnergyKwh ?? 0), 0),
    attention: needing.slice(0, ATTENTION_LIMIT),
    attentionTotal: needing.length,
  };
}
