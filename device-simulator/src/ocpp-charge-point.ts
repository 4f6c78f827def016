// A simulated charger speaking OCPP 1.6J to the central system with ocpp-rpc's client in strict mode,
// as a real wallbox does: boot, status per connector, Authorize and StartTransaction when a car plugs
// in, MeterValues every report interval (energy register, power, current per phase, SoC), and
// StopTransaction when it leaves. It obeys SetChargingProfile (the limit in A), the remote start and
// stop, TriggerMessage, ChangeAvailability and Reset. Its plant is the gateway's run: what the
// chargers draw is in the plant's balance and meter (PlantState.externalEv).
import { RPCClient } from 'ocpp-rpc';
import type { PlantRun } from './history';
import type { SimClock, SimLogger } from './gateway';
import { newChargePoint, stepChargePoint, type ChargePointState } from './model/charge-point';
import { localTime } from './model/local-time';
import { hashSeed, seededRandom, type Random } from './random';

export interface SimChargePointConfig {
  /** The plant (gateway) it belongs to. */
  thingName: string;
  chargePointId: string;
  password: string;
  /** ws://host:port/ocpp */
  endpoint: string;
  ratedKw: number;
  vendor: string;
  model: string;
  /** The id tag its cars' cards carry. */
  idTag: string;
  /** A car plugged in when it starts (a demo shows a session at once), staying this many hours. */
  carAtStart?: { batteryKwh: number; socPct: number; limitPct: number; stayHours: number };
}

interface Profile {
  csChargingProfiles?: { chargingSchedule?: { chargingSchedulePeriod?: Array<{ limit: number; numberPhases?: number }> } };
}

interface LocalListEntry {
  idTag: string;
  idTagInfo?: { status: string };
}

const RECONNECT_MS = 2000;

export class SimChargePoint {
  private client: RPCClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  private state: ChargePointState = newChargePoint();
  private transactionId: number | null = null;
  private status = 'Available';
  private lastStepAt: number;
  private readonly rng: Random;
  private busy = false;
  /** The Local Authorization List the central system sent (kept across reconnects, as a charger keeps it). */
  private localList: { version: number; tags: ReadonlyMap<string, string> } = { version: 0, tags: new Map() };

  constructor(
    private readonly config: SimChargePointConfig,
    private readonly run: PlantRun,
    private readonly siblings: () => readonly SimChargePoint[],
    private readonly opts: { intervalMs: number; clock: SimClock; log: SimLogger },
  ) {
    this.rng = seededRandom(hashSeed(config.chargePointId));
    this.lastStepAt = opts.clock.now();
    const car = config.carAtStart;
    if (car) {
      const departsAt = this.lastStepAt + car.stayHours * 3_600_000;
      this.state = {
        ...this.state,
        session: { car: { batteryKwh: car.batteryKwh, socPct: car.socPct, limitPct: car.limitPct }, departsAt, deliveredKwh: 0 },
      };
    }
  }

  get thingName(): string {
    return this.config.thingName;
  }

  get drawn(): ChargePointState {
    return this.state;
  }

  /** What its Local Authorization List says of a card, and the list's version (a charger's view offline). */
  localAuthorization(idTag: string): { version: number; status: string | undefined } {
    return { version: this.localList.version, status: this.localList.tags.get(idTag.toLowerCase()) };
  }

  /** Connects in the background (the server may not listen yet), again after every loss. */
  start(): void {
    void this.connect();
    this.timer = setInterval(() => void this.tick(), this.opts.intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.reconnect);
    await this.client?.close({ force: true }).catch(() => undefined);
  }

