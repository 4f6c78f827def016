// Sign-in to the first live figure, traced (issue 41). `node bench/first-paint.js` after `npm run build`
// starts the built server as `npm start` runs it (simulator on: the demo plants report live values) on
// loopback (BENCH_PORT 18500, BENCH_MQTT_PORT 18851; a scratch data dir) and, in headless Debian
// Chromium, measures BENCH_SIGN_INS (5) times:
// - first visit: a fresh browser context (nothing cached) opens /auth/sign-in, signs in at once (no
//   idle time for the sign-in page's prefetch) and waits for the dashboard's PV tile to show a number
//   that is not stale; from the key press that submits the form;
// - signed-in reload: the same tab reloaded on /; from the navigation's start.
// For the run at the median it prints the critical path: every request that began before the figure,
// its start and end relative to the click, and the gaps with nothing in flight. Beside the times it
// prints the server's CPU a sign-in cost and the calls the server answered, so a change that only
// moves work is seen as such. BENCH_PROFILE=1 adds where the reload's main thread spent its time.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { startBenchServer } = require('./bench-server');
const { startPageProfile, summariseProfile } = require('./page-profile');
const { cpuSeconds } = require('./process-cpu');

const PORT = Number(process.env.BENCH_PORT ?? 18500);
const MQTT_PORT = Number(process.env.BENCH_MQTT_PORT ?? 18851);
const chromiumOptions = require('../e2e/chromium-options');

const CHROMIUM = chromiumOptions.executablePath;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 5);
/** BENCH_PROFILE=1: a CPU profile of each signed-in reload's main thread, summarised for the median run. */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** A stretch with nothing in flight shorter than this is the browser's own work between two calls. */
const GAP_MS = 20;
const ADMIN = { email: 'admin@helio.local', password: 'Helio-admin-2024!' };
const log = (line) => process.stdout.write(`${line}\n`);

/**
 * In the page: when the form is submitted (the Enter key) and when the PV tile first shows a number
 * that is not marked stale, in epoch ms (the clock of Playwright's request timings).
 */
