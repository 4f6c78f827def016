// JSON schemas of the notification endpoints: the server validates with them and answers in them.
import { ALERT_KINDS, SEVERITIES } from './alert-kinds';
import { PERIODS } from './settings';
import { THRESHOLD_LIMITS } from './thresholds';

const time = { type: 'string', maxLength: 5, pattern: '^([01]?[0-9]|2[0-3]):[0-5][0-9]$', examples: ['08:00'] } as const;

const daySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['day', 'enabled', 'from', 'to'],
  // 0–7: the 0–6 and the older 1–7 numbering; which one the list uses is checked as a whole.
  properties: { day: { type: 'integer', minimum: 0, maximum: 7 }, enabled: { type: 'boolean' }, from: time, to: time },
} as const;

export const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['period', 'enabled', 'days'],
  properties: {
    period: { type: 'string', enum: PERIODS },
    enabled: { type: 'boolean' },
    days: { type: 'array', minItems: 7, maxItems: 7, items: daySchema },
  },
} as const;

export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

const plantId = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const alertListBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    plantId,
    severity: { type: 'string', enum: SEVERITIES },
    state: { type: 'string', enum: ['open', 'closed'] },
    read: { type: 'boolean' },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
} as const;

export const alertSchema = {
  type: 'object',
  required: ['id', 'plantId', 'plantName', 'kind', 'severity', 'startedAt', 'endedAt', 'read', 'details'],
  properties: {
    id: { type: 'string' },
    plantId: { type: 'string' },
    plantName: { type: 'string' },
    kind: { type: 'string', enum: ALERT_KINDS },
    severity: { type: 'string', enum: SEVERITIES },
    startedAt: { type: 'string' },
    endedAt: { type: ['string', 'null'] },
    read: { type: 'boolean' },
    details: { type: 'object', additionalProperties: true },
  },
} as const;

export const alertListResponse = {
  type: 'object',
  required: ['alerts'],
  properties: { alerts: { type: 'array', items: alertSchema } },
} as const;

export const markReadBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 100 } } },
} as const;

export const thresholdsGetBody = {
  type: 'object',
  additionalProperties: false,
  required: ['plantId'],
  properties: { plantId },
} as const;

export const thresholdsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['plantId', 'batterySocMin', 'pvMinPercent'],
  properties: {
    plantId,
    batterySocMin: { type: 'number', ...THRESHOLD_LIMITS.batterySocMin },
    pvMinPercent: { type: 'number', ...THRESHOLD_LIMITS.pvMinPercent },
  },
} as const;
