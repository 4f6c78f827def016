// Browser figures in headless Debian Chromium (the e2e journeys' browser and flags) against the built
// server of `npm run bench`: sign-in to a dashboard showing live values, a year of hourly data drawn
// by the metric log's uPlot chart (/logs/ActPwrPve, range "year", 1 hour: 8,760 buckets, 4 series
// x/avg/min/max), and the /flow page's frame times with every edge animated. While it runs, it plays
// the plant's gateway (its own login, from the credentials endpoint), reporting every second with
// power flowing on every edge, so the values are live and the diagram is all in motion.
'use strict';
const mqtt = require('mqtt');
const { chromium } = require('playwright-core');

const chromiumOptions = require('../e2e/chromium-options');

const CHROMIUM = chromiumOptions.executablePath;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 5);
const CHART_RENDERS = Number(process.env.BENCH_CHART_RENDERS ?? 5);
const FRAME_WINDOW_MS = 5000;

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value) => `${Math.round(value)} ms`;

/**
 * Every flow non-zero and balanced (pv + grid + battery = load + ev): PV 4 kW, the battery charging
 * 1 kW, the car 1.5 kW, the house 1.2 kW, 300 W exported.
 */
const LIVE = { ActPwrPve: 4000, ActPwrBat: -1000, ActPwrEv: 1500, ActPwrLoad: 1200, ActPwrGrid: -300, BatSoc: 62, EvConnected: true };

