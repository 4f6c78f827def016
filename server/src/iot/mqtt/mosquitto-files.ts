// What an external Mosquitto needs to enforce the same logins and topics as the embedded broker: a
// password_file (the `$7$` hashes kept per gateway) and an acl_file. Written into a directory with
// owner-only permissions; Mosquitto reads them on start and on SIGHUP.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mosquittoAcl, mosquittoPasswd } from './broker-acl';
import { mosquittoHash } from './gateway-credentials';
import type { ServerLogin } from './broker-auth';

export interface MosquittoFiles {
  passwordFile: string;
  aclFile: string;
}

/** Writes `passwd` and `acl` into `dir` (created if missing), each replaced atomically. */
export async function writeMosquittoFiles(db: Kysely<Database>, dir: string, server?: ServerLogin): Promise<MosquittoFiles> {
  const rows = await db
    .selectFrom('gateway_credentials')
    .innerJoin('plants', 'plants.id', 'gateway_credentials.plant_id')
    .select(['gateway_credentials.username', 'gateway_credentials.mosquitto_hash', 'plants.thing_name'])
    .orderBy('gateway_credentials.username')
    .execute();
  const users = rows.map((r) => ({ username: r.username, mosquittoHash: r.mosquitto_hash }));
  if (server) users.unshift({ username: server.username, mosquittoHash: await mosquittoHash(server.password) });
  const files = { passwordFile: path.join(dir, 'passwd'), aclFile: path.join(dir, 'acl') };
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await replaceFile(files.passwordFile, mosquittoPasswd(users));
  await replaceFile(
    files.aclFile,
    mosquittoAcl(
      rows.map((r) => ({ username: r.username, thingName: r.thing_name })),
      server?.username,
    ),
  );
  return files;
}

async function replaceFile(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, content, { mode: 0o600 });
  await fs.rename(temporary, file);
}
