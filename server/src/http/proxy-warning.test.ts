// An X-Forwarded-For the server does not believe (no TRUST_PROXY, or a proxy it does not trust) is
// warned of once, at the first request that brings it; a believed one, or none, never.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ONE_PRIVATE_PROXY } from '../auth/identity-config';
import { TEST_IDENTITY } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { buildApp } from './app';
import { PROXY_WARNING } from './proxy-warning';

const [sqlite] = databaseTargets();

describe('the warning about an unbelieved proxy', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await sqlite.create();
  });
  afterAll(() => sqlite.destroy());

  const health = (app: Awaited<ReturnType<typeof buildApp>>, forwarded?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.5',
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    });

  it('warns once when requests bring X-Forwarded-For and TRUST_PROXY is off', async () => {
    const warn = jest.fn();
    const app = await buildApp({ db, config: testConfig(), identity: { ...TEST_IDENTITY, trustProxy: false }, warn });
    await health(app);
    expect(warn).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) await health(app, `203.0.113.${i}`);
    expect(warn.mock.calls).toEqual([[PROXY_WARNING]]);
    await app.close();
  });

  it('stays quiet when the proxy in front is believed', async () => {
    const warn = jest.fn();
    const app = await buildApp({ db, config: testConfig(), identity: { ...TEST_IDENTITY, trustProxy: ONE_PRIVATE_PROXY }, warn });
    await health(app, '203.0.113.7');
    expect(warn).not.toHaveBeenCalled();
    await app.close();
  });
});
