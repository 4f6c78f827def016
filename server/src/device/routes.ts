// device/list {plantId}, device/get {id}, device/create, device/update {id, payload}, device/delete {id}:
// the devices of a plant (device-store.ts holds the rules). Reading needs plants:read, changing
// plants:write, like the plant's settings.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createDevice, deleteDevice, getDevice, listDevices, updateDevice } from './device-store';

export function plantDeviceHandlers({ db }: { db: Kysely<Database> }): ApiHandlers {
  return {
    'device/list': async (request) => listDevices(db, request, request.body),
    'device/get': async (request) => getDevice(db, request, request.body.id),
    'device/create': async (request) => createDevice(db, request, request.body),
    'device/update': async (request) => updateDevice(db, request, request.body),
    'device/delete': async (request) => {
      await deleteDevice(db, request, request.body.id);
      return { ok: true };
    },
  };
}
