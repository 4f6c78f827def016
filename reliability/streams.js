// Browsers' live streams: SSE clients of GET /api/live through the load balancer, each with its
// user's token, watching its things and the user's alert news as a console tab does, reconnecting a
// second after their stream ends (a replica killed, a token run out). Counts shadow and alert events,
// reconnects and the longest time a stream was down.
'use strict';
const http = require('node:http');

/**
 * Opens `count` streams on `base` (loopback), stream i as user `tokenOf(i)` (a function answering a
 * fresh token, so a reconnect after expiry gets a valid one) watching `thingsOf(i)`; `deadline` bounds
 * every reconnect loop.
 */
function openStreams({ base, count, tokenOf, thingsOf, deadline }) {
  const url = new URL(base);
  const streams = Array.from({ length: count }, (_, i) => ({
    index: i,
    open: false,
    events: 0,
    alertEvents: 0,
    reconnects: 0,
    refused: 0,
    downSince: Date.now(),
    longestDownMs: 0,
    request: undefined,
  }));
  let closing = false;
  const connect = async (s) => {
    if (closing || Date.now() > deadline) return;
    const token = await tokenOf(s.index);
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: `/api/live?things=${thingsOf(s.index).join(',')}&alerts=true`,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          s.refused++;
          response.resume();
          response.on('end', () => retry(s));
          return;
        }
        s.open = true;
        s.longestDownMs = Math.max(s.longestDownMs, Date.now() - s.downSince);
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          s.events += chunk.split('event: shadow').length - 1;
          s.alertEvents += chunk.split('event: alert').length - 1;
        });
        response.on('end', () => retry(s));
        response.on('error', () => retry(s));
      },
    );
    request.on('error', () => retry(s));
    s.request = request;
  };
  const retry = (s) => {
    if (s.open) {
      s.open = false;
      s.downSince = Date.now();
    }
    if (closing) return;
    s.reconnects++;
    setTimeout(() => void connect(s), 1000);
  };
  return {
    streams,
    async start() {
      for (let i = 0; i < streams.length; i += 50) {
        await Promise.all(streams.slice(i, i + 50).map((s) => connect(s)));
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    openCount: () => streams.filter((s) => s.open).length,
    totals() {
      return {
        streams: streams.length,
        open: streams.filter((s) => s.open).length,
        events: streams.reduce((n, s) => n + s.events, 0),
        alertEvents: streams.reduce((n, s) => n + s.alertEvents, 0),
        reconnects: streams.reduce((n, s) => n + s.reconnects, 0),
        refused: streams.reduce((n, s) => n + s.refused, 0),
        longestDownMs: Math.max(0, ...streams.map((s) => Math.max(s.longestDownMs, s.open ? 0 : Date.now() - s.downSince))),
        silent: streams.filter((s) => s.events === 0).length,
      };
    },
    close() {
      closing = true;
      for (const s of streams) s.request?.destroy();
    },
  };
}

module.exports = { openStreams };
