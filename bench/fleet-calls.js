// The fleet's API calls at fleet size, timed one after another through `base` (the server, or the
// load balancer): what the plants table calls (its first page, a tag filter, a sort by today's
// energy, "select all matching"), what every page's first load calls for the plant switcher (the
// active plant, the first 51 plants), the fleet dashboard's summary, the device registry's pages, and
// the registry as the console's SPEC calls it (a filter only: its first page) and walked in pages of
// 1,000, and the old whole list that is still API (plant/list without a limit).
'use strict';
const { post, p50Of } = require('./fleet-server');
const { ms } = require('./stats');

const thousands = (n) => Math.round(n).toLocaleString('en');
const kb = (bytes) => `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KB`;

/** p50/p99 of `calls` calls after 5 warm-up calls, and the size of the JSON answer. */
async function timed(calls, base, apiPath, body, idToken) {
  const answer = await post(base, apiPath, body, idToken);
  const figures = await p50Of(calls, () => post(base, apiPath, body, idToken));
  return { ...figures, answer, bytes: Buffer.byteLength(JSON.stringify(answer)) };
}

/** Walks the registry in its largest pages, as an API client reading the whole fleet does. */
async function everyPlantInPages(base, idToken) {
  for (let pageOffset = 0; ; pageOffset++) {
    const page = await post(base, 'hono/plants/find', { pageSize: 1000, pageOffset }, idToken);
    if (page.length < 1000) return;
  }
}

/** Runs the calls; logs each and answers the rows of a results table (measure | result | target). */
async function fleetCallFigures({ base, idToken, calls, tagName, log }) {
  const tenant = (await post(base, 'users/info', {}, idToken)).tenant.id;
  const tag = (await post(base, 'tag/list', {}, idToken)).tags.find((t) => t.name === tagName);
  const measures = [
    ['table: first page (plant/fleet/page)', 'plant/fleet/page', {}, 'p50 ≤ 50 ms'],
    ['table: a tag filter', 'plant/fleet/page', { filter: { tag: tag.id } }],
    ["table: sorted by today's energy, descending", 'plant/fleet/page', { sort: 'todayEnergyKwh', descending: true }],
    ['table: every id of a tag ("select all matching")', 'plant/fleet/ids', { filter: { tag: tag.id } }],
    ['fleet dashboard (plant/fleet/summary)', 'plant/fleet/summary', {}, 'p50 ≤ 50 ms'],
    ['every page: the active plant (plant/active)', 'plant/active', { id: tenant }],
    ['every page: the switcher, first 51 plants (plant/list)', 'plant/list', { id: tenant, limit: 51 }],
    ['registry: first page of 100 (hono/plants/find pageSize)', 'hono/plants/find', { pageSize: 100 }, 'p50 ≤ 50 ms'],
    [
      'registry: the middle page of 100',
      'hono/plants/find',
      (plants) => ({ pageSize: 100, pageOffset: Math.floor(plants / 200) }),
      'p50 ≤ 50 ms',
    ],
    [
      'registry: the middle page of 1,000 (the largest)',
      'hono/plants/find',
      (plants) => ({ pageSize: 1000, pageOffset: Math.floor(plants / 2000) }),
    ],
    ['registry: find as the console calls it, a filter only (its first 100)', 'hono/plants/find', {}, 'p50 ≤ 50 ms'],
    ['old whole list: plant/list without a limit', 'plant/list', { id: tenant }],
  ];
  const rows = [];
  let plants;
  for (const [label, apiPath, bodyOf, target = '—'] of measures) {
    // A body may depend on the fleet's size (known after the first call).
    const body = typeof bodyOf === 'function' ? bodyOf(plants) : bodyOf;
    const figures = await timed(calls, base, apiPath, body, idToken);
    if (apiPath === 'plant/fleet/page' && !body.filter && !body.sort) plants = figures.answer.total;
    log(`  ${label}: p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)} (${figures.n} requests, ${kb(figures.bytes)} of JSON)`);
    rows.push(
      `| ${label}, ${thousands(plants)} plants | p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, ${kb(figures.bytes)} | ${target} |`,
    );
  }
  const walk = await p50Of(Math.min(calls, 10), () => everyPlantInPages(base, idToken));
  log(`  registry: every plant in pages of 1,000 (${Math.ceil(plants / 1000)} calls one after another): p50 ${ms(walk.p50)}`);
  rows.push(`| registry: every plant in pages of 1,000, ${thousands(plants)} plants | p50 ${ms(walk.p50)} in all | — |`);
  const summary = await post(base, 'plant/fleet/summary', {}, idToken);
  log(`  ${thousands(summary.plants)} plants, ${thousands(summary.online)} online, today ${summary.todayEnergyKwh.toFixed(1)} kWh`);
  return { rows, plants };
}

module.exports = { fleetCallFigures };
