// The demo plants' chargers as OCPP charge points (the in-process simulator runs them): Brno's home
// wallbox and a second one at the drive. The first describes the plant's charger device
// (demo-devices.ts), as migration 065 made it. Plzeň's car-park charger stays the gateway's own for
// now: the /ev journey drives it through the gateway's test topic (helio/things/{thing}/sim/ev) and
// moves to OCPP with the /ev page (issue 36, phase 2).
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
    {
      chargePointId: 'demo-brno-01-ev2',
      name: 'Wallbox příjezd',
      ratedKw: 11,
      vendor: 'Alfen',
      model: 'Eve Single Pro-line',
      carAtStart: { batteryKwh: 77, socPct: 35, limitPct: 80, stayHours: 8 },
    },
  ],
};

/** The id tag of the demo cars' cards (the demo plants list it). */
export const DEMO_ID_TAG = 'DEMO-CARD-01';
