// Raises and clears alerts from the shadows on a timer. Each tick reads every plant with its shadow,
// thresholds and the recent PV samples its verdict needs (pv-window.ts), judges the conditions, opens what began (mailing those whose
// schedule is open, in the same transaction) and closes what ended; each change, once committed, is
// announced on the cluster bus for the users' live streams. One replica ticks (the job's
// leader); were two to tick at once, the unique index would still let only one of them open an alert,
// and only that one queue its mail.
import type { Kysely } from 'kysely';
import { startLeaderJob } from '../jobs/leader-job';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import { CONDITION_ALERT_KINDS } from '@helio/contracts';
import type { AlertDetails, AlertKind, Severity } from '@helio/contracts';
import { clearAlert, raiseAlert } from './alert-raise';
import { openAlerts } from './alert-store';
import { evaluatePlant, gatewayOffline, type PlantSnapshot } from './conditions';
import { notificationsDb } from './notifications-db';
import { judgesPvNow, pvSamplesToJudge } from './pv-window';
import { DEFAULT_THRESHOLDS, thresholdsByPlant, type Thresholds } from './thresholds';

export const ALERT_TICK_MS = 30_000;
/** The alert engine's lease (jobs/leader-job.ts). */
export const ALERT_ENGINE_JOB = 'alert-engine';

