// Builds a request for any route of the route table from its JSON schemas: the smallest body (or
// query string) the schema accepts, with chosen values for the fields that name tenant-owned things.
// The generated security test uses it to call every endpoint, including ones written after it.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TenantResource, TenantResourceKind } from '../iam/route-access';
import type { NewSchedule } from '../rc/schedules';
import type { RouteEntry } from './route-table';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  examples?: unknown[];
}

/** The smallest value the schema accepts (required properties only). */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return sampleOf(alternative);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key])]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items));
    case 'string':
      if (schema.format === 'email') return 'probe@example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** Fields that name a tenant-owned thing by convention, for routes that declare none themselves. */
const CONVENTIONAL: Record<string, TenantResourceKind> = { thingName: 'thing', things: 'thing', plantId: 'plant' };
/** Required fields that look like ids of something: each must be a declared or conventional resource. */
const ID_LIKE = /^id$|Id$|^thingName$|^things$/;
/**
 * Fields named like ids that name nothing stored yet: the caller chooses the value (ev/charger/add's
 * chargePointId is the identity a new charger will sign in with, unique across the installation).
 */
const CHOSEN_NAMES = new Set(['chargePointId']);

function fieldsOf(route: RouteEntry, where: 'body' | 'querystring'): JsonSchema | undefined {
  return route.schema?.[where] as JsonSchema | undefined;
}

export function tenantResourcesOf(route: RouteEntry): TenantResource[] {
  if (route.config.tenantResources) return [...route.config.tenantResources];
  const found: TenantResource[] = [];
  for (const where of ['body', 'querystring'] as const) {
    for (const field of Object.keys(fieldsOf(route, where)?.properties ?? {})) {
      const kind = CONVENTIONAL[field];
      if (kind) found.push({ field, kind, in: where });
    }
  }
  return found;
}

/** Required id-like fields that no declared or conventional resource covers. */
export function undeclaredIdFields(route: RouteEntry): string[] {
  const covered = new Set(tenantResourcesOf(route).map((r) => r.field));
  return (['body', 'querystring'] as const).flatMap((where) =>
    (fieldsOf(route, where)?.required ?? []).filter((field) => ID_LIKE.test(field) && !covered.has(field) && !CHOSEN_NAMES.has(field)),
  );
}

export interface Probe {
  token?: string;
  /** Replaces the Authorization header entirely (for malformed schemes). */
  authorization?: string;
  /** Values for fields, over the schema sample. */
  fields?: Record<string, unknown>;
}

export function callRoute(app: FastifyInstance, route: RouteEntry, probe: Probe = {}): Promise<LightMyRequestResponse> {
  const where = route.method === 'GET' || route.method === 'DELETE' ? 'querystring' : 'body';
  const sample = sampleOf(fieldsOf(route, where) ?? { type: 'object' });
  const values = { ...(sample as Record<string, unknown>), ...probe.fields };
  const authorization = probe.authorization ?? (probe.token ? `Bearer ${probe.token}` : undefined);
  return app.inject({
    method: route.method as 'GET' | 'POST',
    url: route.url,
    ...(where === 'querystring'
      ? { query: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) }
      : { payload: values }),
    headers: authorization ? { authorization } : {},
  });
}

export const routeName = (route: RouteEntry) => `${route.method} ${route.url}`;

/** Calls every route of `list` and answers those whose status is not `expected`, each with its answer's start. */
export async function sweepRoutes(
  app: FastifyInstance,
  list: readonly RouteEntry[],
  expected: number,
  probe: (route: RouteEntry) => Probe | Promise<Probe>,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of list) {
    const response = await callRoute(app, route, await probe(route));
    if (response.statusCode !== expected) wrong.push(`${routeName(route)} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  }
  return wrong;
}

/** A remote-control schedule of a plant, for the probes of routes that take a schedule id. */
export const probeSchedule = (tenantId: string, plantId: string): NewSchedule => ({
  tenantId,
  plantId,
  key: 'ExportLimit',
  value: 1000,
  kind: 'daily',
  date: null,
  start: '01:00',
  end: '02:00',
  creator: null,
});
