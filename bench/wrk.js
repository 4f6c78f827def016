// Shadow reads through the load balancer with wrk (Debian's /usr/bin/wrk): a POST with a body and a
// bearer token from a Lua script, the rate and the latency percentiles from its --latency report.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

function toMs(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]];
}

/** Runs wrk against `url` (loopback only) and answers { perSecond, p50, p99, requests, errors, non2xx }. */
function wrkPost({ url, body, token, connections = 32, threads = 2, seconds = 10, dir }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`wrk only against loopback: ${url}`);
  if (!fs.existsSync(WRK)) throw new Error(`${WRK} not found: apt-get install -y wrk`);
  const script = path.join(dir, 'post.lua');
  fs.writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(JSON.stringify(body))}`,
      'wrk.headers["Content-Type"] = "application/json"',
      `wrk.headers["Authorization"] = "Bearer ${token}"`,
      '',
    ].join('\n'),
  );
  const result = spawnSync(WRK, ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency', '-s', script, url], {
    encoding: 'utf8',
    timeout: (seconds + 30) * 1000,
  });
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.error?.message}`);
  const out = result.stdout;
  const pct = (p) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
    p50: pct(50),
    p99: pct(99),
    errors: errors ? errors.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    raw: out,
  };
}

module.exports = { wrkPost };
