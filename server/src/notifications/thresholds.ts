// Per-plant alert thresholds' storage (their defaults and limits are the contract's).
import type { NotificationsDb } from './notifications-db';

import { DEFAULT_THRESHOLDS, type Thresholds } from '@helio/contracts';

export { DEFAULT_THRESHOLDS, type Thresholds };

export async function thresholdsByPlant(db: NotificationsDb, plantIds?: readonly string[]): Promise<Map<string, Thresholds>> {
  let query = db.selectFrom('alert_thresholds').select(['plant_id', 'battery_soc_min', 'pv_min_percent']);
  if (plantIds) {
    if (plantIds.length === 0) return new Map();
    query = query.where('plant_id', 'in', plantIds);
  }
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.plant_id, { batterySocMin: r.battery_soc_min, pvMinPercent: r.pv_min_percent }]));
}

export async function thresholdsOf(db: NotificationsDb, plantId: string): Promise<Thresholds> {
  return (await thresholdsByPlant(db, [plantId])).get(plantId) ?? { ...DEFAULT_THRESHOLDS };
}

export async function saveThresholds(db: NotificationsDb, plantId: string, thresholds: Thresholds, now = new Date()): Promise<void> {
  const values = { battery_soc_min: thresholds.batterySocMin, pv_min_percent: thresholds.pvMinPercent, updated_at: now.toISOString() };
  await db
    .insertInto('alert_thresholds')
    .values({ plant_id: plantId, ...values })
    .onConflict((oc) => oc.column('plant_id').doUpdateSet(values))
    .execute();
}
