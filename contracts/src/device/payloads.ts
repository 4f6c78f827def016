// The payloads on the device topics (topics.ts). Gateways send reported state and their status; the
// server sends the delta of desired state. The server checks what it receives against these shapes
// and a real gateway can validate what it sends with any JSON Schema validator.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const ReportedValue = Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null(), Type.Object({}), Type.Array(Type.Unknown())]);

/** Device → server on `…/shadow/reported` (QoS 1, not retained). */
export const ReportedMessage = Type.Object(
  {
    state: Type.Object({ reported: Type.Record(Type.String(), ReportedValue) }, { additionalProperties: false }),
    /** Epoch milliseconds of the reading. */
    timestamp: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ReportedMessage = Static<typeof ReportedMessage>;

/** One device a gateway reads, as its health tells it. */
export const GatewayDeviceHealth = Type.Object({
  /** `<kind>-<n>`, the key of the device in the reported `Devices`. */
  id: Type.String({ maxLength: 64 }),
  kind: Type.String({ maxLength: 32 }),
  /** Where the gateway reads it, e.g. `192.168.1.20:502 unit 1`. */
  address: Type.String({ maxLength: 300 }),
  answering: Type.Boolean(),
  /** Epoch ms of its last answer. */
  lastAnswerAt: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Why it did not answer last time. */
  error: Type.Optional(Type.String({ maxLength: 300 })),
});
export type GatewayDeviceHealth = Static<typeof GatewayDeviceHealth>;

/** A gateway's own health: its devices, its outbox of reports not yet sent, its export-limit loop. */
export const GatewayHealth = Type.Object({
  version: Type.String({ maxLength: 64 }),
  /** Epoch ms the health was measured. */
  at: Type.Integer({ minimum: 0 }),
  devices: Type.Array(GatewayDeviceHealth, { maxItems: 32 }),
  /** Reports waiting in the gateway's outbox for the broker. */
  buffered: Type.Integer({ minimum: 0 }),
  /** Epoch ms of the oldest of them. */
  oldestBufferedAt: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Reports dropped unsent, over the outbox's bounds, since the gateway started. */
  dropped: Type.Integer({ minimum: 0 }),
  /** Epoch ms the broker last acknowledged a report. */
  lastPublishAt: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The export limit's loop: off, closed (on the meter), open (no meter), failSafe (the meter silent); the cap in W. */
  exportLimit: Type.Optional(
    Type.Object({ mode: Type.String({ maxLength: 16 }), capW: Type.Union([Type.Number(), Type.Null()]) }, { additionalProperties: false }),
  ),
});
export type GatewayHealth = Static<typeof GatewayHealth>;

/**
 * Device → server on `…/status` (retained): online with its start on connect; `{"online":false}` as its
 * last will. A gateway that knows its health adds it and publishes the status again as it changes.
 */
export const StatusMessage = Type.Object({
  online: Type.Boolean(),
  since: Type.Optional(Type.Integer({ minimum: 0 })),
  health: Type.Optional(GatewayHealth),
});
export type StatusMessage = Static<typeof StatusMessage>;

/** Server → device on `…/shadow/delta` (retained); an empty payload clears it. */
export const DeltaMessage = Type.Object({
  state: Type.Record(Type.String(), Type.Unknown()),
  version: Type.Integer({ minimum: 0 }),
  timestamp: Type.Integer({ minimum: 0 }),
});
export type DeltaMessage = Static<typeof DeltaMessage>;

/**
 * A delta as a gateway reads it: the message when the text is JSON of DeltaMessage's shape, else
 * undefined (an empty payload, the server clearing the retained delta, is no delta either). Checked
 * with TypeBox's Value (no compiled code), so any gateway or simulator can use it.
 */
export function readDelta(text: string): DeltaMessage | undefined {
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return Value.Check(DeltaMessage, value) ? value : undefined;
}

/** Largest report a gateway may publish; larger ones are dropped and counted. */
export const MAX_REPORT_BYTES = 64 * 1024;
