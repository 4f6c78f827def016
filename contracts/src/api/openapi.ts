// GET /api/openapi.json: the OpenAPI 3.1 document generated from the registered routes (and so from
// these contracts). Its own contract, as it is no JSON endpoint of the usual POST kind.
import { Dictionary } from './common';
import { Type } from '@sinclair/typebox';

export const openApiContract = {
  path: '/api/openapi.json',
  method: 'GET',
  /** Any OpenAPI document: every field is written as it is. */
  response: Dictionary(Type.Unknown()),
} as const;

/** GET /api/health: 200 while the database answers, 503 when it does not. */
export const healthContract = {
  path: '/api/health',
  method: 'GET',
  response: Type.Object({ status: Type.String(), reason: Type.Optional(Type.String()) }),
} as const;
