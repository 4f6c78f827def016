// The embedded broker's login check: the server's own login (compared in constant time) or a
// gateway's (verified against its scrypt hash in the database). A gateway must use its username as
// its client id, so it can never take over another gateway's persistent session and queued deltas.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { gatewayGrant, SERVER_GRANT } from './broker-acl';
import type { BrokerAuthenticate } from './broker';
import { verifyGatewayLogin } from './gateway-credentials';

export interface ServerLogin {
  username: string;
  password: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function brokerAuthenticator(db: Kysely<Database>, server: ServerLogin): BrokerAuthenticate {
  return async ({ clientId, username, password }) => {
    if (username === undefined || password === undefined) return undefined;
    if (username === server.username) return timingSafeEqual(digest(password), digest(server.password)) ? SERVER_GRANT : undefined;
    const thingName = await verifyGatewayLogin(db, username, password);
    if (thingName === undefined || clientId !== username) return undefined;
    return gatewayGrant(thingName);
  };
}
