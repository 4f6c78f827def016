// The integrations module: API keys (integration/key/*), webhooks and their delivery log
// (integration/webhook/*), the data sources of the plants (integration/sources) and the uploads of
// spot prices and metric history (integration/spot/upload and clear, integration/history/import).
import { Type, type Static } from '@sinclair/typebox';
import {
  API_KEY_MAX_PLANTS,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  HISTORY_CHUNK_MAX_CHARS,
  MAX_WEBHOOKS,
  SPOT_UPLOAD_MAX_CHARS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from '../limits/integrations';
import { endpoint, Id, IdBody, NoBody, Nullable, Ok, strict, StringEnum, type EndpointTypes, access } from './common';

const Scope = StringEnum(API_KEY_SCOPES);
const Event = StringEnum(WEBHOOK_EVENTS);
const IsoTime = Type.String({ minLength: 10, maxLength: 40, format: 'date-time' });
const Events = Type.Array(Event, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true });
/** Checked as a URL by the server (scheme, host, where it resolves), which says what is wrong with it. */
const WebhookUrl = Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX });

export const ApiKeyView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scope: Scope,
  /** null: every plant its creator sees, now and later. */
  plantIds: Nullable(Type.Array(Type.String(), { maxItems: API_KEY_MAX_PLANTS })),
  /** The first characters of the key, to recognise it (the rest is never shown again). */
  hint: Type.String(),
  createdAt: Type.String(),
  createdBy: Nullable(Type.String()),
  expiresAt: Nullable(Type.String()),
  lastUsedAt: Nullable(Type.String()),
  revokedAt: Nullable(Type.String()),
  /** Its creator is disabled, deleted or no longer of the organisation: the key works for nobody. */
  suspended: Type.Boolean(),
});
export type ApiKeyView = Static<typeof ApiKeyView>;

export const WebhookView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Event, { maxItems: WEBHOOK_EVENTS.length }),
  enabled: Type.Boolean(),
  createdAt: Type.String(),
  /** The newest delivery's state, for the list. */
  lastDelivery: Nullable(Type.Object({ status: Type.String(), at: Type.String() })),
});
export type WebhookView = Static<typeof WebhookView>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const DeliveryView = Type.Object({
  id: Type.String(),
  webhookId: Type.String(),
  eventId: Type.String(),
  event: Event,
  status: StringEnum(DELIVERY_STATUSES),
  attempts: Type.Integer(),
  createdAt: Type.String(),
  lastAttemptAt: Nullable(Type.String()),
  nextAttemptAt: Nullable(Type.String()),
  deliveredAt: Nullable(Type.String()),
  /** HTTP status of the last answer; null when the receiver did not answer. */
  responseStatus: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  payload: Type.String(),
});
export type DeliveryView = Static<typeof DeliveryView>;

export const GatewaySource = Type.Object({
  username: Type.String(),
  brokerUrl: Type.String(),
  status: StringEnum(['online', 'offline'] as const),
  connected: Nullable(Type.Boolean()),
  lastMessageAt: Nullable(Type.String()),
  /** Reports a minute over the last five minutes. */
  messagesPerMinute: Type.Number(),
  /** Messages of this gateway the server dropped since it started (malformed, oversized, failed). */
  droppedMessages: Type.Integer(),
});
export const PlantSources = Type.Object({
  id: Type.String(),
  name: Type.String(),
  thingName: Type.String(),
  canRotate: Type.Boolean(),
  gateway: GatewaySource,
});
export type PlantSources = Static<typeof PlantSources>;

export const ImportRecord = Type.Object({
  at: Type.String(),
  source: Type.String(),
  rows: Type.Integer(),
  errors: Type.Array(Type.String(), { maxItems: 20 }),
});
export const SpotSource = Type.Object({
  area: Type.String(),
  url: Nullable(Type.String()),
  /** The server's prices stored from its feed (not demo prices); no organisation can change them. */
  rows: Type.Integer(),
  /** The caller's organisation's own uploaded prices, which it sees in place of the server's. */
  ownRows: Type.Integer(),
  lastImport: Nullable(ImportRecord),
});
export type SpotSource = Static<typeof SpotSource>;

