// The codes an error answer carries are the contract's closed set: an undeclared one does not compile,
// and what the server answers on its own (schema errors, unknown routes) is declared too.
import { ERROR_CODES, isErrorCode } from '@helio/contracts';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiError } from './errors';
import { installErrorHandler } from './error-handler';

describe('error codes', () => {
  it('an ApiError takes only a declared code', () => {
    // @ts-expect-error an undeclared code is a compile error (tsc checks this file)
    const undeclared = new ApiError(400, 'NoSuchCode', 'never sent');
    expect(isErrorCode(undeclared.code)).toBe(false);
    expect(isErrorCode(new ApiError(400, 'WebhookUrlRefused', 'x').code)).toBe(true);
  });

  it('answers a schema error with the declared BadRequest and the invalid field in details', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.post('/thing', { schema: { body: Type.Object({ name: Type.String() }, { additionalProperties: false }) } }, () => ({ ok: true }));
    const response = await app.inject({ method: 'POST', url: '/thing', payload: { name: { nested: true } } });
    const { error } = response.json<{ error: { code: string; details: Array<{ instancePath: string }> } }>();
    expect(response.statusCode).toBe(400);
    expect(error.code).toBe('BadRequest');
    expect(Object.keys(ERROR_CODES)).toContain(error.code);
    expect(error.details[0]?.instancePath).toBe('/name');
    await app.close();
  });
});
