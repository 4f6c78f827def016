// Body schemas shared by the IAM routes.
import { errorResponseSchema } from '../http/errors';
import { MODULE_KEYS } from './modules';
import { PERMISSION_KEYS } from './permissions';

export const errorResponses = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };
export const idSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
export const modulesSchema = { type: 'array', items: { type: 'string', enum: [...MODULE_KEYS] }, uniqueItems: true, maxItems: MODULE_KEYS.length } as const;
export const permissionsSchema = { type: 'array', items: { type: 'string', enum: [...PERMISSION_KEYS] }, uniqueItems: true, maxItems: PERMISSION_KEYS.length } as const;
export const localeSchema = { type: 'string', enum: ['cs', 'en'] } as const;
export const personNameSchema = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;
export const idBody = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idSchema } } as const;
export const okResponse = { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } } as const;
