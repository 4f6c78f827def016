// The state of one control, from the shadow and the gateway's connection: in sync (no delta for the
// key), pending (a delta, since the key was desired), not confirmed (pending past the timeout while
// the gateway is online), queued (the gateway is offline: the device gets it when it reconnects) or
// not reported (the device never reported the key and nothing was asked: not green, nothing is known).
// A waiting value may be cancelled (its desired value cleared). One waiting longer than the command
// expiry is expired by the server (server/src/rc/commands.ts expireCommands: the history says expired
// and the desired value is cleared, pushed live), not judged here: every page and the API agree.
import { RC_CONFIRM_TIMEOUT_MS } from '@helio/contracts/limits';
import type { Shadow } from '@helio/shared-utils';
import type { RcCommand } from '@helio/contracts';

export type ControlState =
  | { kind: 'inSync' }
  | { kind: 'notReported' }
  | { kind: 'pending'; since: number | null }
  | { kind: 'notConfirmed'; since: number | null }
  | { kind: 'queued'; since: number | null };

/** The states in which a value waits for the device, and may be cancelled. */
export const isWaiting = (state: ControlState): boolean => state.kind !== 'inSync' && state.kind !== 'notReported';

/** The latest timestamp in a metadata node (an object value has one per key). */
export function latestTimestamp(node: unknown): number | null {
  if (typeof node !== 'object' || node === null) return null;
  const record = node as Record<string, unknown>;
  if (typeof record.timestamp === 'number') return record.timestamp;
  const nested = Object.values(record)
    .map(latestTimestamp)
    .filter((t): t is number => t !== null);
  return nested.length > 0 ? Math.max(...nested) : null;
}

export function controlState(
  key: string,
  shadow: Pick<Shadow, 'state' | 'metadata'>,
  gatewayStatus: 'online' | 'offline',
  now: number,
): ControlState {
  if (!(key in shadow.state.delta)) return shadow.state.reported[key] === undefined ? { kind: 'notReported' } : { kind: 'inSync' };
  const since = latestTimestamp(shadow.metadata.desired?.[key]);
  if (gatewayStatus === 'offline') return { kind: 'queued', since };
  if (since !== null && now - since > RC_CONFIRM_TIMEOUT_MS) return { kind: 'notConfirmed', since };
  return { kind: 'pending', since };
}

/**
 * The key's last request when it expired unconfirmed, or null: `commands` newest first (rc/commands/list).
 * After an expiry the desired value is cleared, so the state alone reads as before the request.
 */
export function lastExpired(key: string, commands: readonly RcCommand[]): RcCommand | null {
  const last = commands.find((command) => command.key === key);
  return last?.state === 'expired' ? last : null;
}

/**
 * Why the gateway refused a key still waiting to be taken (the Helio gateway reports it under
 * `ControlRefused`, in the gateway's words), or null.
 */
export function refusalOf(key: string, shadow: Pick<Shadow, 'state'>): string | null {
  if (!(key in shadow.state.delta)) return null;
  const refusals = shadow.state.reported.ControlRefused;
  const reason = typeof refusals === 'object' && refusals !== null ? (refusals as Record<string, unknown>)[key] : undefined;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}
