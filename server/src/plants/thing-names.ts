// Thing names are issued by the server, never chosen: a random name (128 bits) is one nobody else
// holds, so creating a plant cannot answer "taken" and tells a tenant nothing about other
// organisations' plants (thing names are unique per installation: they name MQTT topics and logins).
import { isThingName } from '@helio/contracts';
import { randomBytes } from 'node:crypto';

const RANDOM_BYTES = 16;
/** 128 bits in base 32 (0-9, a-v) are 26 characters. */
const DIGITS = Math.ceil((RANDOM_BYTES * 8) / 5);

/** `plant-` and 26 lower-case base-32 digits of 16 random bytes: of the contract's thing-name pattern. */
export function newThingName(): string {
  const value = BigInt(`0x${randomBytes(RANDOM_BYTES).toString('hex')}`);
  const name = `plant-${value.toString(32).padStart(DIGITS, '0')}`;
  if (!isThingName(name)) throw new Error(`Issued thing name ${name} does not fit the thing-name pattern`);
  return name;
}
