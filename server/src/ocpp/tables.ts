// OCPP 1.6J central system (Kysely types): the chargers of each plant (several per plant) with what
// they told at boot and their EV settings, each connector's last status, the charging transactions
// (sessions), the plants' id tags (RFID cards) and every call the server sent a charger. The module
// keeps its tables to itself (`ocppDb`), like ev/tables.ts.
import type { Generated, Kysely } from 'kysely';
import type { EvMode, EvPhases } from '@helio/contracts';
import type { Database } from '../db/schema';

export interface ChargerTable {
  id: string;
  plant_id: string;
  /** The plant's device row it describes (the registry's Devices tab), when there is one. */
  device_id: string | null;
  /** The OCPP identity: the last path segment of `/ocpp/{chargePointId}` and the Basic-auth user. Unique. */
  charge_point_id: string;
  name: string;
  /** Its own shadow and series (`ocpp-<id>`): live values, samples and roll-ups like a gateway's. */
  thing_name: string;
  /** scrypt hash of the security-profile-1 password; null: it cannot connect until one is set. */
  password_hash: string | null;
  // What BootNotification said.
  vendor: string | null;
  model: string | null;
  serial: string | null;
  firmware: string | null;
  meter_type: string | null;
  /** ISO time of the last accepted BootNotification. */
  booted_at: string | null;
  /** 'online' while a replica holds its socket, 'offline' after; null: never connected. */
  connection: 'online' | 'offline' | null;
  /** ISO time the connection last changed. */
  connection_at: string | null;
  /** The connection holding its socket now (a new one replaces it, on whichever replica). */
  connection_id: string | null;
  last_heartbeat_at: string | null;
  firmware_status: string | null;
  diagnostics_status: string | null;
  /** 1: any id tag starts a session (no RFID needed). */
  free_charging: number;
  // The EV settings, moved here from the plant's shadow keys (EvMode, EvMinCurrent, …).
  mode: EvMode;
  min_current_a: number;
  max_current_a: number;
  phases: EvPhases;
  /** JSON text: [[startMs, endMs], …] of plan mode. */
  plan_slots: string;
  /** Home battery first: below this plant battery SoC, %, PV and Min+PV leave the battery's charging power to it. 0: off. */
  battery_first_below_pct: number;
  /** The plant's vehicle charging on it (ev_vehicles.id); null: none. */
  vehicle_id: string | null;
  /** Charge only below this price, CZK/kWh: above it the grid does not charge the car (PV surplus still does). null: no limit. */
  price_limit_czk_kwh: number | null;
  /** JSON text of a WeeklyPlan ({ weekdays, time, targetSocPct }); null: none. */
  weekly_plan: string | null;
  // The charger's hardware: what the settings may ask of it.
  hw_max_current_a: number;
  /** 1 or 3 phases wired. */
  hw_phases: number;
  /** MinimumStatusDuration (s), read from the charger's configuration; profiles are not re-sent faster. */
  min_status_duration_s: number;
  created_at: string;
}

import type { ConnectorStatus } from './messages';

export type { ConnectorStatus };

export interface ChargerConnectorTable {
  charger_id: string;
  /** 0 is the charger itself, 1… its connectors. */
  connector_id: number;
  status: ConnectorStatus;
  error_code: string;
  info: string | null;
  vendor_error_code: string | null;
  /** ISO time the charger says the status began. */
  status_at: string;
}

export interface ChargingTransactionTable {
  /** The OCPP transactionId the central system gave: unique across the installation, numbered by the database. */
  id: Generated<number>;
  charger_id: string;
  connector_id: number;
  id_tag: string;
  /** Energy register at start and stop, Wh. */
  meter_start_wh: number;
  meter_stop_wh: number | null;
  started_at: string;
  stopped_at: string | null;
  /** StopTransaction's reason (Local, Remote, EVDisconnected, …); null while it runs. */
  stop_reason: string | null;
  stop_id_tag: string | null;
  /** The newest energy register of the session seen in MeterValues, Wh. */
  last_meter_wh: number | null;
  last_meter_at: string | null;
  /** The vehicle on the charger when the session started (ev_vehicles.id, not enforced); null: none. */
  vehicle_id: string | null;
}

export interface ChargerIdTagTable {
  plant_id: string;
  /** CiString20: compared case-insensitively, stored as the card gave it. */
  id_tag: string;
  label: string;
  blocked: number;
  expires_at: string | null;
  created_at: string;
}

/** A plant's Local Authorization List version: how many times its id tags changed (081_local_lists). */
export interface ChargerLocalListTable {
  plant_id: string;
  version: number;
}

import { CHARGER_COMMAND_STATES } from '@helio/contracts';

export { CHARGER_COMMAND_STATES };
export type ChargerCommandState = (typeof CHARGER_COMMAND_STATES)[number];

export interface ChargerCommandTable {
  id: string;
  charger_id: string;
  /** The OCPP action: SetChargingProfile, RemoteStartTransaction, … */
  action: string;
  /** JSON text: the call's payload as sent. */
  payload: string;
  state: ChargerCommandState;
  /** The answer's status field (Accepted, Rejected, Scheduled, NotSupported, …) or the CALLERROR code. */
  answer_status: string | null;
  /** JSON text: the whole answer, or the error's description. */
  answer: string | null;
  source: 'user' | 'controller' | 'system';
  user_id: string | null;
  user_email: string | null;
  sent_at: string;
  answered_at: string | null;
  answer_ms: number | null;
}

/** A plant's vehicle (evcc's): its battery turns a SoC target into energy; its SoC is the charger's when it sends one. */
export interface EvVehicleTable {
  id: string;
  plant_id: string;
  /** Unique within the plant. */
  name: string;
  capacity_kwh: number;
  charge_limit_pct: number;
  /** Entered by hand, %, and when; null: none. */
  manual_soc_pct: number | null;
  manual_soc_at: string | null;
  created_at: string;
}

export type OcppTables = {
  ev_vehicles: EvVehicleTable;
  chargers: ChargerTable;
  charger_connectors: ChargerConnectorTable;
  charging_transactions: ChargingTransactionTable;
  charger_id_tags: ChargerIdTagTable;
  charger_local_lists: ChargerLocalListTable;
  charger_commands: ChargerCommandTable;
};
// `Database` holds these tables (the module declares them): the name stays for its callers.
export type OcppDb = Kysely<Database>;

export const ocppDb = (db: Kysely<Database>): OcppDb => db;
