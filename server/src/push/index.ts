// Web Push: subscribed browsers and the sender of alerts' push messages. What the rest of the server wires.
export { startPushSender, sendPushRound, PUSH_TICK_MS } from './push-sender';
export { vapidKeys, vapidSubject, VAPID_FILE, type VapidKeys } from './vapid-keys';
