// The plant the pymodbus suites serve: an inverter (1, 103, 120, 121, 123, 160), a meter (1, 203) and
// a battery (1, 124, 802), with scale factors other than 0 and some points not implemented. Values
// are raw registers; the comments give them in their units.
import type { FixtureSpec } from './pymodbus-fixture';

export const INVERTER_FACTS = { maker: 'Helio Test Solar', model: 'HTS-10K-3P', serial: 'HTS10K-0042', firmware: '3.14.15' };
export const METER_FACTS = { maker: 'Helio Test Meters', model: 'HTM-203', serial: 'M-77001', firmware: '2.0.1' };
export const BATTERY_FACTS = { maker: 'Helio Test Storage', model: 'HTB-10', serial: 'B-31337', firmware: '0.9.8' };

const common = (facts: typeof INVERTER_FACTS) => ({
  id: 1,
  values: { Mn: facts.maker, Md: facts.model, SN: facts.serial, Vr: facts.firmware, Opt: 'test', DA: 1 },
});

/** Sun 6 kW, house 1.5 kW, the battery charging 800 W: 3.7 kW exported while nothing limits the inverter. */
export function testPlantSpec(figures: FixtureSpec['plant'] = {}): FixtureSpec {
  return {
    plant: { pvAvailableW: 6000, loadW: 1500, batteryW: -800, ...figures },
    tickMs: 100,
    devices: {
      inverter: {
        unit: 1,
        models: [
          common(INVERTER_FACTS),
          {
            id: 103,
            values: {
              // 26.04 A, 230.1 / 229.9 V with phase C not implemented, 50.01 Hz
              A: 2604,
              AphA: 868,
              AphB: 868,
              AphC: 868,
              A_SF: -2,
              PhVphA: 2301,
              PhVphB: 2299,
              PhVphC: null,
              V_SF: -1,
              W_SF: 1,
              Hz: 5001,
              Hz_SF: -2,
              VA: null,
              VA_SF: null,
              // 12,345.6 kWh produced so far
              WH: 1234560,
              WH_SF: 1,
              DCW: null,
              DCW_SF: null,
              TmpCab: 412,
              Tmp_SF: -1,
              St: 4,
              Evt1: 0,
              Evt2: 0,
            },
          },
          { id: 120, values: { DERTyp: 4, WRtg: 1000, WRtg_SF: 1, VARtg: 1000, VARtg_SF: 1, ARtg: 1600, ARtg_SF: -2 } },
          // WMax 10 kW
          { id: 121, values: { WMax: 1000, WMax_SF: 1, VRef: 2300, VRef_SF: -1, VRefOfs: 0, VRefOfs_SF: 0 } },
          // no limit: 100.0 %, disabled
          {
            id: 123,
            values: { Conn: 1, WMaxLimPct: 1000, WMaxLimPct_SF: -1, WMaxLim_Ena: 0, OutPFSet: 100, OutPFSet_SF: -2, OutPFSet_Ena: 0 },
          },
          {
            id: 160,
            values: {
              DCA_SF: -2,
              DCV_SF: -1,
              DCW_SF: 0,
              N: 2,
              module: [
                // string 1 carries the plant's PV (the fixture sets its DCW from the inverter's output)
                { ID: 1, IDStr: 'East', DCA: 1012, DCV: 5930, DCW: 0 },
                // string 2 is not connected: its power is not implemented
                { ID: 2, IDStr: 'West', DCA: 0, DCV: 0, DCW: null },
              ],
            },
          },
        ],
      },
      meter: {
        unit: 2,
        models: [
          common(METER_FACTS),
          {
            id: 203,
            values: {
              A_SF: -2,
              PhV: 2300,
              PhVphA: 2301,
              PhVphB: 2300,
              PhVphC: 2299,
              V_SF: -1,
              Hz: 5000,
              Hz_SF: -2,
              W_SF: 1,
              // phase C's power is not implemented
              WphC: null,
              TotWh_SF: 1,
              Evt: 0,
            },
          },
        ],
      },
      battery: {
        unit: 3,
        models: [
          common(BATTERY_FACTS),
          {
            id: 124,
            values: {
              // 5 kW, no control mode, reserve 10.0 %, charged 55.5 %
              WChaMax: 500,
              WChaMax_SF: 1,
              WChaGra: 100,
              WDisChaGra: 100,
              WChaDisChaGra_SF: 0,
              StorCtl_Mod: 0,
              MinRsvPct: 100,
              MinRsvPct_SF: -1,
              ChaState: 555,
              ChaState_SF: -1,
              InBatV: null,
              InBatV_SF: null,
              ChaSt: 4,
              OutWRte: 1000,
              InWRte: 1000,
              InOutWRte_SF: -1,
              ChaGriSet: 0,
            },
          },
          {
            id: 802,
            values: {
              AHRtg: 200,
              AHRtg_SF: 0,
              WHRtg: 1000,
              WHRtg_SF: 1,
              WChaRteMax: 500,
              WDisChaRteMax: 500,
              WChaDisChaMax_SF: 1,
              // SoC 55.5 %, SoH 97 %, reserve not implemented here (124 has it)
              SoC: 555,
              SoC_SF: -1,
              SoCRsvMin: null,
              SoH: 97,
              SoH_SF: 0,
              ChaSt: 4,
              LocRemCtl: 0,
              Typ: 4,
              State: 3,
              Evt1: 0,
              Evt2: 0,
              EvtVnd1: 0,
              EvtVnd2: 0,
              V: 512,
              V_SF: 0,
              CellV_SF: -3,
              A: -16,
              A_SF: 0,
              AMax_SF: 0,
              W_SF: 1,
              SetOp: 1,
              SetInvState: 3,
            },
          },
        ],
      },
    },
  };
}
