// Faults a simulated plant can be told to have, for demos and tests of the alerts: an inverter in
// its fault state, and a grid outage. Set on the gateway's control topic (topics.ts simFaultsTopic).
export interface SimFaults {
  /** The inverter stops: no PV, the battery behind it idle; the grid carries the house. */
  inverterFault: boolean;
  /** The grid is gone: a grid-tied inverter disconnects (anti-islanding), the house is dark, nothing flows. */
  gridOutage: boolean;
  /** The gateway drops its connection until this epoch ms, then reconnects (tests of queued commands). */
  offlineUntil?: number;
}

export const NO_FAULTS: SimFaults = { inverterFault: false, gridOutage: false };

/**
 * A control message's faults: `{"inverterFault":true,"gridOutage":false}`, either key may be left
 * out (= false), and `offlineUntil` (epoch ms) takes the gateway off the broker until then; an empty
 * payload clears them. Undefined for anything else.
 */
export function parseFaults(payload: Buffer | string): SimFaults | undefined {
  const text = payload.toString();
  if (text.trim() === '') return NO_FAULTS;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { inverterFault = false, gridOutage = false, offlineUntil, ...rest } = body as Record<string, unknown>;
  if (typeof inverterFault !== 'boolean' || typeof gridOutage !== 'boolean' || Object.keys(rest).length > 0) return undefined;
  if (offlineUntil === undefined) return { inverterFault, gridOutage };
  if (typeof offlineUntil !== 'number' || !Number.isFinite(offlineUntil)) return undefined;
  return { inverterFault, gridOutage, offlineUntil };
}
