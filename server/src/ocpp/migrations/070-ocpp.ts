// 070_ocpp: chargers (several per plant), their connectors, charging transactions, id tags and the
// calls sent to chargers; and the EV settings move from the plant to its charger.
//
// Until now a plant had at most one charger, a device row of kind `charger` whose settings were the
// plant shadow's keys EvMode, EvMinCurrent, EvMaxCurrent, EvPhases and EvPlanSlots. Each such device
// becomes a charger here (charge point id `<thing name>-ev<n>`, no password: it connects once one is
// set); the plant's first charger takes the plant's settings (desired, else reported). The plant
// shadow keeps its keys while the /ev pages still read them (ocpp/plant-bridge.ts mirrors the first
// charger there). Frozen: no import of live code.
import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const MODES = ['off', 'solar', 'minsolar', 'fast', 'plan'];
const PHASES = [0, 1, 3];
const PHASE_VOLTAGE = 230;

type Json = Record<string, unknown>;

const parse = (text: string | null | undefined): Json => {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
};

const amps = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 6 && value <= 32 ? value : undefined;

/** Whole amperes per phase a three-phase charger of this power draws at most (6–32 A). */
export function hardwareAmps(ratedKw: number | null): number {
  if (ratedKw === null || !(ratedKw > 0)) return 16;
  return Math.max(6, Math.min(32, Math.round((ratedKw * 1000) / (3 * PHASE_VOLTAGE))));
}

/** The plant's EV settings as the charger keeps them: the desired value of each key, else the reported one. */
export function settingsOfPlant(desired: Json, reported: Json, hwMaxA: number) {
  const pick = (key: string): unknown => (key in desired ? desired[key] : reported[key]);
  const mode = pick('EvMode');
  const phases = pick('EvPhases');
  const slots = pick('EvPlanSlots');
  const maxA = Math.min(hwMaxA, amps(pick('EvMaxCurrent')) ?? hwMaxA);
  const minA = Math.min(maxA, amps(pick('EvMinCurrent')) ?? 6);
  return {
    mode: typeof mode === 'string' && MODES.includes(mode) ? mode : 'fast',
    min_current_a: minA,
    max_current_a: maxA,
    phases: typeof phases === 'number' && PHASES.includes(phases) ? phases : 0,
    plan_slots: Array.isArray(slots) ? JSON.stringify(slots) : '[]',
  };
}

