// plant-devices: a plant's devices (device/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { plantDeviceHandlers } from './routes';

export const plantDevicesModule = apiModule('plant-devices', ({ db }: { db: Kysely<Database> }) => plantDeviceHandlers({ db }));