  private async connect(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      const client = new RPCClient({
        endpoint: this.config.endpoint,
        identity: this.config.chargePointId,
        password: this.config.password,
        protocols: ['ocpp1.6'],
        strictMode: true,
        reconnect: false,
      } as ConstructorParameters<typeof RPCClient>[0]);
      this.handle(client);
      try {
        await client.connect();
        this.client = client;
        client.once('close', () => {
          if (this.client === client) this.client = undefined;
          if (!this.stopped) this.reconnect = setTimeout(() => void this.connect(), RECONNECT_MS);
        });
        await client.call('BootNotification', {
          chargePointVendor: this.config.vendor,
          chargePointModel: this.config.model,
          firmwareVersion: '1.0.0',
        });
        await client.call('StatusNotification', { connectorId: 0, status: 'Available', errorCode: 'NoError' });
        await this.sendStatus(true);
        // A car plugged in while it was away from the central system starts its session now.
        if (this.state.session && this.transactionId === null) await this.startTransaction();
        return;
      } catch (error) {
        await client.close({ force: true }).catch(() => undefined);
        if (this.client === client) this.client = undefined;
        // The server starts listening after the simulator: the first refusals are expected.
        if (++failures > 3) this.opts.log.warn(`charge point ${this.config.chargePointId}: ${(error as Error).message}; retrying`);
        await new Promise((resolve) => (this.reconnect = setTimeout(resolve, RECONNECT_MS)));
      }
    }
  }

  private handle(client: RPCClient): void {
    client.handle('SetChargingProfile', ({ params }) => {
      const period = (params as Profile).csChargingProfiles?.chargingSchedule?.chargingSchedulePeriod?.[0];
      if (period) this.state = { ...this.state, limitA: period.limit, phases: period.numberPhases === 1 ? 1 : 3 };
      return Promise.resolve({ status: 'Accepted' });
    });
    client.handle('ClearChargingProfile', () => {
      this.state = { ...this.state, limitA: null };
      return Promise.resolve({ status: 'Accepted' });
    });
    client.handle('RemoteStartTransaction', () =>
      Promise.resolve({ status: this.state.session && !this.state.charging ? 'Accepted' : 'Rejected' }),
    );
    client.handle('RemoteStopTransaction', ({ params }) => {
      const ok = this.transactionId !== null && (params as { transactionId: number }).transactionId === this.transactionId;
      if (ok) void this.stopTransaction('Remote');
      return Promise.resolve({ status: ok ? 'Accepted' : 'Rejected' });
    });
    client.handle('TriggerMessage', ({ params }) => {
      const requested = (params as { requestedMessage: string }).requestedMessage;
      if (requested === 'StatusNotification') setImmediate(() => void this.sendStatus(true));
      else if (requested === 'MeterValues') setImmediate(() => void this.sendMeterValues());
      else if (requested === 'Heartbeat') setImmediate(() => void this.client?.call('Heartbeat', {}).catch(() => undefined));
      else return Promise.resolve({ status: 'NotImplemented' });
      return Promise.resolve({ status: 'Accepted' });
    });
    client.handle('GetLocalListVersion', () => Promise.resolve({ listVersion: this.localList.version }));
    client.handle('SendLocalList', ({ params }) => {
      const list = params as { listVersion: number; updateType: string; localAuthorizationList?: LocalListEntry[] };
      const tags = new Map(list.updateType === 'Full' ? [] : this.localList.tags);
      for (const entry of list.localAuthorizationList ?? []) {
        if (entry.idTagInfo) tags.set(entry.idTag.toLowerCase(), entry.idTagInfo.status);
        else tags.delete(entry.idTag.toLowerCase());
      }
      this.localList = { version: list.listVersion, tags };
      return Promise.resolve({ status: 'Accepted' });
    });
    client.handle('ChangeAvailability', () => Promise.resolve({ status: 'Accepted' }));
    client.handle('Reset', () => Promise.resolve({ status: 'Accepted' }));
    client.handle('GetConfiguration', () =>
      Promise.resolve({
        configurationKey: [
          { key: 'MinimumStatusDuration', readonly: false, value: '10' },
          { key: 'MeterValueSampleInterval', readonly: false, value: String(Math.round(this.opts.intervalMs / 1000)) },
          { key: 'ConnectorSwitch3to1PhaseSupported', readonly: true, value: 'true' },
        ],
      }),
    );
  }

  /** Steps the model to now, starts or stops the transaction as the car comes and goes, reports. */
  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = this.opts.clock.now();
      const config = this.run.config;
      const plugged = this.state.session !== null;
      this.state = stepChargePoint(
        this.state,
        {
          time: localTime(new Date(now), config.longitude, config.timezone ?? undefined),
          nowMs: now,
          dtSeconds: Math.max(0.001, (now - this.lastStepAt) / 1000),
          ratedKw: this.config.ratedKw,
        },
        this.rng,
      );
      this.lastStepAt = now;
      this.shareWithPlant();
      if (!this.client) return;
      if (!plugged && this.state.session) await this.startTransaction();
      else if (plugged && !this.state.session) await this.stopTransaction('EVDisconnected');
      await this.sendStatus(false);
      // Clock-aligned values outside a session too, as chargers configured with ClockAlignedData send them.
      await this.sendMeterValues();
    } catch (error) {
      this.opts.log.warn(`charge point ${this.config.chargePointId}: ${(error as Error).message}`);
    } finally {
      this.busy = false;
    }
  }

  private async startTransaction(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await this.sendStatus(false, 'Preparing');
    const { idTagInfo } = (await client.call('Authorize', { idTag: this.config.idTag })) as { idTagInfo: { status: string } };
    if (idTagInfo.status !== 'Accepted') return;
    const answer = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: this.config.idTag,
      meterStart: Math.round(this.state.energyWh),
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    this.transactionId = answer.transactionId;
    this.state = { ...this.state, charging: answer.idTagInfo.status === 'Accepted' };
  }

  private async stopTransaction(reason: string): Promise<void> {
    const client = this.client;
    const transactionId = this.transactionId;
    this.transactionId = null;
    this.state = { ...this.state, charging: false, powerW: 0, currentA: 0 };
    this.shareWithPlant();
    if (!client || transactionId === null) return;
    await client.call('StopTransaction', {
      transactionId,
      meterStop: Math.round(this.state.energyWh),
      timestamp: new Date().toISOString(),
      reason,
      idTag: this.config.idTag,
    });
    if (reason === 'Remote') this.state = { ...this.state, session: null };
  }

  private async sendMeterValues(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const s = this.state;
    const sampledValue = [
      { value: String(Math.round(s.energyWh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
      { value: String(s.powerW), measurand: 'Power.Active.Import', unit: 'W' },
      ...(['L1', 'L2', 'L3'] as const)
        .slice(0, s.phases)
        .map((phase) => ({ value: s.currentA.toFixed(1), measurand: 'Current.Import', unit: 'A', phase })),
      ...(s.session ? [{ value: s.session.car.socPct.toFixed(1), measurand: 'SoC', unit: 'Percent', location: 'EV' }] : []),
    ];
    await client.call('MeterValues', {
      connectorId: 1,
      ...(this.transactionId !== null ? { transactionId: this.transactionId } : {}),
      meterValue: [{ timestamp: new Date().toISOString(), sampledValue }],
    });
  }

  /** The connector's status as the car and the current say; sent when it changed (or when asked). */
  private async sendStatus(always: boolean, forced?: string): Promise<void> {
    const s = this.state;
    const status =
      forced ??
      (!s.session
        ? 'Available'
        : !s.charging
          ? 'Preparing'
          : s.powerW > 0
            ? 'Charging'
            : s.limitA !== null && s.limitA < 6
              ? 'SuspendedEVSE'
              : 'SuspendedEV');
    if (!always && status === this.status) return;
    this.status = status;
    await this.client?.call('StatusNotification', { connectorId: 1, status, errorCode: 'NoError', timestamp: new Date().toISOString() });
  }

  /** What the plant's chargers draw together, into the gateway's plant model. */
  private shareWithPlant(): void {
    const all = this.siblings().map((cp) => cp.drawn);
    const top = all.reduce((a, b) => (b.powerW > a.powerW ? b : a), all[0] ?? this.state);
    const car = all.find((s) => s.session)?.session?.car ?? null;
    this.run.state = {
      ...this.run.state,
      externalEv: {
        powerW: all.reduce((sum, s) => sum + s.powerW, 0),
        connected: all.some((s) => s.session !== null),
        currentA: top.currentA,
        phases: top.phases,
        sessionKwh: Math.round(all.reduce((sum, s) => sum + (s.session?.deliveredKwh ?? 0), 0) * 1000) / 1000,
        car: car ? { ...car } : null,
      },
    };
  }
}