async function playGateway({ base, mqttUrl, token, plant }) {
  const rotated = await fetch(`${base}/api/plant/gateway/credentials/rotate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id: plant.id }),
  });
  if (!rotated.ok) throw new Error(`gateway credentials answered ${rotated.status}`);
  const { username, password } = await rotated.json();
  const client = await mqtt.connectAsync(mqttUrl, { clientId: username, username, password, reconnectPeriod: 0 });
  const topic = `helio/things/${plant.thing_name}/shadow/reported`;
  const report = () => client.publishAsync(topic, JSON.stringify({ state: { reported: LIVE }, timestamp: Date.now() }), { qos: 1 });
  await report();
  const timer = setInterval(() => report().catch(() => undefined), 1000);
  return { stop: async () => (clearInterval(timer), client.endAsync()) };
}

/**
 * In every page: when a chart starts drawing new rows (uPlot makes its canvas early in its
 * constructor; a chart given new data clears its canvas at the start of the draw), its last stroke
 * before the task that drew it ends (uPlot draws in a microtask of that task: the end of that
 * draw), its last stroke at all, and when a select changes.
 */
function instrument() {
  const bench = { startAt: 0, firstDrawEnd: 0, lastStrokeAt: 0, changedAt: 0 };
  window.__bench = bench;
  const started = () => {
    if (bench.startAt) return;
    bench.startAt = performance.now();
    setTimeout(() => (bench.firstDrawEnd = bench.lastStrokeAt), 0);
  };
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tag, options) {
    if (String(tag).toLowerCase() === 'canvas') started();
    return createElement.call(this, tag, options);
  };
  const clearRect = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    started();
    return clearRect.apply(this, args);
  };
  const stroke = CanvasRenderingContext2D.prototype.stroke;
  CanvasRenderingContext2D.prototype.stroke = function (...args) {
    bench.lastStrokeAt = performance.now();
    return stroke.apply(this, args);
  };
  document.addEventListener('change', () => (bench.changedAt = performance.now()), true);
}

async function signIn(page, admin) {
  await page.getByLabel(/e-mail/i).fill(admin.email);
  await page
    .getByLabel(/heslo|password/i)
    .first()
    .fill(admin.password);
  const started = Date.now();
  await page.keyboard.press('Enter');
  // Live: the PV tile shows a value and is not marked stale.
  await page.waitForFunction(
    () =>
      /\d/.test(document.querySelector('[data-testid="tile-pv-value"]')?.textContent ?? '') &&
      !document.querySelector('[data-testid="tile-pv-stale"]'),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return Date.now() - started;
}

/** Sign-in to live tiles: in a fresh browser context (nothing cached) and again after signing out (cached). */
async function measureSignIns(browser, { base, admin, plant }) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const context = await browser.newContext({ baseURL: base });
    await context.addInitScript((id) => localStorage.setItem('site', id), plant.id);
    const page = await context.newPage();
    await page.goto('/auth/sign-in');
    cold.push(await signIn(page, admin));
    await page.goto('/auth/sign-out');
    await page.waitForURL(/\/auth\/sign-in/);
    warm.push(await signIn(page, admin));
    await context.close();
  }
  return { cold: median(cold), warm: median(warm), n: SIGN_INS };
}

async function settledChart(page) {
  await page.waitForFunction(
    () => {
      const b = window.__bench;
      if (!b.startAt || b.firstDrawEnd < b.startAt) return false;
      if (b.seenStroke !== b.lastStrokeAt) {
        b.seenStroke = b.lastStrokeAt;
        b.seenAt = performance.now();
        return false;
      }
      return performance.now() - b.seenAt > 500;
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
  return page.evaluate(() => {
    const b = window.__bench;
    return { chart: b.firstDrawEnd - b.startAt, page: b.firstDrawEnd - b.changedAt };
  });
}

/**
 * The metric log's chart of a year at 1 hour, drawn again from the cached rows on each granularity
 * switch (into the chart made on the first pick; the refetch's answer is drawn after, not measured).
 */
async function measureYearChart(browser, { base, admin, plant }) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(instrument);
  await context.addInitScript((id) => localStorage.setItem('site', id), plant.id);
  const page = await context.newPage();
  await page.goto('/auth/sign-in');
  await signIn(page, admin);
  await page.goto('/logs/ActPwrPve');
  await page.getByTestId('range-year').click();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/metric/time-series') && r.request().postData()?.includes('"1h"'));
  await page.evaluate(() => Object.assign(window.__bench, { startAt: 0, firstDrawEnd: 0, lastStrokeAt: 0 }));
  await page.getByTestId('granularity').selectOption('1h');
  const rows = (await (await answered).json()).rows.length;
  await settledChart(page);
  const chart = [];
  const whole = [];
  for (let i = 0; i < CHART_RENDERS; i++) {
    await page.evaluate(() => Object.assign(window.__bench, { startAt: 0, firstDrawEnd: 0, lastStrokeAt: 0 }));
    await page.getByTestId('granularity').selectOption('1d');
    await settledChart(page);
    await page.evaluate(() => Object.assign(window.__bench, { startAt: 0, firstDrawEnd: 0, lastStrokeAt: 0 }));
    await page.getByTestId('granularity').selectOption('1h');
    const timing = await settledChart(page);
    chart.push(timing.chart);
    whole.push(timing.page);
  }
  await context.close();
  return { rows, chart: median(chart), page: median(whole), n: CHART_RENDERS };
}

/** requestAnimationFrame intervals on /flow with every edge's dot travelling. */
async function measureFlowFrames(browser, { base, admin, plant }) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await context.addInitScript((id) => localStorage.setItem('site', id), plant.id);
  const page = await context.newPage();
  await page.goto('/auth/sign-in');
  await signIn(page, admin);
  await page.goto('/flow');
  await page.locator('.react-flow__edge').first().waitFor();
  await page.waitForFunction(
    () => {
      const edges = document.querySelectorAll('.react-flow__edge').length;
      return edges > 0 && document.querySelectorAll('.helio-flow-dot').length === edges;
    },
    undefined,
    { timeout: 30_000 },
  );
  const edges = await page.locator('.react-flow__edge').count();
  const frames = await page.evaluate(
    (windowMs) =>
      new Promise((resolve) => {
        const times = [];
        const tick = (t) => {
          times.push(t);
          if (t - times[0] < windowMs) requestAnimationFrame(tick);
          else resolve(times.slice(1).map((x, i) => x - times[i]));
        };
        requestAnimationFrame(tick);
      }),
    FRAME_WINDOW_MS,
  );
  const animated = await page.locator('.helio-flow-dot').count();
  await context.close();
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    edges,
    animated,
    frames: frames.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
    over50: frames.filter((f) => f > 50).length,
  };
}

/** Runs the three browser measurements and returns the table rows. */
async function browserBench({ base, mqttUrl, admin, plant, token, log }) {
  const gateway = await playGateway({ base, mqttUrl, token, plant });
  const browser = await chromium.launch({ ...chromiumOptions, headless: true });
  try {
    log(`Browser (headless ${CHROMIUM}): sign-in to live dashboard, ${SIGN_INS} times…`);
    const signIns = await measureSignIns(browser, { base, admin, plant });
    log(`  first visit (nothing cached) ${ms(signIns.cold)}, after sign-out (cached) ${ms(signIns.warm)} (median of ${signIns.n})`);
    log(`Browser: /logs/ActPwrPve, a year at 1 hour in the uPlot chart, ${CHART_RENDERS} renders…`);
    const year = await measureYearChart(browser, { base, admin, plant });
    log(
      `  ${year.rows} buckets: chart's draw of the rows ${ms(year.chart)}; granularity picked to chart drawn (React render with the table's first page, then uPlot) ${ms(year.page)} (median of ${year.n})`,
    );
    log(`Browser: /flow frame times for ${FRAME_WINDOW_MS / 1000} s…`);
    const flow = await measureFlowFrames(browser, { base, admin, plant });
    log(
      `  ${flow.animated} of ${flow.edges} edges animated, ${flow.frames} frames: p50 ${flow.p50.toFixed(1)} ms, p95 ${flow.p95.toFixed(1)} ms, max ${flow.max.toFixed(1)} ms, ${flow.over50} over 50 ms`,
    );
    return [
      `| sign-in to dashboard with live values (headless Chromium) | first visit ${ms(signIns.cold)}, cached ${ms(signIns.warm)} | ≤ 1 s |`,
      `| a year at 1h (${year.rows} buckets, 4 series) in the uPlot chart | ${ms(year.chart)} (picked to drawn ${ms(year.page)}) | ≤ 150 ms |`,
      `| /flow frame times, ${flow.animated} of ${flow.edges} edges animated | p50 ${flow.p50.toFixed(1)} ms, p95 ${flow.p95.toFixed(1)} ms | — |`,
    ];
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

module.exports = { browserBench };
