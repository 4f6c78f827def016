// The migration order is collected from the modules (db/migrations.ts): existing databases recorded
// these names, in this order, so a module moving or a module added must leave them exactly as they are.
import type { Migration } from 'kysely';
import { collectMigrations, migrationsByName } from './migrations';

/** The names existing databases recorded, in order (a new migration is declared in its module and appended here). */
const RECORDED = [
  '001_core',
  '002_devices',
  '003_identity',
  '004_notifications',
  '005_series',
  '006_gateway_credentials',
  '010_spot_prices',
  '011_plant_settings',
  '012_plant_access',
  '013_tags',
  '014_devices',
  '015_simulated_plants',
  '016_refresh_grace',
  '020_remote_control',
  '025_job_leases',
  '026_forecasts',
  '035_integrations',
  '040_releases',
  '045_job_runs',
  '050_ev_sessions',
  '051_api_key_rates',
  '055_user_placeholders',
  '056_gateway_reports',
  '057_plant_listing',
  '058_fillfactor',
  '059_gateway_report_versions',
  '060_day_production',
  '061_plant_name_index',
  '062_key_creators',
  '063_tenant_spot_prices',
  '064_rollup_rebuilds',
  '065_webhook_redeliveries',
  '066_schedule_creators',
  '067_release_reporters',
  '068_outbox_secrets',
  '070_ocpp',
  '071_series_blocks',
  '072_push_subscriptions',
  '073_monthly_reports',
  '075_series_tiers',
  '076_command_expiry',
  '077_battery_first',
  '078_retire_min_soc',
  '079_ev_vehicles',
  '080_session_vehicles',
  '081_local_lists',
  '082_rollup_journal',
  '083_metric_reports',
];

describe('the migrations collected from the modules', () => {
  it('are the recorded names, in order', () => {
    expect(Object.keys(migrationsByName())).toEqual(RECORDED);
  });

  it('are sorted by name whatever the modules’ order, and a name declared twice is refused', () => {
    const step = (): Migration => ({ up: async () => undefined });
    const [a, b, c] = [step(), step(), step()];
    const sorted = collectMigrations([
      { name: 'later', migrations: { '074_later': c, '010_early': a } },
      { name: 'other', migrations: { '020_middle': b } },
    ]);
    expect(Object.entries(sorted)).toEqual([
      ['010_early', a],
      ['020_middle', b],
      ['074_later', c],
    ]);
    expect(() =>
      collectMigrations([
        { name: 'one', migrations: { '074_same': a } },
        { name: 'two', migrations: { '074_same': b } },
      ]),
    ).toThrow('migration 074_same is declared by both one and two');
  });

  it('are each a migration with an up step', () => {
    for (const migration of Object.values(migrationsByName())) expect(typeof migration.up).toBe('function');
  });
});
