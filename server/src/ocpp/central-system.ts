// The OCPP 1.6J central system on the console's own HTTP server: a charger opens a WebSocket at
// `/ocpp/{chargePointId}` with subprotocol `ocpp1.6` and HTTP Basic credentials (security profile 1;
// profile 2 is the same behind a TLS-terminating reverse proxy, docs/ocpp.md). ocpp-rpc frames the
// RPC and, in strict mode, checks every call and answer against the specification's JSON schemas:
// a malformed frame gets its CALLERROR (RpcFrameworkError, FormationViolation, …), an unknown action
// NotImplemented. An unknown id or a wrong password is refused at the upgrade (401).
//
// A charger's socket lives on the replica it connected to. A second connection with the same id, on
// any replica, replaces the first (the cluster bus tells the holder to close it). A charger that
// floods is answered with a CALLERROR for what exceeds its rate, before any database work, so the
// other chargers' calls go on.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Kysely } from 'kysely';
import { createRPCError, RPCServer, type RPCClient } from 'ocpp-rpc';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import type { DeviceLog } from '../iot/log';
import { FloodGuard, type FloodLimits } from '../iot/mqtt/flood-guard';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import type { AlertRaiseDeps } from '../notifications/alert-raise';
import { CHARGER_KEYS } from '@helio/contracts';
import { chargerFaults } from './charger-faults';
import { chargerHandlers, type ConnectedCharger } from './charger-handlers';
import { PlantPrices } from '../ev/prices';
import type { SpotConfig } from '../spot/spot-config';
import { ChargingController, CONTROL_TICK_MS } from './charging-controller';
import { weeklyRunOf } from './weekly-plan';
import { ChargerCommands } from './commands';
import { LocalLists } from './local-list';
import type { SolarTiming } from './solar-profile';
import { ChargerAuthenticator, type ChargerLogin } from './credentials';
import { ocppDb, type ChargerTable } from './tables';

export const OCPP_PATH = '/ocpp';
export const OCPP_PROTOCOL = 'ocpp1.6';
/** Heartbeat interval the chargers are told at boot, s. */
export const HEARTBEAT_INTERVAL_S = 300;
/**
 * A charger sends a call every few seconds at most (meter values every 10 s, a status change, a
 * heartbeat); a charger flushing its offline queue waits for each answer. Past this it floods.
 */
export const CHARGER_FLOOD_LIMITS: FloodLimits = { perSecond: 10, burst: 60, maxPending: 10 };
/** Non-conforming frames in a row after which the connection is closed (1002). */
export const MAX_BAD_FRAMES = 20;
/** WebSocket close code of a connection ended because its charger was removed or got a new password. */
export const CLOSE_CREDENTIALS_REVOKED = 4001;

export interface CentralSystemOptions {
  db: Kysely<Database>;
  shadows: ShadowStore;
  bus: ClusterBus;
  log: DeviceLog;
  /** The alert machinery's dependencies (webhooks, console URL for mails). */
  alerts: Omit<AlertRaiseDeps, 'db' | 'bus'>;
  heartbeatIntervalS?: number;
  callTimeoutMs?: number;
  flood?: FloodLimits;
  /** The clock of the flood guard and the handlers (tests freeze it). */
  now?: () => number;
  /** How often the charging controller sets the held chargers' limits, ms (default CONTROL_TICK_MS; 0: never, tests tick it). */
  controlTickMs?: number;
  /** The PV mode's start hold and stop delay (default evcc's, SOLAR_TIMING). */
  solarTiming?: SolarTiming;
  /** Where prices come from: a charger's price limit is judged by them (none: no limit holds). */
  spot?: SpotConfig;
}

interface Connection {
  connectionId: string;
  socket: RPCClient;
  charger: ConnectedCharger;
  /** Settles once the connection is marked online; calls wait for it. */
  ready: Promise<void>;
  /** When it was accepted, epoch ms. */
  since: number;
}

