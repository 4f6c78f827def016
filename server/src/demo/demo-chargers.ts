// The demo plants' chargers as OCPP charge points (the in-process simulator runs them): Brno's home
// wallbox, and two at the Plzeň office's car park. The first of a plant describes its charger device
// (demo-devices.ts), as migration 065 made it.
export interface DemoCharger {
  chargePointId: string;
  name: string;
  ratedKw: number;
  vendor: string;
  model: string;
  /** The serial of the plant's charger device it describes. */
  deviceSerial?: string;
  /** A car plugged in when the simulator starts, so a demo shows a session at once. */
  carAtStart?: { batteryKwh: number; socPct: number; limitPct: number; stayHours: number };
}

export const DEMO_CHARGERS: Record<string, DemoCharger[]> = {
  'demo-brno-01': [
    {
      chargePointId: 'demo-brno-01-ev1',
      name: 'Wallbox garáž',
      ratedKw: 11,
      vendor: 'Wallbox',
      model: 'Pulsar Plus',
      deviceSerial: 'WB-PP-448812',
    },
  ],
  'demo-plzen-03': [
    {
      chargePointId: 'demo-plzen-03-ev1',
      name: 'Nabíječka parkoviště',
      ratedKw: 22,
      vendor: 'ABB',
      model: 'Terra AC W22',
      deviceSerial: 'ABB-TAC-2209117',
      carAtStart: { batteryKwh: 77, socPct: 35, limitPct: 80, stayHours: 8 },
    },
    { chargePointId: 'demo-plzen-03-ev2', name: 'Nabíječka u vjezdu', ratedKw: 11, vendor: 'Alfen', model: 'Eve Single Pro-line' },
  ],
};

/** The id tag of the demo cars' cards (the demo plants list it). */
export const DEMO_ID_TAG = 'DEMO-CARD-01';
