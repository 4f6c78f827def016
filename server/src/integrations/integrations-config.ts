// Settings of the integrations module, from the environment (checked at start like config.ts).
import { ConfigError, integer, type Env } from '../config-values';

export interface IntegrationsConfig {
  /** Requests a minute one API key may make (a burst of this many, refilled evenly). */
  keyRatePerMinute: number;
  /** Optional server secret mixed into the stored hashes of API keys. */
  keyPepper: string;
  /** Webhooks may point at loopback and private addresses (tests, a receiver on the same network). */
  webhookAllowPrivate: boolean;
  /** Deliveries in flight at once in this process. */
  webhookConcurrency: number;
  /** How long one delivery attempt may take. */
  webhookTimeoutMs: number;
  /** How often the sender looks for due deliveries. */
  webhookPollMs: number;
}

export function loadIntegrationsConfig(env: Env): IntegrationsConfig {
  const allow = env.WEBHOOK_ALLOW_PRIVATE?.trim().toLowerCase();
  if (allow && !['on', 'off'].includes(allow))
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE', `must be on or off (got "${env.WEBHOOK_ALLOW_PRIVATE}")`);
  return {
    keyRatePerMinute: integer(env, 'API_KEY_RATE_PER_MINUTE', 300, 1, 1_000_000),
    keyPepper: env.API_KEY_PEPPER ?? '',
    webhookAllowPrivate: allow === 'on',
    webhookConcurrency: integer(env, 'WEBHOOK_CONCURRENCY', 8, 1, 256),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookPollMs: integer(env, 'WEBHOOK_POLL_MS', 2_000, 50, 600_000),
  };
}
