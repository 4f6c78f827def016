// The one error type routes throw. The error handler turns it into
// {"error":{"code","message","details"}} with its status code. The code is one the contract declares
// (contracts/src/api/error-codes.ts): the browser translates it, so an undeclared one does not compile.
import type { ErrorCode, VehicleProblem } from '@helio/contracts';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError(400, 'BadRequest', message, details);
export const unauthorized = (message: string) => new ApiError(401, 'Unauthorized', message);
export const forbidden = (message: string) => new ApiError(403, 'Forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'NotFound', message);
/** 404s of the common things a call names, each with its own code, so the console says which one. */
export const plantNotFound = (message = 'Plant not found') => new ApiError(404, 'PlantNotFound', message);
export const tagNotFound = (message = 'Tag not found') => new ApiError(404, 'TagNotFound', message);
export const deviceNotFound = (message = 'Device not found') => new ApiError(404, 'DeviceNotFound', message);
export const userNotFound = (message = 'User not found') => new ApiError(404, 'UserNotFound', message);
export const organisationNotFound = (message = 'Organisation not found') => new ApiError(404, 'OrganisationNotFound', message);
export const webhookNotFound = (message = 'Webhook not found') => new ApiError(404, 'WebhookNotFound', message);
export const apiKeyNotFound = (message = 'API key not found') => new ApiError(404, 'ApiKeyNotFound', message);
export const roleNotFound = (message = 'Role not found') => new ApiError(404, 'RoleNotFound', message);
export const sessionNotFound = (message = 'Session not found') => new ApiError(404, 'SessionNotFound', message);
export const deliveryNotFound = (message = 'Delivery not found') => new ApiError(404, 'DeliveryNotFound', message);
export const scheduleNotFound = (message = 'Schedule not found') => new ApiError(404, 'ScheduleNotFound', message);
export const pushDeviceNotFound = (message = 'No such device') => new ApiError(404, 'PushDeviceNotFound', message);
export const idTagNotFound = (message = 'Id tag not found') => new ApiError(404, 'IdTagNotFound', message);

export type PeriodProblem = 'notTime' | 'endBeforeStart' | 'tooLong';
/** 400 for a period a read cannot take: `field` names the bad end (from, to, startTime…). */
export const periodInvalid = (message: string, field: string, reason: PeriodProblem, maxDays?: number) =>
  new ApiError(400, 'PeriodInvalid', message, { field, reason, ...(maxDays === undefined ? {} : { maxDays }) });
export type ScheduleProblem = 'emptyWindow' | 'dateMissing' | 'forceChargeShape';
/** 400 for an rc schedule the form cannot create: `field` names the form's field. */
export const scheduleInvalid = (message: string, field: string, reason: ScheduleProblem) =>
  new ApiError(400, 'ScheduleInvalid', message, { field, reason });
/** 400 for an API key's expiry that is past or beyond `maxDays`. */
export const apiKeyExpiryInvalid = (message: string, reason: 'past' | 'tooLong', maxDays?: number) =>
  new ApiError(400, 'ApiKeyExpiryInvalid', message, { field: 'expiresAt', reason, ...(maxDays === undefined ? {} : { maxDays }) });
export type EvPlanProblem = 'oneTarget' | 'socUnknown' | 'departureNotTime' | 'departureOutOfRange' | 'aboveChargeLimit';
/** 400 for a charge plan the form asked for wrongly: `field` names the form's field. */
export const evPlanInvalid = (message: string, field: string, reason: EvPlanProblem, maxHours?: number, chargeLimitPct?: number) =>
  new ApiError(400, 'EvPlanInvalid', message, {
    field,
    reason,
    ...(maxHours === undefined ? {} : { maxHours }),
    ...(chargeLimitPct === undefined ? {} : { chargeLimitPct }),
  });
/** A vehicle's field the form sent wrong (vehicleProblems), or a name the plant's vehicles have (409). */
export const evVehicleInvalid = (
  message: string,
  field: string,
  reason: VehicleProblem | 'nameTaken',
  limits: { maxKwh?: number; minPct?: number } = {},
) => new ApiError(reason === 'nameTaken' ? 409 : 400, 'EvVehicleInvalid', message, { field, reason, ...limits });
export const vehicleNotFound = (message = 'Vehicle not found') => new ApiError(404, 'VehicleNotFound', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, 'TooManyRequests', message, { retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });
export const conflict = (message: string, details?: unknown) => new ApiError(409, 'Conflict', message, details);

/** The body every error answer has (the contract's ErrorResponse, the routes' 4xx/5xx schema). */
export type { ErrorBody } from '@helio/contracts';
