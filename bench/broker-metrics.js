// The broker's own counters ($SYS, on the cluster's anonymous loopback metrics listener): how many
// PUBLISH messages Mosquitto received and sent, so a bench can say how many copies of each report
// the replicas were sent (1 with shared subscriptions, one per replica without).
'use strict';
const mqtt = require('mqtt');

const TOPICS = { received: '$SYS/broker/publish/messages/received', sent: '$SYS/broker/publish/messages/sent' };

async function brokerMetrics(metricsUrl) {
  const latest = { received: NaN, sent: NaN };
  // A restarted broker counts from 0 again: what it counted before the restart is kept here, so the
  // counters of a run with a broker restart cover the whole run.
  const before = { received: 0, sent: 0 };
  const client = await mqtt.connectAsync(metricsUrl, { clientId: `bench-metrics-${process.pid}`, reconnectPeriod: 1000 });
  client.on('message', (topic, payload) => {
    for (const [name, t] of Object.entries(TOPICS)) {
      if (topic !== t) continue;
      const value = Number(payload.toString());
      if (value < latest[name]) before[name] += latest[name];
      latest[name] = value;
    }
  });
  await client.subscribeAsync(Object.values(TOPICS), { qos: 0 });
  return {
    /** The counters after the broker's next $SYS update (it publishes them every second). */
    async snapshot() {
      await new Promise((r) => setTimeout(r, 1500));
      return { received: before.received + latest.received, sent: before.sent + latest.sent };
    },
    close: () => client.endAsync(true),
  };
}

module.exports = { brokerMetrics };