function markFirstFigure() {
  const marks = { clickAt: 0, figureAt: 0 };
  window.__firstPaint = marks;
  document.addEventListener('keydown', (event) => event.key === 'Enter' && !marks.clickAt && (marks.clickAt = Date.now()), true);
  const check = () => {
    if (marks.figureAt) return;
    const value = document.querySelector('[data-testid="tile-pv-value"]');
    if (value && /\d/.test(value.textContent ?? '') && !document.querySelector('[data-testid="tile-pv-stale"]')) {
      marks.figureAt = Date.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
  );
}

/** Every request of the page with its epoch start and end (end NaN while unfinished, e.g. an open stream). */
function recordRequests(page) {
  const requests = [];
  page.on('request', (request) => requests.push({ request, startAt: Date.now(), endAt: NaN }));
  const finished = (request) => {
    const entry = requests.find((r) => r.request === request);
    if (!entry) return;
    const timing = request.timing();
    entry.startAt = timing.startTime > 0 ? timing.startTime : entry.startAt;
    entry.endAt = timing.responseEnd > 0 ? timing.startTime + timing.responseEnd : Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  // A server-sent event stream never finishes: its response headers mark when it was answered.
  page.on('response', (response) => {
    const entry = requests.find((r) => r.request === response.request());
    if (entry && response.url().includes('/api/live')) entry.answeredAt = Date.now();
  });
  return requests;
}

const figureVisible = (page) => page.waitForFunction(() => window.__firstPaint.figureAt > 0, undefined, { polling: 50, timeout: 30_000 });

function label(entry) {
  const url = new URL(entry.request.url());
  return `${entry.request.method()} ${url.pathname}${url.pathname === '/api/live' ? url.search : ''}`;
}

/** The requests before the figure, relative to `zero`, and the gaps with nothing in flight. */
function criticalPath(requests, zero, figureAt) {
  const rows = requests
    .filter((r) => r.startAt >= zero - 1 && r.startAt <= figureAt)
    // a stream's end is when its answer began (its headers)
    .map((r) => ({ name: label(r), start: r.startAt - zero, end: (Number.isNaN(r.endAt) ? (r.answeredAt ?? figureAt) : r.endAt) - zero }))
    .sort((a, b) => a.start - b.start);
  const gaps = [];
  let busyUntil = 0;
  // an event stream is open for good: it does not keep anything on the path busy
  for (const row of rows.filter((r) => !r.name.includes('/api/live'))) {
    if (row.start - busyUntil > GAP_MS) gaps.push({ from: busyUntil, to: row.start });
    busyUntil = Math.max(busyUntil, row.end);
  }
  const figure = figureAt - zero;
  if (figure - busyUntil > GAP_MS) gaps.push({ from: busyUntil, to: figure });
  return { rows, gaps, figure };
}

function counts(rows) {
  const apiCalls = new Map();
  for (const row of rows) {
    const name = row.name.replace(/\?.*$/, '');
    if (name.includes('/api/')) apiCalls.set(name, (apiCalls.get(name) ?? 0) + 1);
  }
  return {
    apiCalls,
    icons: rows.filter((r) => /\/icons?\b|blueprint-icons|\.svg/.test(r.name)).length,
    requests: rows.length,
  };
}

const r = (value) => String(Math.round(value)).padStart(5);

function printPath(title, path) {
  log(`  ${title}: figure at ${Math.round(path.figure)} ms; ${path.rows.length} requests before it`);
  for (const row of path.rows) log(`    ${r(row.start)} → ${r(row.end)} ms  ${row.name}`);
  const idle = path.gaps.reduce((sum, g) => sum + g.to - g.from, 0);
  log(
    `    nothing in flight: ${path.gaps.map((g) => `${Math.round(g.from)}–${Math.round(g.to)}`).join(', ') || 'never'} (${Math.round(idle)} ms)`,
  );
  const { apiCalls, icons } = counts(path.rows);
  log(`    calls: ${[...apiCalls].map(([name, n]) => `${name.replace(/^\w+ \/api\//, '')} ×${n}`).join(', ')}; icon files ${icons}`);
  if (!path.profile) return;
  // the profile runs from the reload's start until the figure was seen (plus the bench's polling)
  log(`    main thread, sampled: ${path.profile.totalMs} ms; self time by script:`);
  for (const s of path.profile.scripts) log(`      ${r(s.ms)} ms  ${s.name}`);
  log('    by function:');
  for (const f of path.profile.functions) log(`      ${r(f.ms)} ms  ${f.name}`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function firstPaint(base, serverPid) {
  const browser = await chromium.launch({ ...chromiumOptions, headless: true });
  const cold = [];
  const warm = [];
  const serverCpu = [];
  const pageCpu = [];
  try {
    for (let i = 0; i < SIGN_INS; i++) {
      // BENCH_SERVICE_WORKERS=block: the same without the console's service worker, to see what it costs
      const context = await browser.newContext({
        baseURL: base,
        serviceWorkers: process.env.BENCH_SERVICE_WORKERS === 'block' ? 'block' : 'allow',
      });
      await context.addInitScript(markFirstFigure);
      const page = await context.newPage();
      await page.goto('/auth/sign-in');
      await page.getByLabel(/e-mail/i).fill(ADMIN.email);
      await page
        .getByLabel(/heslo|password/i)
        .first()
        .fill(ADMIN.password);
      const requests = recordRequests(page);
      // the page's main-thread time (Chromium's TaskDuration): what the page itself cost, whatever the load
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const mainThread = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
      const pageBefore = await mainThread();
      const cpuBefore = cpuSeconds(serverPid);
      await page.keyboard.press('Enter');
      await figureVisible(page);
      serverCpu.push(cpuSeconds(serverPid) - cpuBefore);
      pageCpu.push((await mainThread()) - pageBefore);
      const marks = await page.evaluate(() => window.__firstPaint);
      cold.push(criticalPath(requests, marks.clickAt, marks.figureAt));

      const reloaded = recordRequests(page);
      const stopProfile = PROFILE ? await startPageProfile(cdp) : null;
      await page.reload();
      await figureVisible(page);
      const reload = await page.evaluate(() => ({ ...window.__firstPaint, navigationAt: performance.timeOrigin }));
      const path = criticalPath(reloaded, reload.navigationAt, reload.figureAt);
      if (stopProfile) path.profile = summariseProfile(await stopProfile());
      warm.push(path);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { cold, warm, serverCpu, pageCpu };
}

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'helio-first-paint-'));
  const server = await startBenchServer({
    port: PORT,
    mqttPort: MQTT_PORT,
    dataDir,
    databaseUrl: `sqlite://${path.join(dataDir, 'helio.db')}`,
    // as `npm start` runs: the simulated demo plants report live values; a day of history for today's chart
    env: { SIMULATOR: 'on', SIM_HISTORY_DAYS: '1' },
  });
  try {
    log(
      `Sign-in to the first live figure (headless ${CHROMIUM}, ${SIGN_INS} runs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    // one sign-in first, so the server's own first-request work (JIT, caches) is not in the figures
    await firstPaintWarmUp(base(PORT));
    const { cold, warm, serverCpu, pageCpu } = await firstPaint(base(PORT), server.pid);
    const byFigure = (paths) => [...paths].sort((a, b) => a.figure - b.figure);
    const coldSorted = byFigure(cold);
    const warmSorted = byFigure(warm);
    const range = (sorted) => `${Math.round(sorted[0].figure)}–${Math.round(sorted.at(-1).figure)}`;
    log(`  first visit: median ${Math.round(median(cold.map((p) => p.figure)))} ms (${range(coldSorted)})`);
    log(`  signed-in reload: median ${Math.round(median(warm.map((p) => p.figure)))} ms (${range(warmSorted)})`);
    log(
      `  CPU a first-visit sign-in: server ${Math.round(median(serverCpu) * 1000)} ms, the page's main thread ${Math.round(median(pageCpu) * 1000)} ms (medians)`,
    );
    printPath('first visit, median run', coldSorted[Math.floor((SIGN_INS - 1) / 2)]);
    printPath('signed-in reload, median run', warmSorted[Math.floor((SIGN_INS - 1) / 2)]);
    log(
      `  load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await server.stop();
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const base = (port) => `http://127.0.0.1:${port}`;

async function firstPaintWarmUp(url) {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { criticalPath };
