// The cluster bench's fleet: `plants` gateways in the demo tenant (copies of one demo plant with
// their own thing names), each with its own broker login, and 8 tags over them as in the plants
// table bench. Every gateway gets the same password, hashed once: hashing 10,000 passwords
// (scrypt + PBKDF2) would take minutes and measures nothing here, while Mosquitto still checks
// each login on connect.
'use strict';
const { randomUUID } = require('node:crypto');
const dist = require('./dist-paths');
const { hashPassword } = require(dist.server('auth/passwords'));
const { plantListingColumns } = require(dist.server('plants/listing-columns'));
const { mosquittoHash, gatewayUsername, newGatewayPassword } = require(dist.server('iot/mqtt/gateway-credentials'));

const TAGS = ['Střecha', 'Farma', 'Sever', 'Jih', 'Servis 2026', 'Baterie', 'Hala', 'Pilot'];
const CHUNK = 500;

async function insertInChunks(db, table, rows) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** Adds the fleet (idempotent by thing name prefix: a second call on the same database adds nothing). */
async function seedClusterFleet(db, { plants: count, prefix = 'fleet-gw' }) {
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', 'Helio Demo').executeTakeFirstOrThrow();
  const template = await db.selectFrom('plants').selectAll().where('thing_name', '=', 'demo-brno-01').executeTakeFirstOrThrow();
  const { id: _id, version: _v, ...base } = template;
  const password = newGatewayPassword();
  const hashes = { password_hash: await hashPassword(password), mosquitto_hash: await mosquittoHash(password) };
  const plants = Array.from({ length: count }, (_, i) => ({
    ...base,
    id: randomUUID(),
    name: `Flotila ${String(i + 1).padStart(5, '0')}`,
    ...plantListingColumns({ name: `Flotila ${String(i + 1).padStart(5, '0')}`, location: base.location }),
    thing_name: `${prefix}-${String(i + 1).padStart(5, '0')}`,
    simulated: 0,
    pv_peak_kw: 5 + (i % 50),
    created_at: new Date().toISOString(),
  }));
  await insertInChunks(db, 'plants', plants);
  const now = new Date().toISOString();
  await insertInChunks(
    db,
    'gateway_credentials',
    plants.map((p) => ({ plant_id: p.id, username: gatewayUsername(p.thing_name), ...hashes, updated_at: now })),
  );
  const tags = TAGS.map((name, i) => ({
    id: randomUUID(),
    tenant_id: tenant.id,
    name,
    name_key: name.toLocaleLowerCase('cs'),
    colour: ['blue', 'green', 'orange', 'red', 'violet', 'gold', 'forest', 'gray'][i],
    created_at: now,
    updated_at: null,
  }));
  await db.insertInto('tags').values(tags).execute();
  await insertInChunks(
    db,
    'plant_tags',
    plants.flatMap((p, i) => [
      { plant_id: p.id, tag_id: tags[i % TAGS.length].id },
      ...(i % 3 === 0 ? [{ plant_id: p.id, tag_id: tags[(i + 1) % TAGS.length].id }] : []),
    ]),
  );
  return { plants, things: plants.map((p) => p.thing_name), password, tagName: TAGS[0], tenantId: tenant.id };
}

module.exports = { seedClusterFleet };
