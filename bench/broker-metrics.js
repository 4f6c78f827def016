// The broker's own counters ($SYS, on the cluster's anonymous loopback metrics listener): how many
// PUBLISH messages Mosquitto received and sent, so a bench can say how many copies of each report
// the replicas were sent (1 with shared subscriptions, one per replica without).
'use strict';
const mqtt = require('mqtt');

const TOPICS = { received: '$SYS/broker/publish/messages/received', sent: '$SYS/broker/publish/messages/sent' };

async function brokerMetrics(metricsUrl) {
  const latest = { received: NaN, sent: NaN };
  const client = await mqtt.connectAsync(metricsUrl, { clientId: `bench-metrics-${process.pid}`, reconnectPeriod: 1000 });
  client.on('message', (topic, payload) => {
    for (const [name, t] of Object.entries(TOPICS)) if (topic === t) latest[name] = Number(payload.toString());
  });
  await client.subscribeAsync(Object.values(TOPICS), { qos: 0 });
  return {
    /** The counters after the broker's next $SYS update (it publishes them every second). */
    async snapshot() {
      await new Promise((r) => setTimeout(r, 1500));
      return { ...latest };
    },
    close: () => client.endAsync(true),
  };
}

module.exports = { brokerMetrics };
