// Plants as the server answers them, for the management app's tests.
import type { Device, FleetPage, FleetPageRequest, FleetPlant, Plant, PlantDetail, RegistryPlant } from '@helio/shared-utils';

export function plantDetail(overrides: Partial<PlantDetail> = {}): PlantDetail {
  return {
    id: 'p-brno',
    name: 'Brno – Rodinný dům',
    thingName: 'demo-brno-01',
    location: 'Brno, Žabovřesky',
    address: '',
    latitude: 49.2146,
    longitude: 16.5852,
    timezone: 'Europe/Prague',
    pvPeakKw: 9.8,
    tiltDeg: 35,
    azimuthDeg: 0,
    batteryKwh: 10,
    batteryMaxSocPct: 95,
    batteryMaxChargeKw: 5,
    batteryMaxDischargeKw: 5,
    chargerKw: 11,
    gridExportLimitKw: null,
    tariffName: 'D57d',
    tariffPricePerKwh: 4.2,
    tariffCurrency: 'CZK',
    version: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: null,
    ...overrides,
  };
}

export function registryPlant(overrides: Partial<RegistryPlant> = {}): RegistryPlant {
  return {
    id: 'p-brno',
    name: 'Brno – Rodinný dům',
    thingName: 'demo-brno-01',
    gatewayClientId: 'gw-demo-brno-01',
    hasCredentials: true,
    status: 'online',
    lastSeen: '2026-11-23T01:00:00.000Z',
    connected: true,
    connectedSince: null,
    firmware: null,
    shadowVersion: 5,
    tagIds: [],
    todayEnergyKwh: null,
    ...overrides,
  };
}

export function device(overrides: Partial<Device> = {}): Device {
  return {
    id: 'd-inverter',
    plantId: 'p-brno',
    kind: 'inverter',
    name: 'Střídač',
    maker: 'Huawei',
    model: 'SUN2000-10KTL-M1',
    serial: 'HV2140012345',
    firmware: 'V100R001C10SPC139',
    ratedPowerKw: 10,
    capacityKwh: null,
    liveKeys: ['ActPwrPve', 'EnergyPveTotal'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A row of the plants table: the plant with its gateway's status, tags and today's energy. */
export function fleetPlant(plant: Plant, overrides: Partial<FleetPlant> = {}): FleetPlant {
  return { ...plant, status: 'online', lastSeen: '2026-11-23T01:00:00.000Z', tagIds: [], todayEnergyKwh: null, ...overrides };
}

/** plant/fleet/page as the server answers it, over the given rows (in their order): filtered and cut. */
export function fleetPageOf(rows: readonly FleetPlant[], request: FleetPageRequest): FleetPage {
  const { search, status, tag } = request.filter ?? {};
  const matching = rows.filter(
    (row) =>
      (search === undefined || row.name.toLowerCase().includes(search.toLowerCase())) &&
      (status === undefined || row.status === status) &&
      (tag === undefined || row.tagIds.includes(tag)),
  );
  const pageSize = request.pageSize ?? 25;
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(request.page ?? 0, pageCount - 1);
  return { plants: matching.slice(page * pageSize, (page + 1) * pageSize), total: matching.length, page, pageCount };
}
