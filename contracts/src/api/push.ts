// Web Push: the caller's own subscribed browsers and phones (/my-account/notifications). Alerts reach
// them as they reach the mail: within the caller's notification schedule, for the plants and with the
// permissions the caller has. Any signed-in user may keep devices, as any keeps a schedule.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, Id, IdBody, NoBody, strict, access, SIGNED_IN, type EndpointTypes } from './common';

/** A device's name as the user gave it. */
export const PushDeviceName = Type.String({ minLength: 1, maxLength: 60 });
/** base64url, as PushSubscription.toJSON() gives the keys. */
const Base64Url = (maxLength: number, example: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+=*$', examples: [example] });

export const PushDevice = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The push service's host (which browser vendor delivers), never the whole endpoint URL. */
  service: Type.String(),
  /** ISO-8601 UTC. */
  createdAt: Type.String(),
  /** ISO-8601 UTC; null until a message reached the push service. */
  lastSentAt: Type.Union([Type.String(), Type.Null()]),
});
export type PushDevice = Static<typeof PushDevice>;

export const PushSubscribeRequest = Type.Object(
  {
    name: PushDeviceName,
    subscription: Type.Object(
      {
        endpoint: Type.String({ minLength: 8, maxLength: 1000, pattern: '^https?://', examples: ['https://push.example.com/send/abc123'] }),
        expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
        keys: Type.Object(
          {
            p256dh: Base64Url(200, 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'),
            auth: Base64Url(50, 'tBHItJI5svbpez7KI4CCXg'),
          },
          strict,
        ),
      },
      strict,
    ),
  },
  strict,
);
export type PushSubscribeRequest = Static<typeof PushSubscribeRequest>;

const Devices = Type.Object({ devices: Type.Array(PushDevice) });
/** A device id: the caller's own, anyone else's is a 404. */
const OWN_DEVICE = access(SIGNED_IN, { tenantResources: [{ field: 'id', kind: 'pushDevice' }] });

export const pushEndpoints = {
  /** The server's VAPID public key: the browser subscribes with it as applicationServerKey. */
  'notifications/push/key': endpoint(NoBody, Type.Object({ publicKey: Type.String() }), access(SIGNED_IN)),
  'notifications/push/list': endpoint(NoBody, Devices, access(SIGNED_IN)),
  /** 409 past the number of devices one user may keep. */
  'notifications/push/subscribe': endpoint(PushSubscribeRequest, PushDevice, access(SIGNED_IN)),
  'notifications/push/rename': endpoint(Type.Object({ id: Id, name: PushDeviceName }, strict), PushDevice, OWN_DEVICE),
  'notifications/push/remove': endpoint(IdBody, Type.Object({ removed: Type.Boolean() }), OWN_DEVICE),
  /** Queues a test message for the device now, whatever the schedule says (the user asked for it). */
  'notifications/push/test': endpoint(IdBody, Type.Object({ queued: Type.Boolean() }), OWN_DEVICE),
};
export type PushEndpoints = EndpointTypes<typeof pushEndpoints>;