const LineError = Type.Object({ line: Type.Integer(), message: Type.String() });
export const HistoryImportResult = Type.Object({
  received: Type.Integer(),
  /** Samples stored now; the rest were stored before (a re-import adds nothing). */
  inserted: Type.Integer(),
  keys: Type.Array(Type.String(), { maxItems: 1000 }),
  from: Type.String(),
  to: Type.String(),
});
export type HistoryImportResult = Static<typeof HistoryImportResult>;
export { LineError };

export const integrationEndpoints = {
  'integration/key/list': endpoint(
    NoBody,
    Type.Object({ keys: Type.Array(ApiKeyView) }),
    access('integrations:manage', { module: 'integrations' }),
  ),
  'integration/key/create': endpoint(
    Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX, pattern: '\\S' }),
        scope: Scope,
        plantIds: Nullable(Type.Array(Id, { minItems: 1, maxItems: API_KEY_MAX_PLANTS, uniqueItems: true })),
        expiresAt: Nullable(IsoTime),
      },
      strict,
    ),
    Type.Object({ key: ApiKeyView, secret: Type.String() }),
    access('integrations:manage', { module: 'integrations' }),
  ),
  'integration/key/revoke': endpoint(
    IdBody,
    ApiKeyView,
    access('integrations:manage', { module: 'integrations', tenantResources: [{ field: 'id', kind: 'apiKey' }] }),
  ),
  'integration/webhook/list': endpoint(
    NoBody,
    Type.Object({ webhooks: Type.Array(WebhookView, { maxItems: MAX_WEBHOOKS }) }),
    access('integrations:manage', { module: 'integrations' }),
  ),
  'integration/webhook/create': endpoint(
    Type.Object(
      { url: WebhookUrl, events: Events, description: Type.Optional(Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX })) },
      strict,
    ),
    Type.Object({ webhook: WebhookView, secret: Type.String() }),
    access('integrations:manage', { module: 'integrations' }),
  ),
  'integration/webhook/update': endpoint(
    Type.Object(
      {
        id: Id,
        url: Type.Optional(WebhookUrl),
        events: Type.Optional(Events),
        description: Type.Optional(Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX })),
        enabled: Type.Optional(Type.Boolean()),
      },
      strict,
    ),
    WebhookView,
    access('integrations:manage', { module: 'integrations', tenantResources: [{ field: 'id', kind: 'webhook' }] }),
  ),
  'integration/webhook/delete': endpoint(
    IdBody,
    Ok,
    access('integrations:manage', { module: 'integrations', tenantResources: [{ field: 'id', kind: 'webhook' }] }),
  ),
  'integration/webhook/deliveries': endpoint(
    Type.Object({ webhookId: Id, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }, strict),
    Type.Object({ deliveries: Type.Array(DeliveryView, { maxItems: 200 }) }),
    access('integrations:manage', { module: 'integrations', tenantResources: [{ field: 'webhookId', kind: 'webhook' }] }),
  ),
  'integration/webhook/redeliver': endpoint(
    IdBody,
    DeliveryView,
    access('integrations:manage', { module: 'integrations', tenantResources: [{ field: 'id', kind: 'delivery' }] }),
  ),
  'integration/sources': endpoint(
    NoBody,
    Type.Object({ plants: Type.Array(PlantSources), spot: SpotSource }),
    access('integrations:manage', { module: 'integrations' }),
  ),
  'integration/spot/upload': endpoint(
    Type.Object({ csv: Type.String({ minLength: 1, maxLength: SPOT_UPLOAD_MAX_CHARS }) }, strict),
    Type.Object({ rows: Type.Integer() }),
    access('integrations:manage', { module: 'integrations' }),
  ),
  /** Removes the organisation's own uploaded prices: it sees the server's series again. */
  'integration/spot/clear': endpoint(
    NoBody,
    Type.Object({ rows: Type.Integer() }),
    access('integrations:manage', { module: 'integrations' }),
  ),
  'integration/history/import': endpoint(
    Type.Object(
      {
        plantId: Id,
        csv: Type.String({ minLength: 1, maxLength: HISTORY_CHUNK_MAX_CHARS }),
        /** The file line the piece's header stands for, so errors name the file's lines. */
        firstLine: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
      },
      strict,
    ),
    HistoryImportResult,
    access('integrations:manage', { module: 'integrations' }),
  ),
};
export type IntegrationEndpoints = EndpointTypes<typeof integrationEndpoints>;
