// GET /api/live?things=a,b&alerts=true — the browser's live push, one stream per tab: Server-Sent
// Events over an authenticated fetch stream. Each thing's current shadow first, then every change as it
// is stored (`event: shadow`); with alerts=true also every alert of a plant the caller sees as it opens
// or ends, and a change of the caller's read marks (`event: alert`, cluster/alert-relay.ts); a ping
// every 25 s. A stream names things, asks for alerts, or both.
// The stream ends when the caller's token expires (the client reconnects with its refreshed token),
// and at once when the caller signs out, their session is revoked or they are disabled or deleted, on
// whichever replica that happens (the cluster bus).
// A user has at most MAX_LIVE_STREAMS_PER_USER streams here, and a reader that stops reading is
// dropped once MAX_LIVE_BUFFERED_BYTES wait for it, so no client can make the server hold memory.
import { liveContract, MAX_LIVE_THINGS, type LiveAlertEvent, type LiveQuery } from '@helio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { ApiError, badRequest, plantNotFound } from '../../http/errors';
import { concerns, onAccessEnded, type StreamHolder } from '../../auth/access-ended';
import { TOKEN_LIFETIME_S } from '../../auth/tokens';
import { onPlantAccessRevoked, type PlantLookup } from '../../plants/access';
import { shadowEvent, type LiveHub, type ShadowEvent } from './live-hub';
import { emptyShadow } from '../shadows/shadow-doc';
import type { ShadowStore } from '../shadows/shadow-store';
import { access } from '../../iam/route-access';
import { relayAlertNews } from '../../cluster/alert-relay';
import type { ClusterBus } from '../../cluster/bus';
import { forbiddenModule, forbiddenPermission } from '../../iam/access-hook';
import { AlertStreams } from './alert-streams';
import { streamStillAllowed } from '../../cluster/stream-access';

export { LiveHub, shadowEvent, type ShadowEvent, type LiveListener } from './live-hub';

export const LIVE_PING_MS = 25_000;
export { MAX_LIVE_THINGS };
/** Several tabs and a wall display; more than this from one user is a leak or an attack. */
export const MAX_LIVE_STREAMS_PER_USER = 8;
/** A stream whose reader has let this much pile up is dropped (it reconnects when it reads again). */
export const MAX_LIVE_BUFFERED_BYTES = 256 * 1024;

/**
 * Writes to a stream unless it is gone; a reader that has let more than `maxBuffered` bytes pile up
 * is cut off (the stream is destroyed) instead of buffering without end.
 */
export function boundedWriter(stream: Writable, maxBuffered = MAX_LIVE_BUFFERED_BYTES): (chunk: string) => boolean {
  return (chunk) => {
    if (stream.destroyed || stream.writableEnded) return false;
    if (stream.writableLength > maxBuffered) {
      stream.destroy();
      return false;
    }
    stream.write(chunk);
    return true;
  };
}

export interface LiveRouteDeps {
  db: Kysely<Database>;
  /** The server's plant lookups: a stream's plants are checked as it opens. */
  plants: PlantLookup;
  shadows: ShadowStore;
  live: LiveHub;
  /** This replica's cluster bus: access that ends and alert news elsewhere end or reach the streams here. */
  bus: ClusterBus;
  pingMs?: number;
}

export function formatShadowEvent(event: ShadowEvent): string {
  return `event: shadow\ndata: ${JSON.stringify(event)}\n\n`;
}

