import { Buffer } from 'buffer';
import { fakeIdToken } from '../testing/fake-api';
import { claimsOf, sessionFrom } from './token-claims';

describe('ID token claims', () => {
  it('reads sub, email and tenant_id from the payload', () => {
    expect(claimsOf(fakeIdToken({ sub: 'u-9', email: 'x@helio.local', tenant_id: 't-3' }))).toEqual({
      sub: 'u-9',
      email: 'x@helio.local',
      tenantId: 't-3',
    });
  });

  it('decodes UTF-8 in base64url', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'ü', email: 'jiří@helio.local', tenant_id: 'ť' })).toString('base64url');
    expect(claimsOf(`h.${payload}.s`)).toEqual({ sub: 'ü', email: 'jiří@helio.local', tenantId: 'ť' });
  });

  it('rejects a token without the claims', () => {
    expect(() => claimsOf('not-a-jwt')).toThrow('Malformed ID token');
    expect(() => claimsOf(fakeIdToken({ tenant_id: undefined }))).toThrow('tenant_id');
  });

  it('turns expiresIn (seconds) into an expiry time (epoch ms)', () => {
    const session = sessionFrom({ idToken: fakeIdToken(), accessToken: 'a', expiresIn: 900 }, 1_000_000);
    expect(session.expiresAt).toBe(1_000_000 + 900_000);
    expect(session.claims.email).toBe('admin@helio.local');
  });
});
