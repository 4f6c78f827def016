// The server's VAPID key pair (RFC 8292): push services accept a message for a subscription only when
// it is signed with the key the browser subscribed with. Made on first start and kept in the data
// directory as vapid-keys.json (mode 0600, beside the database); every replica must use the same file
// (docs/deployment.md), or a browser subscribed through one replica cannot be reached through another.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { PRIVATE_FILE_MODE } from '../db/private-files';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
  /** Who runs the sender, for push services to reach (a mailto: or https: URL). */
  subject: string;
}

export const VAPID_FILE = 'vapid-keys.json';

const loaded = new Map<string, VapidKeys>();

function isKeys(value: unknown): value is Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const v = value as Record<string, unknown> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/** The subject push services see: the console's https: address, else a mailto: of the mail sender. */
export function vapidSubject(consoleUrl: string, mailFrom: string): string {
  if (consoleUrl.startsWith('https://')) return consoleUrl;
  const address = /[^\s<>@]+@[^\s<>@]+/.exec(mailFrom)?.[0];
  return `mailto:${address ?? 'helio@localhost'}`;
}

/** Reads the data directory's key pair, making it (0600, written once, never replaced) when missing. */
export function vapidKeys(dataDir: string, subject: string): VapidKeys {
  const file = path.join(dataDir, VAPID_FILE);
  const cached = loaded.get(file);
  if (cached) return { ...cached, subject };
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const fresh = webpush.generateVAPIDKeys();
    try {
      // 'wx': a replica that starts at the same moment and wrote first wins; its keys are read below
      fs.writeFileSync(file, JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }, null, 2), {
        mode: PRIVATE_FILE_MODE,
        flag: 'wx',
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isKeys(stored)) throw new Error(`${file} does not hold a VAPID key pair (publicKey, privateKey)`);
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
  const keys = { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  loaded.set(file, keys);
  return keys;
}
