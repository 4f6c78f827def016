// Every error leaves the server in one shape: {"error":{"code","message","details"}}. Client mistakes
// (schema validation, bad JSON, wrong content type) keep their 4xx status; a database that cannot be
// used right now (down, restarting, disk full) is a logged 503; anything else is a logged 500.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable, unavailableMessage } from '../db/unavailable';
import type { ErrorCode } from '@helio/contracts';
import { ApiError, type ErrorBody } from './errors';

/** However many errors a validator found, an answer carries only the first few: it must stay small. */
export const MAX_VALIDATION_DETAILS = 5;
const MAX_VALIDATION_MESSAGE = 1000;

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
};

export function sendError(reply: FastifyReply, statusCode: number, code: ErrorCode, message: string, details?: unknown) {
  const body: ErrorBody = { error: details === undefined ? { code, message } : { code, message, details } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) void reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (error.validation) {
      const details = error.validation.slice(0, MAX_VALIDATION_DETAILS);
      const message = error.validation.length > MAX_VALIDATION_DETAILS ? error.message.slice(0, MAX_VALIDATION_MESSAGE) : error.message;
      return sendError(reply, 400, 'BadRequest', message, details);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // The body was read and dropped (body-limits.ts), as far as it was read at all: end the connection.
      void reply.header('connection', 'close');
      const limitBytes = request.routeOptions.bodyLimit;
      return sendError(reply, 413, 'PayloadTooLarge', `The request body is larger than this route's limit of ${limitBytes} bytes`, {
        limitBytes,
      });
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, status, CODE_BY_STATUS[status] ?? 'BadRequest', error.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'request failed: the database is unavailable');
      void reply.header('retry-after', '5');
      return sendError(reply, 503, 'ServiceUnavailable', unavailableMessage(error));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'InternalError', 'Internal server error');
  });
}
