// The in-process simulator stands in for real gateways, and a real gateway keeps its own password: so
// does the simulator, in a keystore file under DATA_DIR (owner-only), never in the database. The demo
// seed fills it for the demo plants; a simulated plant whose stored password is missing or no longer
// current (rotated, or a plant added later) is given a new one on start.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { gatewayPasswordIsCurrent, setNewGatewayPassword } from '../mqtt/gateway-credentials';
import { ChargerAuthenticator, setNewChargerPassword } from '../../ocpp/credentials';

export const simulatorKeystorePath = (dataDir: string): string => path.join(dataDir, 'simulator-gateways.json');

async function readKeystore(file: string): Promise<Record<string, string>> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** Merges `passwords` (thing name → password) into the keystore file. */
export async function saveSimulatorPasswords(file: string, passwords: ReadonlyMap<string, string>): Promise<void> {
  const stored = { ...(await readKeystore(file)), ...Object.fromEntries(passwords) };
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
  await fs.rename(temporary, file);
}

/** A current password for every plant the simulator runs, provisioning the ones it lacks. */
export async function simulatorPasswords(
  db: Kysely<Database>,
  file: string,
  plants: ReadonlyArray<{ id: string; thing_name: string }>,
): Promise<{ passwords: Map<string, string>; provisioned: number }> {
  const stored = await readKeystore(file);
  const passwords = new Map<string, string>();
  const provisioned = new Map<string, string>();
  for (const plant of plants) {
    const known = stored[plant.thing_name];
    if (typeof known === 'string' && (await gatewayPasswordIsCurrent(db, plant.thing_name, known))) {
      passwords.set(plant.thing_name, known);
      continue;
    }
    const { password } = await setNewGatewayPassword(db, plant);
    passwords.set(plant.thing_name, password);
    provisioned.set(plant.thing_name, password);
  }
  if (provisioned.size > 0) await saveSimulatorPasswords(file, provisioned);
  return { passwords, provisioned: provisioned.size };
}

export const simulatorChargerKeystorePath = (dataDir: string): string => path.join(dataDir, 'simulator-chargers.json');

/** A current OCPP password for every charger the simulator runs (charge point id → password), provisioning the ones it lacks. */
export async function simulatorChargerPasswords(
  db: Kysely<Database>,
  file: string,
  chargers: ReadonlyArray<{ id: string; charge_point_id: string }>,
): Promise<Map<string, string>> {
  const stored = await readKeystore(file);
  const auth = new ChargerAuthenticator(db);
  const passwords = new Map<string, string>();
  const provisioned = new Map<string, string>();
  for (const charger of chargers) {
    const known = stored[charger.charge_point_id];
    if (typeof known === 'string' && (await auth.verify(charger.charge_point_id, Buffer.from(known)))) {
      passwords.set(charger.charge_point_id, known);
      continue;
    }
    const password = await setNewChargerPassword(db, charger.id);
    passwords.set(charger.charge_point_id, password);
    provisioned.set(charger.charge_point_id, password);
  }
  if (provisioned.size > 0) await saveSimulatorPasswords(file, provisioned);
  return passwords;
}
