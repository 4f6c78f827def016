// Reads the claims the console needs from the ID token. The server verified the token; the browser
// only needs to know who it is and which tenant, not to trust it.
import type { TokenResponse } from '../api/endpoints';
import type { Session, SessionClaims } from './session';

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  // atob gives one char per byte; percent-encoding the bytes lets decodeURIComponent read the UTF-8.
  return decodeURIComponent(Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
}

export function claimsOf(idToken: string): SessionClaims {
  const payload = idToken.split('.')[1];
  if (!payload) throw new Error('Malformed ID token');
  const claims = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
  const { sub, email, tenant_id: tenantId } = claims;
  if (typeof sub !== 'string' || typeof email !== 'string' || typeof tenantId !== 'string') {
    throw new Error('ID token lacks sub, email or tenant_id');
  }
  return { sub, email, tenantId };
}

export function sessionFrom(tokens: TokenResponse, now = Date.now()): Session {
  return {
    idToken: tokens.idToken,
    accessToken: tokens.accessToken,
    expiresAt: now + tokens.expiresIn * 1000,
    claims: claimsOf(tokens.idToken),
  };
}
