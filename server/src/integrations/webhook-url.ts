// Where a webhook may point. Unless WEBHOOK_ALLOW_PRIVATE is on, a URL whose host is, or resolves to,
// a loopback, private, link-local or otherwise internal address is refused: every address the name
// resolves to is checked, at save time and again at every delivery (the lookup the connection uses
// is the checked one, so a name re-pointed after the check cannot reach inside).
import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
import type { WebhookUrlReason } from '@helio/contracts';

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 (well-known and local-use), 6to4 and Teredo carry an IPv4 address inside: whichever it is,
  // a gateway of the network would reach it, so they are refused whole.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fec0::', 10],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part and a zone allowed), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const [front, back] = [part(head), part(tail)];
  const groups = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** True for addresses a webhook must not reach: loopback, private, link-local, shared, reserved, multicast. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const groups = ipv6Groups(address);
  if (!groups) return true;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d, the URL parser's [::127.0.0.1]) are that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) {
    const [high = 0, low = 0] = groups.slice(6);
    return BLOCKED.check(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

/** Why a URL is refused: the reason and host travel to the browser (WebhookUrlRefused), the message to logs. */
export class WebhookUrlError extends Error {
  constructor(
    message: string,
    readonly reason: WebhookUrlReason,
    readonly host?: string,
  ) {
    super(message);
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

async function resolveAll(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/** Checks a URL a webhook is to be saved with; throws WebhookUrlError saying why not. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('Not a URL', 'notUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookUrlError('Only http and https URLs', 'protocol');
  if (url.username || url.password) throw new WebhookUrlError('Put no credentials in the URL; check the signature instead', 'credentials');
  if (allowPrivate) return url;
  let addresses: string[];
  try {
    addresses = await resolveAll(hostOf(url));
  } catch {
    throw new WebhookUrlError(`The host ${url.hostname} does not resolve`, 'unresolved', url.hostname);
  }
  if (addresses.length === 0) throw new WebhookUrlError(`The host ${url.hostname} does not resolve`, 'unresolved', url.hostname);
  const inside = addresses.filter(isPrivateAddress);
  if (inside.length > 0)
    throw new WebhookUrlError(`The host ${url.hostname} is a private or loopback address (${inside.join(', ')})`, 'private', url.hostname);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses names with any internal address (unless allowed). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const inside = allowPrivate ? [] : list.filter((a) => isPrivateAddress(a.address));
      if (list.length === 0 || inside.length > 0) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private or loopback address`);
        refused.code = 'EPRIVATE';
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

/** The same check for a URL whose host is an address literal (no lookup happens for those). */
export function literalAllowed(url: URL, allowPrivate: boolean): boolean {
  const host = hostOf(url);
  return allowPrivate || !net.isIP(host) || !isPrivateAddress(host);
}