export interface AlertEngineLog {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** An alert that opened or cleared, as the engine hands it to its listener. */
export interface AlertEvent {
  type: 'opened' | 'cleared';
  alertId: string;
  tenantId: string;
  plantId: string;
  plantName: string;
  kind: AlertKind;
  severity: Severity;
  at: Date;
  details: AlertDetails;
}

/**
 * Hears every alert that opens or clears, in the transaction that opens or clears it (so what it
 * queues commits with the alert, and only the replica that won the change hears it).
 */
export type AlertEventSink = (trx: Kysely<Database>, event: AlertEvent) => Promise<void>;

export interface AlertEngineDeps {
  db: Kysely<Database>;
  /** This replica's cluster bus: alerts opened and cleared are announced on it. */
  bus: ClusterBus;
  log: AlertEngineLog;
  /** Where users reach the console, for links in mails (config.consoleUrl). */
  consoleUrl: string;
  /** The app's mailer, to deliver at once; without it the mailer's retry timer picks the outbox up. */
  mailer?: { kick(): void };
  /** Silence before this moment (epoch ms) does not count against a gateway; default: now. */
  startedAt?: number;
  /** Told of every alert opened and cleared (webhooks: integrations/alert-webhooks.ts). */
  onAlert?: AlertEventSink;
}

export interface TickResult {
  opened: Array<{ id: string; plantId: string; kind: AlertKind; mailed: number }>;
  closed: Array<{ id: string; plantId: string; kind: AlertKind }>;
}

export interface AlertEngine {
  /** One evaluation of every plant at `now` (epoch ms). */
  tick(now?: number): Promise<TickResult>;
}

export function createAlertEngine(deps: AlertEngineDeps): AlertEngine {
  const db = notificationsDb(deps.db);
  const startedAt = deps.startedAt ?? Date.now();
  const { consoleUrl } = deps;

  async function plantSnapshots(now: number, thresholds: ReadonlyMap<string, Thresholds>) {
    const plants = await db
      .selectFrom('plants')
      .leftJoin('shadows', 'shadows.thing_name', 'plants.thing_name')
      // when the gateway last reported, as the shadow's writer keeps it (gateway-reports.ts)
      .leftJoin('gateway_reports', 'gateway_reports.thing_name', 'plants.thing_name')
      .select(['plants.id', 'plants.tenant_id', 'plants.name', 'plants.thing_name', 'plants.latitude', 'plants.longitude'])
      .select(['plants.timezone', 'plants.pv_peak_kw', 'plants.created_at', 'shadows.reported', 'gateway_reports.last_reported_at'])
      .execute();
    const snapshots = plants.map((p) => {
      const snapshot: PlantSnapshot = {
        watchedSince: Math.max(Date.parse(p.created_at), startedAt),
        latitude: p.latitude,
        longitude: p.longitude,
        pvPeakKw: p.pv_peak_kw,
        reported: p.reported === null ? {} : (JSON.parse(p.reported) as Record<string, unknown>),
        lastReportAt: p.last_reported_at === null ? null : Number(p.last_reported_at),
        pvSamples: [],
      };
      return { plant: p, snapshot };
    });
    // PV samples only where they can change the verdict (pv-window.ts): none at night, none offline
    const candidates = snapshots
      .filter(
        ({ plant, snapshot }) => plant.reported !== null && gatewayOffline(snapshot, now).state === 'off' && judgesPvNow(snapshot, now),
      )
      .map(({ plant, snapshot }) => ({
        thingName: plant.thing_name,
        site: snapshot,
        thresholds: thresholds.get(plant.id) ?? DEFAULT_THRESHOLDS,
      }));
    const pvSamples = await pvSamplesToJudge(deps.db, candidates, now);
    for (const { plant, snapshot } of snapshots) snapshot.pvSamples = pvSamples.get(plant.thing_name) ?? [];
    return snapshots;
  }

  const raiseDeps = { db: deps.db, bus: deps.bus, consoleUrl, onAlert: deps.onAlert };

  return {
    async tick(now = Date.now()) {
      const result: TickResult = { opened: [], closed: [] };
      const [thresholds, open] = await Promise.all([thresholdsByPlant(db), openAlerts(db)]);
      const snapshots = await plantSnapshots(now, thresholds);
      const openIds = new Map(open.map((a) => [`${a.plantId}:${a.kind}`, a.id]));
      for (const { plant, snapshot } of snapshots) {
        try {
          const verdicts = evaluatePlant(snapshot, thresholds.get(plant.id) ?? DEFAULT_THRESHOLDS, now);
          for (const kind of CONDITION_ALERT_KINDS) {
            const verdict = verdicts[kind];
            const openId = openIds.get(`${plant.id}:${kind}`);
            if (verdict.state === 'on' && openId === undefined) {
              const raised = await raiseAlert(raiseDeps, plant, kind, verdict.details, new Date(now));
              if (raised) result.opened.push({ id: raised.id, plantId: plant.id, kind, mailed: raised.mailed });
            } else if (verdict.state === 'off' && openId !== undefined) {
              const closed = await clearAlert(raiseDeps, plant, openId, kind, new Date(now));
              if (closed) {
                result.closed.push({ id: openId, plantId: plant.id, kind });
              }
            }
          }
        } catch (error) {
          deps.log.error(`alert evaluation of plant ${plant.id} failed:`, error instanceof Error ? error.message : error);
        }
      }
      if (result.opened.some((o) => o.mailed > 0)) deps.mailer?.kick();
      return result;
    },
  };
}

/**
 * Ticks every ALERT_TICK_MS (the first at once) on the replica that leads the job, so plants are
 * judged once per tick however many replicas run; stop() waits for a running tick.
 */
export function startAlertEngine(deps: AlertEngineDeps & { intervalMs?: number; leaseTtlMs?: number; holder?: string }): {
  stop(options?: { release?: boolean }): Promise<void>;
} {
  const engine = createAlertEngine(deps);
  const job = startLeaderJob({
    db: deps.db,
    name: ALERT_ENGINE_JOB,
    everyMs: deps.intervalMs ?? ALERT_TICK_MS,
    ttlMs: deps.leaseTtlMs,
    holder: deps.holder,
    log: { error: (message) => deps.log.error(message) },
    work: async (now) => {
      try {
        const r = await engine.tick(now);
        for (const o of r.opened) deps.log.info(`alert ${o.kind} opened for plant ${o.plantId} (${o.mailed} mailed)`);
        for (const c of r.closed) deps.log.info(`alert ${c.kind} cleared for plant ${c.plantId}`);
      } catch (error) {
        deps.log.error('alert evaluation failed:', error instanceof Error ? error.message : error);
      }
    },
  });
  return { stop: (options) => job.stop(options) };
}
