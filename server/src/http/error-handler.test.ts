import type { ErrorBody } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import { databaseTargets } from '../testing/databases';
import { apiPost, createTestApp } from '../testing/test-app';

type ValidationError = ErrorBody<Array<{ keyword: string; instancePath: string }>>;

describe.each(databaseTargets())('error answers on $name', (target) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp(await target.create());
    app.post('/api/test/boom', async () => {
      throw new Error('database password is hunter2');
    });
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const expectBadRequest = (response: { statusCode: number; json: <T>() => T }, keyword?: string) => {
    expect(response.statusCode).toBe(400);
    const body = response.json<ValidationError>();
    expect(body.error.code).toBe('BadRequest');
    expect(typeof body.error.message).toBe('string');
    if (keyword) expect(body.error.details?.map((d) => d.keyword)).toContain(keyword);
    return body;
  };

  it('answers 400 BadRequest with Ajv details for a missing field', async () => {
    const body = expectBadRequest(await apiPost(app, 'auth/sign-in', { username: 'a@b.c' }), 'required');
    expect(body.error.message).toMatch(/password/);
  });

  it('answers 400 for a wrong type instead of coercing it', async () => {
    const body = expectBadRequest(await apiPost(app, 'auth/sign-in', { username: 42, password: true }), 'type');
    // validation stops at the first error: the answer names one field, not every wrong one
    expect(body.error.details?.map((d) => d.instancePath)).toEqual(['/username']);
  });

  it('answers 400 for extra properties instead of dropping them', async () => {
    expectBadRequest(await apiPost(app, 'auth/sign-in', { username: 'a@b.c', password: 'x', isAdmin: true }), 'additionalProperties');
    expectBadRequest(await apiPost(app, 'auth/refresh', { junk: 1 }), 'additionalProperties');
    // (an authenticated route answers 401 before looking at the body; route tests cover its 400s)
  });

  it('answers 400 for a body that is not an object, broken JSON or an empty JSON body', async () => {
    expectBadRequest(await apiPost(app, 'auth/sign-in', ['a', 'b']), 'type');
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/api/auth/sign-in', payload, headers: { 'content-type': 'application/json' } });
    expectBadRequest(await post('{"username": "a@b.c", '));
    expectBadRequest(await post(''));
  });

  it('answers 415 for a form post and 413 for an oversized body, in the same shape', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json<ValidationError>().error.code).toBe('UnsupportedMediaType');

    const huge = await apiPost(app, 'auth/sign-in', { username: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<ValidationError>().error.code).toBe('PayloadTooLarge');
  });

  it('answers 404 JSON for an unknown API path, whatever the method and Accept header', async () => {
    const post = await apiPost(app, 'no/such/thing', {});
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: { code: 'NotFound', message: 'No route POST /api/no/such/thing' } });
    const get = await app.inject({ method: 'GET', url: '/api/plant/list', headers: { accept: 'text/html' } });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toMatch(/^application\/json/);
    expect(get.json<ValidationError>().error.code).toBe('NotFound');
  });

  it('answers 500 InternalError without leaking the cause', async () => {
    const response = await apiPost(app, 'test/boom', {});
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'InternalError', message: 'Internal server error' } });
  });
});
