// This browser's side of Web Push: whether it can receive push messages, and subscribing it with the
// server's VAPID key through the console's service worker (root-config registers /sw.js).

/** Whether this browser can be subscribed at all (service workers, the Push API, notifications). */
export function pushSupported(win: Window = window): boolean {
  return 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;
}

/** The applicationServerKey as the Push API takes it: base64url -> bytes. */
export function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class PushPermissionDenied extends Error {}

/** Asks for permission and subscribes this browser for the key; the subscription as the server takes it. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied(permission);
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  // a subscription made for another key (the server's keys were replaced) cannot be used any more
  if (existing) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  return subscription.toJSON();
}
