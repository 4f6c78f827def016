// The gateway end to end: Debian's pymodbus serves an inverter, a meter and a battery (SunSpec maps its
// own fixture lays out from the model definitions), the gateway logs in to the real Helio server's
// broker with the login plant/create showed, and what the devices hold arrives in the shadow and the
// series; controls set as /rc sets them reach the registers and are reported once read back; the
// export limit holds the meter's export under it, on the fixture's plant where the inverter's limit
// moves the meter.
import { recordingLog } from '../../../server/src/iot/test-fixtures';
import { createAlertEngine } from '../../../server/src/notifications/alert-engine';
import { startHelioServer, type CreatedPlant, type HelioServer } from '../testing/helio-server';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test';
import { startPymodbus, type PymodbusFixture } from '../testing/pymodbus-fixture';
import { describeWithPymodbus } from '../testing/pymodbus-suite';
import { BATTERY_FACTS, INVERTER_FACTS, METER_FACTS, testPlantSpec } from '../testing/sunspec-plant';

describeWithPymodbus('the gateway between pymodbus devices and the Helio server', () => {
  let fixture: PymodbusFixture;
  let server: HelioServer;
  let plant: CreatedPlant;
  let gw: GatewayUnderTest;
  const reported = async () => (await server.shadow(plant.thingName)).state.reported;
  const exportW = async () => -((await fixture.read('meter', 203, 'W')).value ?? 0);

  beforeAll(async () => {
    fixture = await startPymodbus(testPlantSpec());
    server = await startHelioServer();
    plant = await server.createPlant('Pymodbus plant');
    gw = startGateway(fixture, { url: server.mqttUrl, thingName: plant.thingName, password: plant.login.password }, { intervalMs: 500 });
  });
  afterAll(async () => {
    await gw?.stop();
    await server?.close();
    await fixture?.close();
  });

  it('reports every device’s values scaled and signed as Helio reads them, into the shadow and the series', async () => {
    const startedAt = Date.now();
    const state = await gw.within(20, 'a report with the battery in the shadow', async () => {
      const r = await reported();
      return typeof r.BatSoc === 'number' && typeof r.ActPwrGrid === 'number' ? r : undefined;
    });
    expect(state).toMatchObject({
      ActPwrPve: 6000,
      ActPwrGrid: -3700,
      ActPwrBat: -800,
      ActPwrLoad: 1500,
      BatSoc: 55.5,
      BatSocMin: 10,
      OperMode: 'self-consumption',
      InverterState: 'running',
      InverterEvents: '',
      GridStatus: 'connected',
      GridVoltage: 230.1,
      FirmwareVersion: expect.stringMatching(/^helio-gateway \d+\.\d+\.\d+/),
      // string 2's power is not implemented on the device: absent, not 0
      PvStrings: { '1': { DCW: 6000, DCA: 10.12, DCV: 593 }, '2': { DCA: 0, DCV: 0 } },
      Devices: {
        'inverter-1': { kind: 'inverter', ...INVERTER_FACTS },
        'meter-1': { kind: 'meter', ...METER_FACTS },
        'battery-1': { kind: 'battery', ...BATTERY_FACTS },
      },
    });
    expect(state.EnergyPveTotal).toBeGreaterThanOrEqual(12_345.6);
    expect(state.EnergyGridImportTotal).toBeGreaterThanOrEqual(1000);
    expect(state.EnergyGridExportTotal).toBeGreaterThanOrEqual(2000);
    expect(state).not.toHaveProperty('ExportLimit');

    const rows = await gw.within(10, 'the samples in the series', async () => {
      const found = await server.series(
        plant,
        ['ActPwrPve', 'ActPwrGrid', 'BatSoc', 'PvStrings.1.DCW'],
        startedAt - 60_000,
        Date.now() + 60_000,
      );
      return new Set(found.map((r) => r.metricKey)).size === 4 ? found : undefined;
    });
    const last = (key: string) => rows.filter((r) => r.metricKey === key).at(-1)?.last;
    expect([last('ActPwrPve'), last('ActPwrGrid'), last('BatSoc'), last('PvStrings.1.DCW')]).toEqual([6000, -3700, 55.5, 6000]);
  });

  it('shows the gateway’s health beside its status: every device answering, nothing waiting', async () => {
    const health = await gw.within(
      10,
      'the gateway’s health at the server',
      () => server.devices.gatewayConnection(plant.thingName)?.health,
    );
    expect(health.devices.map((d) => [d.id, d.answering])).toEqual([
      ['inverter-1', true],
      ['meter-1', true],
      ['battery-1', true],
    ]);
    expect(health.dropped).toBe(0);
  });

  it('reports an inverter fault with its SunSpec event names, and the alert engine opens an inverter fault naming them', async () => {
    // The events first: a poll between the two writes then sees no fault yet, never a fault without
    // its events (the gateway reads the model in one request).
    await fixture.put('inverter', 103, 'Evt1', 0b1000_0001);
    await fixture.put('inverter', 103, 'St', 7);
    await gw.within(10, 'the fault reported', async () => ((await reported()).InverterState === 'fault' ? true : undefined));
    expect((await reported()).InverterEvents).toBe('GROUND_FAULT, OVER_TEMP');
    const engine = createAlertEngine({
      db: server.db,
      bus: server.devices.bus,
      log: recordingLog(),
      consoleUrl: 'https://ems.test',
      startedAt: 0,
    });
    const opened = (await engine.tick()).opened.filter((alert) => alert.plantId === plant.id);
    expect(opened).toEqual([expect.objectContaining({ kind: 'inverterFault' })]);
    const stored = await server.db.selectFrom('alerts').select('details').where('plant_id', '=', plant.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.details)).toEqual({ faultCode: null, state: 'fault', events: 'GROUND_FAULT, OVER_TEMP' });
    await fixture.put('inverter', 103, 'St', 4);
    await fixture.put('inverter', 103, 'Evt1', 0);
    await gw.within(10, 'the fault cleared', async () => ((await reported()).InverterState === 'running' ? true : undefined));
  });

  it('takes BatSocMin and OperMode set on /rc into the battery’s registers and reports them once read back', async () => {
    const socCommand = await server.setControl(plant, 'BatSocMin', 25);
    const modeCommand = await server.setControl(plant, 'OperMode', 'backup');
    await gw.within(10, 'both controls confirmed', async () => {
      const doc = await server.shadow(plant.thingName);
      return doc.state.reported.BatSocMin === 25 && doc.state.reported.OperMode === 'backup' && Object.keys(doc.state.delta).length === 0
        ? doc
        : undefined;
    });
    expect(await fixture.read('battery', 124, 'MinRsvPct')).toEqual({ raw: 250, value: 25 });
    expect((await fixture.read('battery', 124, 'StorCtl_Mod')).raw).toBe(2);
    expect((await fixture.read('battery', 124, 'OutWRte')).value).toBe(0);
    const commands = (await server.call('rc/commands/list', { plantId: plant.id })).json<{
      commands: Array<{ id: string; state: string }>;
    }>();
    expect(commands.commands.filter((c) => [socCommand, modeCommand].includes(c.id)).map((c) => c.state)).toEqual([
      'confirmed',
      'confirmed',
    ]);
  });

  it('refuses a control the plant cannot take, saying why, and writes nothing for it', async () => {
    await server.setControl(plant, 'BatChargeMax', 3000);
    const refusal = await gw.within(10, 'the refusal reported', async () => {
      const reason = ((await reported()).ControlRefused as Record<string, unknown> | undefined)?.BatChargeMax;
      return typeof reason === 'string' ? reason : undefined;
    });
    expect(refusal).toMatch(/does not set the battery’s charge power/);
    expect((await fixture.read('battery', 124, 'WChaMax')).value).toBe(5000);
  });

  it('holds the meter’s export under the limit set on /rc by the inverter’s power limit, and falls back to the limit itself while the meter is silent, the other devices going on', async () => {
    expect(await exportW()).toBe(3700);
    await server.setControl(plant, 'ExportLimit', 2000);
    await gw.within(10, 'the export under the limit, ExportLimit reported', async () =>
      (await exportW()) <= 2000 && (await reported()).ExportLimit === 2000 ? true : undefined,
    );
    expect((await fixture.read('inverter', 123, 'WMaxLim_Ena')).raw).toBe(1);
    // The loop holds it while the sun and the house change.
    for (const figures of [{ pvAvailableW: 9000 }, { loadW: 500 }, { loadW: 3000 }, { pvAvailableW: 7000, loadW: 200 }]) {
      await fixture.setPlant(figures);
      await gw.gateway.nextCycle();
      await gw.gateway.nextCycle();
      await gw.within(3, `export back under the limit after ${JSON.stringify(figures)}`, async () =>
        (await exportW()) <= 2000 ? true : undefined,
      );
      for (let i = 0; i < 3; i++) {
        await gw.gateway.nextCycle();
        expect(await exportW()).toBeLessThanOrEqual(2000);
      }
    }
    // The meter goes silent: after three missed readings the inverter is capped at the limit itself.
    await fixture.stopDevice('meter');
    await gw.within(10, 'the fail-safe cap', async () => {
      const pct = (await fixture.read('inverter', 123, 'WMaxLimPct')).value;
      return gw.gateway.controls.lastDecision.mode === 'failSafe' && pct !== null && pct <= 20 ? true : undefined;
    });
    // The other devices go on meanwhile: the inverter and the battery answer and are reported.
    expect(gw.gateway.health().devices.map((d) => [d.id, d.answering])).toEqual([
      ['inverter-1', true],
      ['meter-1', false],
      ['battery-1', true],
    ]);
    const before = await server.shadow(plant.thingName);
    await gw.within(5, 'a report without the meter', async () => {
      const doc = await server.shadow(plant.thingName);
      return doc.version > before.version && typeof doc.state.reported.BatSoc === 'number' ? true : undefined;
    });
    await fixture.startDevice('meter');
    await gw.within(40, 'the loop closed on the meter again', () =>
      gw.gateway.controls.lastDecision.mode === 'closed' ? true : undefined,
    );
  });
});