export const ocppMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('chargers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.references('devices.id').onDelete('set null'))
      .addColumn('charge_point_id', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('thing_name', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('vendor', 'text')
      .addColumn('model', 'text')
      .addColumn('serial', 'text')
      .addColumn('firmware', 'text')
      .addColumn('meter_type', 'text')
      .addColumn('booted_at', 'text')
      .addColumn('connection', 'text')
      .addColumn('connection_at', 'text')
      .addColumn('connection_id', 'text')
      .addColumn('last_heartbeat_at', 'text')
      .addColumn('firmware_status', 'text')
      .addColumn('diagnostics_status', 'text')
      .addColumn('free_charging', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('fast'))
      .addColumn('min_current_a', 'integer', (c) => c.notNull().defaultTo(6))
      .addColumn('max_current_a', 'integer', (c) => c.notNull().defaultTo(16))
      .addColumn('phases', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('plan_slots', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('hw_max_current_a', 'integer', (c) => c.notNull().defaultTo(16))
      .addColumn('hw_phases', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('min_status_duration_s', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chargers_plant_idx').on('chargers').columns(['plant_id', 'created_at']).execute();

    await db.schema
      .createTable('charger_connectors')
      .addColumn('charger_id', 'text', (c) => c.notNull().references('chargers.id').onDelete('cascade'))
      .addColumn('connector_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error_code', 'text', (c) => c.notNull())
      .addColumn('info', 'text')
      .addColumn('vendor_error_code', 'text')
      .addColumn('status_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('charger_connectors_pk', ['charger_id', 'connector_id'])
      .execute();

    await db.schema
      .createTable('charging_transactions')
      // Numbered by the database as rows are inserted: SQLite's rowid, PostgreSQL's identity.
      .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
      .addColumn('charger_id', 'text', (c) => c.notNull().references('chargers.id').onDelete('cascade'))
      .addColumn('connector_id', 'integer', (c) => c.notNull())
      .addColumn('id_tag', 'text', (c) => c.notNull())
      .addColumn('meter_start_wh', 'bigint', (c) => c.notNull())
      .addColumn('meter_stop_wh', 'bigint')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('stopped_at', 'text')
      .addColumn('stop_reason', 'text')
      .addColumn('stop_id_tag', 'text')
      .addColumn('last_meter_wh', 'bigint')
      .addColumn('last_meter_at', 'text')
      .execute();
    // A StartTransaction the charger sends again (it missed our answer) is the same transaction.
    await db.schema
      .createIndex('charging_transactions_start_idx')
      .on('charging_transactions')
      .columns(['charger_id', 'connector_id', 'started_at'])
      .unique()
      .execute();

    await db.schema
      .createTable('charger_id_tags')
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('id_tag', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('charger_id_tags_pk', ['plant_id', 'id_tag'])
      .execute();

    await db.schema
      .createTable('charger_commands')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('charger_id', 'text', (c) => c.notNull().references('chargers.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('answer_status', 'text')
      .addColumn('answer', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('user_email', 'text')
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'text')
      .addColumn('answer_ms', 'bigint')
      .execute();
    await db.schema.createIndex('charger_commands_charger_idx').on('charger_commands').columns(['charger_id', 'sent_at']).execute();

    await moveEvSettings(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['charger_commands', 'charger_id_tags', 'charging_transactions', 'charger_connectors', 'chargers']) {
      await db.schema.dropTable(table).execute();
    }
  },
};

interface ChargerDeviceRow {
  id: string;
  plant_id: string;
  name: string;
  maker: string;
  model: string;
  serial: string;
  firmware: string;
  rated_power_kw: number | null;
  thing_name: string;
  desired: string | null;
  reported: string | null;
}

/** Each charger device becomes a charger; a plant's first one takes the plant's EV settings. */
async function moveEvSettings(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<ChargerDeviceRow>`
    select d.id, d.plant_id, d.name, d.maker, d.model, d.serial, d.firmware, d.rated_power_kw,
           p.thing_name, s.desired, s.reported
    from devices d
    join plants p on p.id = d.plant_id
    left join shadows s on s.thing_name = p.thing_name
    where d.kind = 'charger'
    order by d.plant_id, d.created_at, d.id`.execute(db);
  const perPlant = new Map<string, number>();
  const now = new Date().toISOString();
  for (const device of rows) {
    const n = (perPlant.get(device.plant_id) ?? 0) + 1;
    perPlant.set(device.plant_id, n);
    const hwMaxA = hardwareAmps(device.rated_power_kw);
    const settings = n === 1 ? settingsOfPlant(parse(device.desired), parse(device.reported), hwMaxA) : settingsOfPlant({}, {}, hwMaxA);
    const id = randomUUID();
    const text = (value: string) => (value === '' ? null : value);
    await sql`
      insert into chargers (id, plant_id, device_id, charge_point_id, name, thing_name, vendor, model, serial, firmware,
        free_charging, mode, min_current_a, max_current_a, phases, plan_slots, hw_max_current_a, hw_phases,
        min_status_duration_s, created_at)
      values (${id}, ${device.plant_id}, ${device.id}, ${`${device.thing_name}-ev${n}`}, ${device.name}, ${`ocpp-${id}`},
        ${text(device.maker)}, ${text(device.model)}, ${text(device.serial)}, ${text(device.firmware)},
        0, ${settings.mode}, ${settings.min_current_a}, ${settings.max_current_a}, ${settings.phases}, ${settings.plan_slots},
        ${hwMaxA}, 3, 0, ${now})`.execute(db);
  }
}
