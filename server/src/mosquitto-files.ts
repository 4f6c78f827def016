// `npm run mosquitto-files -w server [-- <dir>]`: writes the password_file and acl_file an external
// Mosquitto needs (default $DATA_DIR/mosquitto) from the database named by DATABASE_URL, with the
// server's own login from MQTT_USERNAME / MQTT_PASSWORD. The server also rewrites them itself on
// start and after each password rotation when MQTT_URL is set; reload Mosquitto (SIGHUP) to apply.
import path from 'node:path';
import { loadConfig } from './config';
import { createDatabase } from './db';
import { writeMosquittoFiles } from './iot/mqtt/mosquitto-files';

async function main(): Promise<void> {
  const config = loadConfig();
  const dir = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'mosquitto'));
  if (!config.mqttPassword) {
    process.stderr.write('MQTT_PASSWORD is not set: the files get no login for the server itself, so Mosquitto will refuse it.\n');
  }
  const db = await createDatabase(config.databaseUrl);
  try {
    const files = await writeMosquittoFiles(
      db,
      dir,
      config.mqttPassword ? { username: config.mqttUsername, password: config.mqttPassword } : undefined,
    );
    process.stdout.write(
      [
        `wrote ${files.passwordFile} and ${files.aclFile}; in mosquitto.conf:`,
        '  allow_anonymous false',
        `  password_file ${files.passwordFile}`,
        `  acl_file ${files.aclFile}`,
        '',
      ].join('\n'),
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`mosquitto-files: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
