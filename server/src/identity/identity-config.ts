// Settings of the user pool, its mail and the client address, from the environment. Checked at start
// like config.ts, so a typo names the variable instead of failing at the first mail.
import { ConfigError } from '../config';

export interface IdentityConfig {
  /** smtp:// or smtps:// URL of the mail server; without it mail stays in the outbox with a log line. */
  smtpUrl?: string;
  /** Sender of every mail. */
  mailFrom: string;
  /** Where users reach the console, for links in mails; default http://localhost:<PORT>. */
  publicUrl?: string;
  /** Fastify's trustProxy: behind a load balancer, the client address comes from X-Forwarded-For. */
  trustProxy: boolean | string[];
}

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string) => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

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
  if (['on', 'true', 'yes'].includes(raw)) return true;
  const addresses = raw.split(',').map((a) => a.trim()).filter(Boolean);
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

export function loadIdentityConfig(env: Env = process.env): IdentityConfig {
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '');
  return {
    ...(smtpUrl ? { smtpUrl } : {}),
    mailFrom: mailFrom(env),
    ...(publicUrl ? { publicUrl } : {}),
    trustProxy: trustProxy(env),
  };
}