export interface CentralSystemStats {
  connected: number;
  calls: number;
  flooded: number;
  badFrames: number;
  validationFailures: number;
  /** How long the handlers took, ms, over the last HANDLING_KEPT calls (bench/ocpp.js reads it). */
  handling: { n: number; p50: number; p99: number; max: number };
}

/** Handling times kept for the stats: a ring of the most recent calls. */
const HANDLING_KEPT = 100_000;

export class CentralSystem {
  readonly commands: ChargerCommands;
  readonly auth: ChargerAuthenticator;
  readonly controller: ChargingController;
  readonly localLists: LocalLists;
  private readonly rpc: RPCServer;
  private readonly connections = new Map<string, Connection>();
  private readonly flood: FloodGuard;
  private readonly now: () => number;
  private readonly counts = { calls: 0, flooded: 0, badFrames: 0, validationFailures: 0 };
  private readonly handlingMs = new Float64Array(HANDLING_KEPT);
  private handled = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeRevoked: () => void;
  private readonly unsubscribeSettings: () => void;
  private readonly faults;

  constructor(private readonly opts: CentralSystemOptions) {
    this.now = opts.now ?? Date.now;
    this.flood = new FloodGuard(opts.flood ?? CHARGER_FLOOD_LIMITS, this.now);
    this.auth = new ChargerAuthenticator(opts.db);
    this.faults = chargerFaults({ db: opts.db, bus: opts.bus, ...opts.alerts });
    this.rpc = new RPCServer({
      protocols: [OCPP_PROTOCOL],
      strictMode: true,
      callTimeoutMs: opts.callTimeoutMs ?? 30_000,
      maxBadMessages: MAX_BAD_FRAMES,
    });
    this.rpc.auth((accept, reject, handshake) => {
      if (handshake.endpoint !== OCPP_PATH || !handshake.protocols.has(OCPP_PROTOCOL)) {
        reject(400, 'Expected /ocpp/{chargePointId} with subprotocol ocpp1.6');
        return;
      }
      this.auth.verify(handshake.identity, handshake.password).then(
        (login) => (login ? accept({ login }) : reject(401, 'Unknown charge point or wrong password')),
        (error: unknown) => {
          opts.log.error(`ocpp: sign-in of ${handshake.identity} failed: ${String(error)}`);
          reject(503, 'Try again later');
        },
      );
    });
    this.rpc.on('client', (socket: RPCClient & { session: { login: ChargerLogin } }) => this.connected(socket, socket.session.login));
    this.commands = new ChargerCommands({
      db: opts.db,
      bus: opts.bus,
      socketOf: (chargerId) => this.connections.get(chargerId)?.socket,
      timeoutMs: opts.callTimeoutMs,
      onError: (error) => opts.log.error(`ocpp: a command failed: ${String(error)}`),
    });
    this.localLists = new LocalLists({ db: opts.db, commands: this.commands, now: this.now });
    this.controller = new ChargingController({
      db: opts.db,
      shadows: opts.shadows,
      commands: this.commands,
      log: opts.log,
      held: () => [...this.connections.keys()],
      now: this.now,
      timing: opts.solarTiming,
      ...(opts.spot
        ? {
            priceAt: new PlantPrices(opts.db, opts.spot).priceAt,
            weekly: (charger: ChargerTable, at: number) => weeklyRunOf(opts.db, opts.spot!, opts.shadows, charger, at),
          }
        : {}),
    });
    const tick = opts.controlTickMs ?? CONTROL_TICK_MS;
    if (tick > 0) this.controller.start(tick);
    // Another replica took a connection of a charger whose older one is held here. (Announcements come
    // after the database write, so they may arrive late: only an older connection gives way.)
    this.unsubscribe = opts.bus.subscribe('ocpp-connected', ({ chargerId, connectionId, since }, origin) => {
      const held = this.connections.get(chargerId);
      if (origin === 'remote' && held && held.connectionId !== connectionId && held.since <= since) this.replace(held);
    });
    // A removed charger, or one whose password changed, may not stay connected on what it signed in with.
    this.unsubscribeRevoked = opts.bus.subscribe('ocpp-disconnect', ({ chargerId, reason }) => {
      const held = this.connections.get(chargerId);
      if (held)
        void held.socket.close({ code: CLOSE_CREDENTIALS_REVOKED, reason: reason === 'removed' ? 'Charger removed' : 'Password changed' });
    });
    this.unsubscribeSettings = opts.bus.subscribe('ocpp-settings-changed', ({ chargerId }) => {
      if (this.connections.has(chargerId)) void this.controller.nudge(chargerId).catch(() => undefined); // nudge logs its failure
    });
  }

