// The payloads on the device topics (topics.ts). Gateways send reported state and their status; the
// server sends the delta of desired state. The server checks what it receives against these shapes
// and a real gateway can validate what it sends with any JSON Schema validator.
import { Type, type Static } from '@sinclair/typebox';

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

/** Device → server on `…/status` (retained): online with its start on connect; `{"online":false}` as its last will. */
export const StatusMessage = Type.Object({ online: Type.Boolean(), since: Type.Optional(Type.Integer({ minimum: 0 })) });
export type StatusMessage = Static<typeof StatusMessage>;

/** Server → device on `…/shadow/delta` (retained); an empty payload clears it. */
export const DeltaMessage = Type.Object({
  state: Type.Record(Type.String(), Type.Unknown()),
  version: Type.Integer({ minimum: 0 }),
  timestamp: Type.Integer({ minimum: 0 }),
});
export type DeltaMessage = Static<typeof DeltaMessage>;

/** Largest report a gateway may publish; larger ones are dropped and counted. */
export const MAX_REPORT_BYTES = 64 * 1024;
