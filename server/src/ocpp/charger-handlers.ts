// What a charger tells the central system, one handler per OCPP 1.6 action. The library has already
// checked each call against the specification's schema (strict mode), so a handler only acts: it
// stores what the charger said (its row, its connectors, its sessions), reports its live values into
// its own shadow and series as a gateway's report would be, and answers.
import { CHARGER_KEYS } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JsonObject } from '../iot/shadows/json';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import type { ChargerFaults } from './charger-faults';
import type {
  BootNotificationRequest,
  MeterValue,
  MeterValuesRequest,
  StartTransactionRequest,
  StatusNotificationRequest,
  StopTransactionRequest,
} from './messages';
import { meterReading } from './meter-values';
import { ocppDb } from './tables';
import { authorizeIdTag, noteTransactionMeter, startTransaction, stopTransaction } from './transactions';

/** The charger a connection belongs to, as the handlers need it. */
export interface ConnectedCharger {
  id: string;
  plantId: string;
  thingName: string;
  name: string;
  /** Newest meter value reported into the shadow: an older one is history only. */
  newestMeterTs: number;
}

export interface HandlerDeps {
  db: Kysely<Database>;
  shadows: ShadowStore;
  faults: ChargerFaults;
  /** Seconds between heartbeats the charger is told at boot. */
  heartbeatIntervalS: number;
  now(): number;
}

/** Connector states in which a car is plugged in. */
const PLUGGED: ReadonlySet<string> = new Set(['Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing']);

export type Handler = (params: unknown) => Promise<Record<string, unknown>>;

export function chargerHandlers(deps: HandlerDeps, charger: ConnectedCharger): Record<string, Handler> {
  const o = ocppDb(deps.db);
  const isoNow = () => new Date(deps.now()).toISOString();
  const ref = { id: charger.id, plantId: charger.plantId };

  /** Sessions of this connection by transaction id: their start register, read once (null: not this charger's). */
  const sessions = new Map<number, { meterStartWh: number } | null>();
  async function sessionOf(transactionId: number): Promise<{ meterStartWh: number } | null> {
    if (!sessions.has(transactionId)) {
      const row = await o
        .selectFrom('charging_transactions')
        .select(['meter_start_wh', 'stopped_at'])
        .where('id', '=', transactionId)
        .where('charger_id', '=', charger.id)
        .executeTakeFirst();
      sessions.set(transactionId, row && row.stopped_at === null ? { meterStartWh: Number(row.meter_start_wh) } : null);
    }
    return sessions.get(transactionId) ?? null;
  }

  /** Meter values into the shadow (the newest) or the history only (late ones); each sample is stored once. */
  async function storeMeterValues(values: readonly MeterValue[], transactionId: number | undefined): Promise<void> {
    const open = transactionId === undefined ? null : await sessionOf(transactionId);
    for (const value of values) {
      const reading = meterReading(value);
      if (!reading) continue;
      const reported: JsonObject = { ...reading.reported };
      if (reading.energyWh !== undefined && open) {
        reported[CHARGER_KEYS.sessionEnergy] = Math.round((reading.energyWh - open.meterStartWh) / 10) / 100;
      }
      if (reading.ts > charger.newestMeterTs) {
        charger.newestMeterTs = reading.ts;
        await deps.shadows.applyReported(charger.thingName, reported, deps.now(), reading.ts);
      } else {
        await deps.shadows.storeSamples(charger.thingName, reported, reading.ts);
      }
      if (transactionId !== undefined && open && reading.energyWh !== undefined) {
        await noteTransactionMeter(deps.db, ref, transactionId, reading.energyWh, reading.ts);
      }
    }
  }

  return {
    async BootNotification(params) {
      const req = params as BootNotificationRequest;
      const result = await o
        .updateTable('chargers')
        .set({
          vendor: req.chargePointVendor,
          model: req.chargePointModel,
          serial: req.chargePointSerialNumber ?? req.chargeBoxSerialNumber ?? null,
          firmware: req.firmwareVersion ?? null,
          meter_type: req.meterType ?? null,
          booted_at: isoNow(),
        })
        .where('id', '=', charger.id)
        .executeTakeFirst();
      // The charger was removed while connected: it is not ours any more.
      if (Number(result.numUpdatedRows) === 0) return { status: 'Rejected', currentTime: isoNow(), interval: deps.heartbeatIntervalS };
      return { status: 'Accepted', currentTime: isoNow(), interval: deps.heartbeatIntervalS };
    },

    async Heartbeat() {
      await o.updateTable('chargers').set({ last_heartbeat_at: isoNow() }).where('id', '=', charger.id).execute();
      return { currentTime: isoNow() };
    },

    async StatusNotification(params) {
      const req = params as StatusNotificationRequest;
      const statusAt = req.timestamp ?? isoNow();
      const row = {
        status: req.status,
        error_code: req.errorCode,
        info: req.info ?? null,
        vendor_error_code: req.vendorErrorCode ?? null,
        status_at: statusAt,
      };
      await o
        .insertInto('charger_connectors')
        .values({ charger_id: charger.id, connector_id: req.connectorId, ...row })
        .onConflict((oc) => oc.columns(['charger_id', 'connector_id']).doUpdateSet(row))
        .execute();
      if (req.connectorId <= 1) {
        const reported: JsonObject = { [CHARGER_KEYS.status]: req.status };
        if (req.connectorId === 1) reported[CHARGER_KEYS.connected] = PLUGGED.has(req.status);
        await deps.shadows.applyReported(charger.thingName, reported, deps.now());
      }
      await deps.faults.statusChanged(charger, req);
      return {};
    },

    async MeterValues(params) {
      const req = params as MeterValuesRequest;
      await storeMeterValues(req.meterValue, req.transactionId);
      return {};
    },

    async StartTransaction(params) {
      const req = params as StartTransactionRequest;
      const { transactionId, idTagInfo } = await startTransaction(deps.db, ref, req, deps.now());
      sessions.set(transactionId, { meterStartWh: req.meterStart });
      const startedAt = Date.parse(req.timestamp);
      if (Number.isFinite(startedAt) && startedAt >= charger.newestMeterTs) {
        await deps.shadows.applyReported(
          charger.thingName,
          { [CHARGER_KEYS.sessionEnergy]: 0, [CHARGER_KEYS.energy]: req.meterStart / 1000 },
          deps.now(),
          startedAt,
        );
      }
      return { transactionId, idTagInfo };
    },

    async StopTransaction(params) {
      const req = params as StopTransactionRequest;
      if (req.transactionData) await storeMeterValues(req.transactionData, req.transactionId);
      const { idTagInfo } = await stopTransaction(deps.db, ref, req, deps.now());
      sessions.set(req.transactionId, null);
      return idTagInfo === undefined ? {} : { idTagInfo };
    },

    async Authorize(params) {
      const { idTag } = params as { idTag: string };
      return { idTagInfo: await authorizeIdTag(deps.db, ref, idTag, deps.now()) };
    },

    // No vendor extensions are understood: the answer OCPP provides for that, not an error.
    async DataTransfer() {
      return { status: 'UnknownVendorId' };
    },

    async FirmwareStatusNotification(params) {
      const { status } = params as { status: string };
      await o.updateTable('chargers').set({ firmware_status: status }).where('id', '=', charger.id).execute();
      return {};
    },

    async DiagnosticsStatusNotification(params) {
      const { status } = params as { status: string };
      await o.updateTable('chargers').set({ diagnostics_status: status }).where('id', '=', charger.id).execute();
      return {};
    },
  };
}
