// Integrations (Kysely types): API keys, webhooks, their delivery queue and the import record.
import type { ApiKeyScope, WebhookEvent } from '@helio/contracts';

export interface ApiKeyTable {
  id: string;
  tenant_id: string;
  name: string;
  scope: ApiKeyScope;
  /** JSON text: string[] of plant ids; null: every plant of the tenant. */
  plant_ids: string | null;
  /** HMAC-SHA256 of the key's secret part, hex (api-keys.ts says why a fast hash is enough). */
  secret_hash: string;
  hint: string;
  /** JSON text: the creator's module keys when the key was made. */
  modules: string;
  created_at: string;
  /** E-mail of the creator (kept when the user is deleted). */
  created_by: string | null;
  /** 062_key_creators: the user who made the key; it reaches at most what they reach now (null: nobody, it works for no one). */
  created_by_user_id: string | null;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The key's request budget: GCRA's theoretical arrival time, epoch ms (rate-limit.ts). */
  rate_tat: number;
}

export interface WebhookTable {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  /** JSON text: WebhookEvent[]. */
  events: string;
  /** The signing secret: kept in clear because signing needs it. */
  secret: string;
  /** 1 or 0 (portable). */
  enabled: number;
  created_at: string;
  created_by: string | null;
  /** 062_key_creators: the user it acts for: it hears only of plants they see now (the last to set its address or events). */
  created_by_user_id: string | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryTable {
  id: string;
  webhook_id: string;
  tenant_id: string;
  event_id: string;
  event: WebhookEvent;
  /** 062_key_creators: the plant the event is about, when it is about one (the log shows it only to those who see it). */
  plant_id: string | null;
  /** 065_webhook_redeliveries: the delivery this one repeats, when it was queued again from the log. */
  redelivery_of: string | null;
  /** The exact body sent (and signed). */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  created_at: string;
  /** Epoch ms after which no further attempt is made. */
  give_up_at: number;
  next_attempt_at: number;
  /** Epoch ms until which a sender holds the row; 0 when nobody does. */
  claimed_until: number;
  claim_token: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  response_status: number | null;
  error: string | null;
}

export interface IntegrationImportTable {
  id: string;
  tenant_id: string | null;
  kind: 'spot' | 'history';
  source: string;
  at: string;
  rows: number;
  /** JSON text: string[]. */
  errors: string;
}

/** 064_rollup_rebuilds: a day of a key whose roll-ups an import left to rebuild (rollup-rebuilds.ts). */
export interface RollupRebuildTable {
  id: string;
  thing_name: string;
  metric_key: string;
  /** Start of the day bucket, epoch ms. */
  day_bucket: number;
  queued_at: number;
  /** Epoch ms until which a rebuilder holds the row; 0 when nobody does. */
  claimed_until: number;
  claim_token: string | null;
}

export interface IntegrationTables {
  api_keys: ApiKeyTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  integration_imports: IntegrationImportTable;
  rollup_rebuilds: RollupRebuildTable;
}
