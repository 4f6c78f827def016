// Settings of the user pool, its mail and the client address, from the environment. Checked at start
// like config.ts, so a typo names the variable instead of failing at the first mail.
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { ConfigError, text, type Env } from '../config-values';

export interface IdentityConfig {
  /** smtp:// or smtps:// URL of the mail server; without it mail stays in the outbox with a log line. */
  smtpUrl?: string;
  /** Sender of every mail. */
  mailFrom: string;
  /** Where users reach the console, for links in mails; default http://localhost:<PORT>. */
  publicUrl?: string;
  /**
   * Fastify's trustProxy: behind a load balancer, the client address comes from X-Forwarded-For.
   * Never `true` (that believes whatever address a client writes first in the header): the proxies'
   * addresses, or (`on`) one proxy at a loopback or private address directly in front.
   */
  trustProxy: false | string[] | ProxyTrust;
}

/** Whether the hop-th address (0: the connected peer) is a proxy whose X-Forwarded-For is believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');

const isPrivateAddress = (address: string): boolean => {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4 ?? isIPv4(address)) return PRIVATE_NETWORKS.check(v4 ?? address, 'ipv4');
  return isIPv6(address) && PRIVATE_NETWORKS.check(address, 'ipv6');
};

/** `TRUST_PROXY=on`: the connected peer only, and only at a loopback or private address. */
export const ONE_PRIVATE_PROXY: ProxyTrust = (address, hop) => hop === 0 && isPrivateAddress(address);

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new ConfigError(name, `is not a URL (got "${raw}")`);
  }
  if (!protocols.includes(protocol)) throw new ConfigError(name, `must use ${protocols.join(' or ')} (got "${raw}")`);
  return raw;
}

function trustProxy(env: Env): IdentityConfig['trustProxy'] {
  const raw = text(env, 'TRUST_PROXY')?.toLowerCase();
  if (raw === undefined || ['off', 'false', '0', 'no'].includes(raw)) return false;
  // `on`: one proxy in front; the client is the address that proxy appended, not one the client wrote.
  if (['on', 'true', 'yes'].includes(raw)) return ONE_PRIVATE_PROXY;
  const addresses = raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (addresses.every((a) => /^[0-9a-f.:/]+$/.test(a) && /[.:]/.test(a))) return addresses;
  throw new ConfigError('TRUST_PROXY', `must be on, off or a comma-separated list of proxy addresses (got "${env.TRUST_PROXY}")`);
}

function mailFrom(env: Env): string {
  const raw = text(env, 'MAIL_FROM') ?? 'Helio EMS <no-reply@helio.local>';
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(raw)) {
    throw new ConfigError('MAIL_FROM', `must be an address or "Name <address>" (got "${raw}")`);
  }
  return raw;
}

export function loadIdentityConfig(env: Env): IdentityConfig {
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '');
  return {
    ...(smtpUrl ? { smtpUrl } : {}),
    mailFrom: mailFrom(env),
    ...(publicUrl ? { publicUrl } : {}),
    trustProxy: trustProxy(env),
  };
}
