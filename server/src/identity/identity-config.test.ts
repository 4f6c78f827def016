import { ConfigError } from '../config';
import { loadIdentityConfig } from './identity-config';

describe('identity configuration', () => {
  it('keeps mail in the outbox, trusts no proxy and sends from no-reply by default', () => {
    expect(loadIdentityConfig({})).toEqual({ mailFrom: 'Helio EMS <no-reply@helio.local>', trustProxy: false });
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL', () => {
    expect(
      loadIdentityConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'ops@example.com', PUBLIC_URL: 'https://ems.example/' }),
    ).toEqual({ smtpUrl: 'smtps://u:p@mail.example:465', mailFrom: 'ops@example.com', publicUrl: 'https://ems.example', trustProxy: false });
  });

  it('reads TRUST_PROXY as on/off or proxy addresses', () => {
    expect(loadIdentityConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadIdentityConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadIdentityConfig({ SMTP_URL: 'http://mail' })).toThrow(new ConfigError('SMTP_URL', 'must use smtp: or smtps: (got "http://mail")'));
    expect(() => loadIdentityConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL is not a URL/);
    expect(() => loadIdentityConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadIdentityConfig({ TRUST_PROXY: 'maybe please' })).toThrow(/TRUST_PROXY/);
  });
});
