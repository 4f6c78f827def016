// The known-device cookie: a browser that signed in to an account gets a signed token naming a device
// id for that account. The sign-in throttle counts failures from a known device on their own, so
// nobody elsewhere can lock its owner out (auth/sign-in-throttle.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE_PATH } from './refresh-cookie';
import { DEVICE_TOKEN_LIFETIME_S, type TokenService } from './tokens';

export const DEVICE_COOKIE = 'helio_device';

/** The device id the request's cookie proves for this account, if any. */
export function knownDeviceOf(request: FastifyRequest, tokens: TokenService, account: string): Promise<string | undefined> {
  return tokens.deviceOf(request.cookies[DEVICE_COOKIE], account);
}

/** Gives the browser a device token for the account it just signed in to, unless it has one. */
export async function rememberDevice(request: FastifyRequest, reply: FastifyReply, tokens: TokenService, account: string, secure: boolean) {
  if (await knownDeviceOf(request, tokens, account)) return;
  reply.setCookie(DEVICE_COOKIE, await tokens.issueDeviceToken(account), {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_TOKEN_LIFETIME_S,
  });
}