  /** A charger's settings changed: the replica holding its socket sets its limit now rather than at the next tick. */
  settingsChanged(chargerId: string): void {
    this.opts.bus.publish('ocpp-settings-changed', { chargerId });
  }

  /** Closes the charger's socket on whichever replica holds it (after its row was removed or its password changed). */
  revoke(chargerId: string, reason: 'removed' | 'password-changed'): void {
    this.opts.bus.publish('ocpp-disconnect', { chargerId, reason });
  }

  /**
   * Takes the WebSocket upgrades of `/ocpp/…` on the console's HTTP server; any other upgrade is
   * refused. The chargers' sockets are closed as the server starts closing: an HTTP server's close
   * waits for every socket it accepted, upgraded ones too.
   */
  attach(app: FastifyInstance): void {
    app.addHook('preClose', async () => {
      await this.disconnectAll();
    });
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (path.startsWith(`${OCPP_PATH}/`)) {
        void this.rpc.handleUpgrade(request, socket as Parameters<RPCServer['handleUpgrade']>[1], head);
        return;
      }
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    });
  }

  /** Whether this replica holds the charger's socket. */
  holds(chargerId: string): boolean {
    return this.connections.has(chargerId);
  }

  stats(): CentralSystemStats {
    const kept = [...this.handlingMs.subarray(0, Math.min(this.handled, HANDLING_KEPT))].sort((a, b) => a - b);
    const at = (p: number) => kept[Math.min(kept.length - 1, Math.max(0, Math.ceil(p * kept.length) - 1))] ?? 0;
    return {
      connected: this.connections.size,
      ...this.counts,
      handling: { n: kept.length, p50: at(0.5), p99: at(0.99), max: kept.at(-1) ?? 0 },
    };
  }

  /** Forgets the handling times so far (a bench measures a window). */
  resetHandling(): void {
    this.handled = 0;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.unsubscribeRevoked();
    this.unsubscribeSettings();
    await this.controller.stop();
    this.commands.close();
    await this.disconnectAll();
  }

  /** Closes every charger's socket (they reconnect to another replica) and takes no new ones. */
  private async disconnectAll(): Promise<void> {
    const held = [...this.connections.values()];
    this.connections.clear();
    await this.rpc.close({ code: 1001, reason: 'Server shutting down', force: true });
    await Promise.all(held.map((c) => this.markOffline(c).catch(() => undefined)));
  }

  /**
   * Takes the socket at once (handlers registered before the charger's first call can arrive); the
   * calls wait for the rest: the connection marked online, the other replicas told.
   */
  private connected(socket: RPCClient, login: ChargerLogin): void {
    const connection: Connection = {
      connectionId: randomUUID(),
      socket,
      charger: { ...login, newestMeterTs: 0 },
      ready: Promise.resolve(),
      since: Date.now(),
    };
    const previous = this.connections.get(login.id);
    if (previous) this.replace(previous);
    this.connections.set(login.id, connection);
    this.controller.forget(login.id);
    socket.once('close', () => {
      if (this.connections.get(login.id) !== connection) return;
      this.connections.delete(login.id);
      connection.ready
        .then(() => this.markOffline(connection))
        .catch((error: unknown) => this.opts.log.warn(`ocpp: ${login.id} offline: ${String(error)}`));
    });
    socket.on('badMessage', () => this.counts.badFrames++);
    socket.on('strictValidationFailure', () => this.counts.validationFailures++);
    connection.ready = this.markOnline(connection).catch((error: unknown) => {
      this.opts.log.error(`ocpp: connecting ${login.id} failed: ${String(error)}`);
    });
    this.register(connection);
  }

  private async markOnline(connection: Connection): Promise<void> {
    const { charger } = connection;
    charger.newestMeterTs = (await this.opts.shadows.get(charger.thingName))?.timestamp ?? 0;
    await ocppDb(this.opts.db)
      .updateTable('chargers')
      .set({ connection: 'online', connection_at: new Date(this.now()).toISOString(), connection_id: connection.connectionId })
      .where('id', '=', charger.id)
      .execute();
    this.opts.bus.publish('ocpp-connected', { chargerId: charger.id, connectionId: connection.connectionId, since: connection.since });
    await this.opts.shadows.applyReported(charger.thingName, { [CHARGER_KEYS.online]: true }, this.now());
  }

  /** Closes an older connection of a charger that connected again (here or on another replica). */
  private replace(old: Connection): void {
    if (this.connections.get(old.charger.id) === old) this.connections.delete(old.charger.id);
    void old.socket.close({ code: 4000, reason: 'Replaced by a newer connection' });
  }

  private async markOffline(connection: Connection): Promise<void> {
    const result = await ocppDb(this.opts.db)
      .updateTable('chargers')
      .set({ connection: 'offline', connection_at: new Date(this.now()).toISOString(), connection_id: null })
      .where('id', '=', connection.charger.id)
      .where('connection_id', '=', connection.connectionId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) {
      await this.opts.shadows.applyReported(connection.charger.thingName, { [CHARGER_KEYS.online]: false }, this.now());
    }
  }

  /**
   * A charger may be called once its boot is accepted: after the answer has gone (a timer's turn
   * later), it is sent its plant's Local Authorization List when it holds another version.
   */
  private booted(charger: ConnectedCharger): void {
    setTimeout(() => {
      this.localLists.afterBoot(charger).catch((error: unknown) => {
        this.opts.log.warn(`ocpp: the local authorization list of ${charger.id}: ${String(error)}`);
      });
    }, 0);
  }

  /** Every action the central system understands; anything else is NotImplemented (the library's answer). */
  private register(connection: Connection): void {
    const { socket, charger } = connection;
    const handlers = chargerHandlers(
      {
        db: this.opts.db,
        shadows: this.opts.shadows,
        faults: this.faults,
        heartbeatIntervalS: this.opts.heartbeatIntervalS ?? HEARTBEAT_INTERVAL_S,
        now: this.now,
      },
      charger,
    );
    for (const [action, handle] of Object.entries(handlers)) {
      socket.handle(action, async ({ params }) => {
        this.counts.calls++;
        if (!this.flood.admit(charger.id)) {
          this.counts.flooded++;
          throw createRPCError('GenericError', 'Too many calls: wait for each answer before the next call');
        }
        const started = performance.now();
        try {
          await connection.ready;
          const answer = await handle(params);
          if (action === 'BootNotification' && (answer as { status?: string }).status === 'Accepted') this.booted(charger);
          return answer;
        } catch (error) {
          this.opts.log.error(`ocpp: ${action} of ${charger.id} failed: ${String(error)}`);
          throw createRPCError('InternalError', 'The central system could not process the call; send it again later');
        } finally {
          this.flood.done(charger.id);
          this.handlingMs[this.handled++ % HANDLING_KEPT] = performance.now() - started;
        }
      });
    }
  }
}
