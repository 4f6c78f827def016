import { ConfigError } from '../config-values';
import { loadIdentityConfig, ONE_PRIVATE_PROXY } from './identity-config';

describe('identity configuration', () => {
  it('keeps mail in the outbox, trusts no proxy and sends from no-reply by default', () => {
    expect(loadIdentityConfig({})).toEqual({ mailFrom: 'Helio EMS <no-reply@helio.local>', trustProxy: false });
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL', () => {
    expect(
      loadIdentityConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'ops@example.com', PUBLIC_URL: 'https://ems.example/' }),
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      mailFrom: 'ops@example.com',
      publicUrl: 'https://ems.example',
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY as on/off or proxy addresses, never as trust in any header', () => {
    expect(loadIdentityConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(ONE_PRIVATE_PROXY);
    expect(loadIdentityConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadIdentityConfig({ SMTP_URL: 'http://mail' })).toThrow(
      new ConfigError('SMTP_URL', 'must use smtp: or smtps: (got "http://mail")'),
    );
    expect(() => loadIdentityConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL is not a URL/);
    expect(() => loadIdentityConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadIdentityConfig({ TRUST_PROXY: 'maybe please' })).toThrow(/TRUST_PROXY/);
  });

  it('with TRUST_PROXY=on takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const { createIdentityApp } = await import('../iam/test-fixtures');
    const { databaseTargets } = await import('../testing/databases');
    const target = databaseTargets()[0];
    if (!target) throw new Error('no database');
    const app = await createIdentityApp(await target.create(), { trustProxy: loadIdentityConfig({ TRUST_PROXY: 'on' }).trustProxy });
    try {
      app.get('/ip', async (request) => ({ ip: request.ip }));
      const ip = async (remoteAddress: string) =>
        (await app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' } })).json<{ ip: string }>().ip;
      expect(await ip('10.0.0.1')).toBe('203.0.113.7'); // the proxy appended the client it saw; 6.6.6.6 is the client's own words
      expect(await ip('::ffff:192.168.1.2')).toBe('203.0.113.7');
      expect(await ip('198.51.100.9')).toBe('198.51.100.9'); // a public peer is no proxy of ours: its header is not believed
    } finally {
      await app.close();
      await target.destroy();
    }
  });
});
