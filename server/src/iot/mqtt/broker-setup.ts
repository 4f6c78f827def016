// The broker the server and its gateways use, with the server's own login on it: the embedded one
// (logins checked against the database; the server's password made per run unless MQTT_PASSWORD is
// set) or an external one at MQTT_URL, for which the Mosquitto password and ACL files are kept in
// $DATA_DIR/mosquitto.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { startEmbeddedBroker } from './broker';
import { brokerAuthenticator, type ServerLogin } from './broker-auth';
import type { DeviceLog } from '../log';
import { writeMosquittoFiles } from './mosquitto-files';

export interface BrokerSetup {
  url: string;
  /** The server's login; undefined for an external broker without MQTT_PASSWORD (anonymous). */
  serverLogin?: ServerLogin;
  /**
   * After gateway credentials changed: the embedded broker drops the clients of `revokedUsername`;
   * for Mosquitto the files are rewritten (reload Mosquitto to apply).
   */
  credentialsChanged(revokedUsername?: string): Promise<void>;
  close(): Promise<void>;
}

export async function setUpBroker(db: Kysely<Database>, config: Config, log: DeviceLog): Promise<BrokerSetup> {
  const configured = config.mqttPassword ? { username: config.mqttUsername, password: config.mqttPassword } : undefined;
  if (!config.mqttUrl) {
    const serverLogin = configured ?? { username: config.mqttUsername, password: randomBytes(24).toString('base64url') };
    const broker = await startEmbeddedBroker({
      port: config.mqttPort,
      authenticate: brokerAuthenticator(db, serverLogin),
      onWorkerError: (error) => log.error(`devices: ${error.message}`),
    });
    log.info(`devices: embedded MQTT broker listening on ${broker.url}`);
    return {
      url: broker.url,
      serverLogin,
      credentialsChanged: async (revokedUsername) => {
        if (revokedUsername) broker.revoke(revokedUsername);
      },
      close: () => broker.close(),
    };
  }

  if (!configured) {
    log.warn(
      'devices: MQTT_PASSWORD is not set, so the Mosquitto files have no login for this server; fine for a broker that allows anonymous clients',
    );
  }
  const writeFiles = async () => {
    const files = await writeMosquittoFiles(db, path.join(config.dataDir, 'mosquitto'), configured);
    log.info(`devices: Mosquitto password_file ${files.passwordFile} and acl_file ${files.aclFile} written (reload Mosquitto to apply)`);
  };
  // Written before the server connects: a Mosquitto set up from these files must know its login.
  await writeFiles();
  return { url: config.mqttUrl, serverLogin: configured, credentialsChanged: writeFiles, close: async () => undefined };
}
