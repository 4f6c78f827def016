// The charge points of bench/ocpp.js, in a process of their own so that their CPU (1,000 strict
// clients) is not the server's: told what to connect to over IPC, it connects them all, answers
// "connected", then on "go" sends MeterValues every interval until the duration passes and answers
// what it sent and how long each call took to be answered.
'use strict';
const { RPCClient } = require('ocpp-rpc');
const { summary } = require('./stats');

const CONNECT_AT_ONCE = 50;

function meterValue(ts, energyWh, amps, soc) {
  const sampledValue = [
    { value: String(energyWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
    { value: String(Math.round(amps * 690)), measurand: 'Power.Active.Import', unit: 'W' },
    ...['L1', 'L2', 'L3'].map((phase) => ({ value: amps.toFixed(1), measurand: 'Current.Import', unit: 'A', phase })),
    { value: soc.toFixed(1), measurand: 'SoC', unit: 'Percent', location: 'EV' },
  ];
  return { timestamp: new Date(ts).toISOString(), sampledValue };
}

async function connectAll({ endpoint, chargers }) {
  const clients = [];
  for (let i = 0; i < chargers.length; i += CONNECT_AT_ONCE) {
    await Promise.all(
      chargers.slice(i, i + CONNECT_AT_ONCE).map(async (c) => {
        const client = new RPCClient({
          endpoint,
          identity: c.cpId,
          password: c.password,
          protocols: ['ocpp1.6'],
          strictMode: true,
          reconnect: false,
        });
        // What a real charger answers the central system's charging control (it runs during the bench).
        client.handle('GetConfiguration', async () => ({
          configurationKey: [{ key: 'MinimumStatusDuration', readonly: false, value: '10' }],
        }));
        client.handle('SetChargingProfile', async () => ({ status: 'Accepted' }));
        await client.connect();
        await client.call('BootNotification', { chargePointVendor: 'Bench', chargePointModel: 'ocpp-rpc' });
        const { transactionId } = await client.call('StartTransaction', {
          connectorId: 1,
          idTag: 'BENCH',
          meterStart: 0,
          timestamp: new Date().toISOString(),
        });
        clients.push({ client, transactionId, energyWh: 0 });
      }),
    );
  }
  return clients;
}

async function send(clients, { intervalMs, durationMs }) {
  const durations = [];
  let failures = 0;
  const deadline = Date.now() + durationMs;
  await Promise.all(
    clients.map(async (c, i) => {
      // staggered over the interval, as chargers that booted at different times are
      await new Promise((r) => setTimeout(r, (i / clients.length) * intervalMs));
      let soc = 20 + (i % 50);
      while (Date.now() < deadline) {
        c.energyWh += 1150;
        soc = Math.min(100, soc + 0.2);
        const t = performance.now();
        try {
          await c.client.call('MeterValues', {
            connectorId: 1,
            transactionId: c.transactionId,
            meterValue: [meterValue(Date.now(), c.energyWh, 10 + (i % 6), soc)],
          });
          durations.push(performance.now() - t);
        } catch {
          failures++;
        }
        const next = Math.min(intervalMs - (performance.now() - t), deadline - Date.now());
        if (next > 0) await new Promise((r) => setTimeout(r, next));
      }
    }),
  );
  return { sent: durations.length, failures, roundTrip: summary(durations) };
}

let clients = [];
process.on('message', async (message) => {
  try {
    if (message.type === 'connect') {
      clients = await connectAll(message);
      process.send({ type: 'connected', count: clients.length });
    } else if (message.type === 'go') {
      process.send({ type: 'done', ...(await send(clients, message)) });
    } else if (message.type === 'close') {
      await Promise.all(clients.map((c) => c.client.close({ force: true }).catch(() => undefined)));
      process.exit(0);
    }
  } catch (error) {
    process.send({ type: 'error', message: String(error?.stack ?? error) });
  }
});
