import Fastify, { type FastifyInstance } from 'fastify';
import { databaseTargets } from '../testing/databases';
import { createTestApp } from '../testing/test-app';
import { createCspViolationTally, registerCspReportRoute, violationsOf, type CspViolationTally } from './csp-reports';
import { installErrorHandler } from './error-handler';

/** What Chrome posts to report-uri (application/csp-report). */
const legacy = (directive: string, blocked: string) => ({
  'csp-report': {
    'document-uri': 'http://127.0.0.1:8080/monitoring',
    referrer: '',
    'violated-directive': directive,
    'effective-directive': directive,
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': blocked,
    'status-code': 200,
  },
});

/** What the Reporting API posts to the report-to endpoint (application/reports+json), in batches. */
const batch = (...directives: string[]) =>
  directives.map((directive) => ({
    age: 12,
    type: 'csp-violation',
    url: 'http://127.0.0.1:8080/flow',
    user_agent: 'Chromium',
    body: {
      documentURL: 'http://127.0.0.1:8080/flow',
      effectiveDirective: directive,
      blockedURL: 'https://evil.example/x.js?y=1',
      disposition: 'enforce',
      statusCode: 200,
    },
  }));

describe('violationsOf', () => {
  it('reads both report formats, keeps only the origin of a blocked URL and skips other report types', () => {
    expect(violationsOf(legacy('script-src-elem', 'inline'))).toEqual([{ directive: 'script-src-elem', blocked: 'inline' }]);
    expect(violationsOf([...batch('script-src-elem'), { type: 'deprecation', body: {} }])).toEqual([
      { directive: 'script-src-elem', blocked: 'https://evil.example' },
    ]);
  });
});

describe('the CSP violation tally', () => {
  it('sums up any number of reports in one line per interval, and says nothing when there were none', () => {
    const lines: string[] = [];
    const tally = createCspViolationTally((line) => lines.push(line));
    for (let i = 0; i < 500; i += 1) tally.record([{ directive: 'script-src-elem', blocked: 'inline' }]);
    tally.record([{ directive: 'img-src', blocked: 'https://cdn.example' }]);
    tally.flush();
    tally.flush();
    tally.stop();
    expect(lines).toEqual([
      'Content-Security-Policy violations reported in the last 60 s: 501 (script-src-elem inline ×500, img-src https://cdn.example ×1)',
    ]);
    expect(tally.total()).toBe(501);
  });
});

describe('POST /api/csp-reports', () => {
  let app: FastifyInstance;
  let tally: CspViolationTally;
  const warnings: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    installErrorHandler(app);
    tally = await registerCspReportRoute(app, { perMinute: 5 });
    app.log.warn = ((line: string) => warnings.push(line)) as typeof app.log.warn;
  });
  afterAll(() => app.close());

  const send = (body: unknown, contentType: string, ip = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': contentType },
      remoteAddress: ip,
    });

  it('counts reports of both kinds without a session, and logs none of them one by one', async () => {
    expect((await send(legacy('script-src-elem', 'inline'), 'application/csp-report')).statusCode).toBe(204);
    expect((await send(batch('script-src-elem', 'connect-src'), 'application/reports+json')).statusCode).toBe(204);
    expect(tally.total()).toBe(3);
    expect(warnings).toEqual([]);
  });

  it('refuses what is not a report, and bodies over its small limit, in the error shape', async () => {
    const broken = await send('{"csp-report":', 'application/csp-report', '10.0.0.2');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('BadRequest');
    expect((await send({ hello: 'world' }, 'application/json', '10.0.0.2')).statusCode).toBe(400);
    const huge = await send(batch(...Array.from({ length: 40 }, () => 'x'.repeat(1000))), 'application/reports+json', '10.0.0.2');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PayloadTooLarge');
    expect(tally.total()).toBe(3);
  });

  it('answers 429 past the reports a client address may send per minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await send(legacy('img-src', 'data'), 'application/csp-report', '10.0.0.3')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    const other = await send(legacy('img-src', 'data'), 'application/csp-report', '10.0.0.4');
    expect(other.statusCode).toBe(204);
    const refused = await send(legacy('img-src', 'data'), 'application/csp-report', '10.0.0.3');
    expect(refused.json().error.code).toBe('TooManyRequests');
  });

  it('logs the minute in one line when it closes', async () => {
    await app.close();
    expect(warnings).toEqual([expect.stringMatching(/^Content-Security-Policy violations reported in the last 60 s: 9 \(/)]);
  });
});

describe('the report endpoint in the real app', () => {
  const [sqlite] = databaseTargets();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(await sqlite.create());
  });
  afterAll(async () => {
    await app.close();
    await sqlite.destroy();
  });

  it('is open without a token and answers an oversized report with 413, not 401', async () => {
    const report = await app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      payload: JSON.stringify(legacy('frame-ancestors', '')),
      headers: { 'content-type': 'application/csp-report' },
    });
    expect(report.statusCode).toBe(204);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      payload: JSON.stringify({ 'csp-report': { x: 'y'.repeat(40_000) } }),
      headers: { 'content-type': 'application/csp-report' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.details).toEqual({ limitBytes: 32 * 1024 });
  });
});
