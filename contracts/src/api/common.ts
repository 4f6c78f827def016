// Building blocks of every endpoint's schemas. An endpoint is its request body and its 200 answer;
// the server registers them, the browser's types are derived from the same objects (Static).
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import type { ModuleKey } from '../limits/modules';
import type { Permission } from '../limits/permissions';

/** The body of every error answer: {"error":{"code","message","details"}}. */
export const ErrorResponse = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String(), details: Type.Optional(Type.Unknown()) }),
});
/** An error answer's body; `Details` names the shape of `details` where the reader knows it. */
export type ErrorBody<Details = unknown> = { error: Static<typeof ErrorResponse>['error'] & { details?: Details } };
export const errorResponses = { '4xx': ErrorResponse, '5xx': ErrorResponse } as const;

/** An id in a request: never empty, never long. */
export const Id = Type.String({ minLength: 1, maxLength: 100 });
/** The options of every request object: a field the endpoint does not know is a 400, not ignored. */
export const strict = { additionalProperties: false } as const;
/** A request without fields. */
export const NoBody = Type.Object({}, strict);
/** A request naming one thing by its id: {"id": "…"}. */
export const IdBody = Type.Object({ id: Id }, strict);
export const Ok = Type.Object({ ok: Type.Boolean() });

/** A string out of a fixed list, as a plain `enum` (one error message, not one per member). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: object = {}): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A value or null, as a type list (fast to serialize, unlike anyOf). */
export const Nullable = <T extends TSchema & { type: string }>(schema: T): TUnsafe<Static<T> | null> =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** One of the values, or null. */
export const NullableEnum = <const T extends readonly string[]>(values: T): TUnsafe<T[number] | null> =>
  Type.Unsafe<T[number] | null>({ type: ['string', 'null'], enum: [...values, null] });

/** For endpoints every signed-in person may call (not an API key): their own profile, password and sessions. */
export const SIGNED_IN = 'signed-in';

export type EndpointPermission = Permission | typeof SIGNED_IN;

export type TenantResourceKind =
  | 'tenant'
  | 'plant'
  | 'thing'
  | 'user'
  | 'role'
  | 'session'
  | 'device'
  | 'tag'
  | 'apiKey'
  | 'webhook'
  | 'delivery'
  | 'schedule'
  | 'charger'
  /** An EV of a plant (ev/vehicle/*). */
  | 'vehicle'
  /** A user's subscribed browser (push/): the caller's own only. */
  | 'pushDevice';

/** Where a request names a tenant-owned thing by its id (the security test probes it with another tenant's ids). */
export interface TenantResource {
  /** Property of the body (or the query string) holding the id. */
  field: string;
  kind: TenantResourceKind;
  in?: 'body' | 'querystring';
}

/**
 * Who may call an endpoint: the permission it needs (or SIGNED_IN), the module it belongs to, or that it
 * is public; and where it takes tenant-owned ids. The server's access hook reads exactly this.
 */
export interface EndpointAccess {
  permission?: EndpointPermission;
  module?: ModuleKey;
  /** Needs no token at all (sign-in, refresh, password reset…). */
  public?: true;
  tenantResources?: readonly TenantResource[];
}

/** The access of an endpoint that needs a permission (and optionally a module). */
export const access = (
  permission: EndpointPermission,
  extra: { module?: ModuleKey; tenantResources?: readonly TenantResource[] } = {},
): EndpointAccess => ({ permission, ...extra });

/** The access of an endpoint anyone may call without a token. */
export const PUBLIC: EndpointAccess = { public: true };

/** One endpoint: its request body, its 200 answer and who may call it. */
export interface EndpointSchemas<Body extends TSchema = TSchema, Response extends TSchema = TSchema> {
  body: Body;
  response: Response;
  access: EndpointAccess;
}
export const endpoint = <Body extends TSchema, Response extends TSchema>(
  body: Body,
  response: Response,
  access: EndpointAccess,
): EndpointSchemas<Body, Response> => ({ body, response, access });

/** An object of any keys whose values all follow one schema, as plain `additionalProperties` (`true` for any value). */
export const Dictionary = <T extends TSchema>(values: T, options: object = {}): TUnsafe<Record<string, Static<T>>> =>
  Type.Unsafe<Record<string, Static<T>>>({
    type: 'object',
    additionalProperties: Object.keys(values).length === 0 ? true : values,
    ...options,
  });

/** path -> { request, response }: the browser's view of a group of endpoints. */
export type EndpointTypes<Group extends Record<string, EndpointSchemas>> = {
  [Path in keyof Group]: { request: Static<Group[Path]['body']>; response: Static<Group[Path]['response']> };
};