export function formatAlertEvent(event: LiveAlertEvent): string {
  return `event: alert\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Why the caller cannot hear alert news, or undefined when they can. */
function alertsRefusal(user: AuthUser): ApiError | undefined {
  if (user.apiKey) return new ApiError(403, 'Forbidden', 'API keys have no alert news');
  if (!user.permissions.includes('notifications:read')) return forbiddenPermission('notifications:read');
  if (!user.modules.includes('notifications')) return forbiddenModule('notifications');
  return undefined;
}

export async function registerLiveRoute(app: FastifyInstance, deps: LiveRouteDeps): Promise<void> {
  // Open streams never go idle, so they would hold the server's close: end them and their sockets
  // (destroySoon closes once the last chunk is flushed) before the server closes.
  const open = new Set<ServerResponse>();
  const streamsByUser = new Map<string, number>();
  /** Each open stream's check of its access, asked after the cluster bus missed announcements. */
  const rechecks = new Set<() => Promise<void>>();
  const stopResync = deps.bus.onResync(() => {
    void (async () => {
      for (const recheck of [...rechecks]) await recheck();
    })();
  });
  const alertStreams = new AlertStreams();
  const alertRelay = relayAlertNews({
    db: deps.db,
    bus: deps.bus,
    streams: alertStreams,
    log: { error: (message) => app.log.error(message) },
  });
  app.addHook('preClose', async () => {
    stopResync();
    await alertRelay.close();
    for (const res of open) {
      res.end();
      res.socket?.destroySoon();
    }
  });

  app.get<{ Querystring: LiveQuery }>(
    '/api/live',
    {
      config: access('devices:read', { tenantResources: [{ field: 'things', kind: 'thing', in: 'querystring' }] }),
      schema: { querystring: liveContract.querystring },
    },
    async (request, reply) => {
      const thingNames = [
        ...new Set(
          (request.query.things ?? '')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
      const alerts = request.query.alerts === 'true';
      if (thingNames.length > MAX_LIVE_THINGS || (thingNames.length === 0 && !alerts)) {
        throw badRequest(`things must name 1 to ${MAX_LIVE_THINGS} plants, or alerts be asked for`);
      }
      // Alert news is a person's (an API key has no read marks) with the notifications module and
      // permission; a stream that asked for nothing else is refused, one with things goes on without it.
      const refusal = alerts ? alertsRefusal(request.user) : undefined;
      if (refusal && thingNames.length === 0) throw refusal;
      const hearsAlerts = alerts && !refusal;
      // A client may go while access is checked below: watched from before the first await, since a
      // 'close' listener attached after the event never fires, and the stream would then count, ping
      // and listen for good. Gone by then: nothing is set up.
      const res = reply.raw;
      let gone = false;
      const markGone = () => {
        gone = true;
      };
      res.once('close', markGone);
      // Access is checked as the stream opens; losing a plant later ends the stream (below), and the
      // client's reconnect is checked again.
      const plantIds = new Set<string>();
      try {
        for (const thingName of thingNames) {
          const plant = await deps.plants.findByThingName(request.user, thingName);
          if (!plant) throw plantNotFound(`Plant ${thingName} not found`);
          plantIds.add(plant.id);
        }
      } finally {
        res.off('close', markGone);
      }
      if (gone || res.destroyed || request.raw.destroyed) {
        reply.hijack(); // nobody to answer
        return;
      }
      const userId = request.user.sub;
      const key = request.user.apiKey;
      const holder: StreamHolder = {
        userId,
        ...(request.user.sessionId === undefined ? {} : { sessionId: request.user.sessionId }),
        ...(key ? { apiKey: { id: key.id, creatorId: key.creatorId } } : {}),
      };
      // Worked out before anything is counted or subscribed: nothing after the count may throw.
      const lifetimeMs = streamLifetimeMs(request);
      // counted synchronously with the check: parallel opens cannot slip past the cap
      const streams = streamsByUser.get(userId) ?? 0;
      if (streams >= MAX_LIVE_STREAMS_PER_USER) {
        throw new ApiError(429, 'TooManyStreams', `At most ${MAX_LIVE_STREAMS_PER_USER} live streams per user`, {
          max: MAX_LIVE_STREAMS_PER_USER,
        });
      }
      streamsByUser.set(userId, streams + 1);
      // What the stream holds, each let go when it closes, however it closes (even half set up).
      const holds: Array<() => void> = [
        () => {
          const left = (streamsByUser.get(userId) ?? 1) - 1;
          if (left > 0) streamsByUser.set(userId, left);
          else streamsByUser.delete(userId);
        },
      ];
      const cleanup = () => {
        for (const release of holds.splice(0)) release();
      };

      reply.hijack();
      open.add(res);
      res.on('close', () => {
        cleanup();
        open.delete(res);
      });
      try {
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no', // proxies must not buffer the stream
        });
        const write = boundedWriter(res);

        // Subscribe before reading the snapshots so no change falls between; versions drop stale repeats.
        const sentVersions = new Map<string, number>();
        const send = (event: ShadowEvent) => {
          const sent = sentVersions.get(event.thingName);
          if (sent !== undefined && event.version <= sent) return;
          sentVersions.set(event.thingName, event.version);
          write(formatShadowEvent(event));
        };
        const unsubscribeShadows = deps.live.subscribe(thingNames, send);
        const unsubscribeAlerts = hearsAlerts
          ? alertStreams.add({ userId, tenantId: request.user.tenantId, send: (event) => write(formatAlertEvent(event)) })
          : () => undefined;
        const unsubscribe = () => {
          unsubscribeShadows();
          unsubscribeAlerts();
        };
        const end = () => {
          unsubscribe(); // not one more change, even one already on its way
          res.end();
        };
        const ping = setInterval(() => write(': ping\n\n'), deps.pingMs ?? LIVE_PING_MS);
        const expiry = setTimeout(() => res.end(), lifetimeMs);
        const stopWatchingAccess = onPlantAccessRevoked(deps.bus, (revokedUserId, plantId) => {
          // a key loses a plant with its creator
          if ((revokedUserId === userId || revokedUserId === key?.creatorId) && plantIds.has(plantId)) end();
        });
        const stopWatchingSession = onAccessEnded(deps.bus, (ended) => {
          if (concerns(ended, holder)) end();
        });
        const recheck = async () => {
          try {
            if (await streamStillAllowed(deps.db, request.user, thingNames)) return;
          } catch (error) {
            request.log.error({ err: error }, 'live stream: checking access again failed');
          }
          end();
        };
        rechecks.add(recheck);
        holds.push(
          () => rechecks.delete(recheck),
          () => clearInterval(ping),
          () => clearTimeout(expiry),
          stopWatchingAccess,
          stopWatchingSession,
          unsubscribe,
        );

        write(': connected\n\n');
        for (const thingName of thingNames) {
          send(shadowEvent(thingName, (await deps.shadows.get(thingName)) ?? emptyShadow()));
        }
      } catch (error) {
        request.log.error({ err: error }, 'live stream: setting up failed');
        res.destroy();
      }
    },
  );
}

/** Most a key's stream stays open: as long as a user's token lives, so a reconnect checks the key and its creator again. */
const KEY_STREAM_MAX_MS = TOKEN_LIFETIME_S * 1000;

/**
 * How long the stream may stay open: until the bearer token the access hook accepted expires (it was
 * verified there; only its expiry is read), or for an API key until it expires, at most KEY_STREAM_MAX_MS.
 */
function streamLifetimeMs(request: FastifyRequest): number {
  const key = request.user.apiKey;
  if (key) return Math.max(0, Math.min(KEY_STREAM_MAX_MS, (key.expiresAt ?? Infinity) - Date.now()));
  return msUntilTokenExpiry(request);
}

/** Time left on the bearer token the access hook accepted (it was verified there; only its expiry is read). */
function msUntilTokenExpiry(request: FastifyRequest): number {
  const token = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
  const exp = token ? decodeJwt(token).exp : undefined;
  // Timers overflow past ~24.8 days; tokens live minutes, so the cap never shortens a real stream.
  return exp === undefined ? 2 ** 31 - 1 : Math.min(2 ** 31 - 1, Math.max(0, exp * 1000 - Date.now()));
}
