// POST /api/metric/list {plant} and POST /api/metric/time-series {pgParams}: a plant's stored
// metrics and their buckets. Only the caller's tenant's plants; ids that do not belong together are 404.
import type { ApiHandlers } from '../http/api-module';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MAX_RAW_CELLS } from '@helio/contracts';
import { ApiError, organisationNotFound, periodInvalid, plantNotFound } from '../http/errors';
import { sendJsonSegments } from '../http/json-segments';
import type { PlantLookup } from '../plants/access';
import { calendarOf } from '../series/calendar';
import { DEFAULT_METRIC_KEYS, KNOWN_METRIC_KEYS, unitOf } from '../series/metric-catalogue';
import { ClosedBucketCache } from '../series/closed-buckets';
import { bucketCount, listMetrics, MAX_BUCKETS, readSeries, rollupOf } from '../series/series-reader';

export { MAX_RAW_CELLS };

export function metricHandlers({
  db,
  plants,
  closedBuckets = new ClosedBucketCache(),
}: {
  db: Kysely<Database>;
  plants: PlantLookup;
  closedBuckets?: ClosedBucketCache;
}): ApiHandlers {
  const tenantPlant = async (request: FastifyRequest, plantId: string) => {
    const plant = await plants.find(request.user, plantId);
    if (!plant) throw plantNotFound(`Plant ${plantId} not found`);
    return plant;
  };

  return {
    'metric/list': async (request) => {
      const plant = await tenantPlant(request, request.body.plant);
      const rows = await listMetrics(db, plant.thing_name);
      return { rows: rows.map((r) => ({ ...r, unit: unitOf(r.metricKey) })) };
    },
    // The ids sit inside pgParams, where the generated security probes do not reach: metric/routes.test.ts
    // checks each of them against another tenant.
    'metric/time-series': async (request, reply) => {
      const p = request.body.pgParams;
      if (p.tenantId !== request.user.tenantId) throw organisationNotFound();
      const plant = await tenantPlant(request, p.plantId);
      if (plant.thing_name !== p.gatewayId)
        throw new ApiError(404, 'GatewayNotFound', `Gateway ${p.gatewayId} not found at plant ${p.plantId}`);

      const granularity = p.granularity ?? '1h';
      const start = Date.parse(p.startTime);
      const end = Date.parse(p.endTime);
      if (start > end) throw periodInvalid('startTime is after endTime', 'endTime', 'endBeforeStart');
      const buckets = bucketCount(granularity, start, end);
      if (buckets > MAX_BUCKETS) {
        throw new ApiError(
          400,
          'SeriesTooLarge',
          `The range holds ${buckets} buckets of ${granularity} per metric; at most ${MAX_BUCKETS} are allowed`,
          {
            reason: 'buckets',
            granularity,
            buckets,
            maxBuckets: MAX_BUCKETS,
          },
        );
      }
      const metricKeys = p.metricKeys ?? DEFAULT_METRIC_KEYS;
      // Minute and quarter-hour buckets are computed from raw samples in one synchronous query (SQLite):
      // its work grows with buckets × keys, and while it runs nothing else (not even health) answers.
      const cells = buckets * metricKeys.length;
      if (rollupOf(granularity) === undefined && cells > MAX_RAW_CELLS) {
        throw new ApiError(
          400,
          'SeriesTooLarge',
          `The range holds ${buckets} buckets of ${granularity} for ${metricKeys.length} metrics (${cells}); at most ${MAX_RAW_CELLS} are allowed: ask for fewer metrics, a shorter range or a coarser granularity`,
          { reason: 'cells', granularity, buckets, metricCount: metricKeys.length, cells, maxCells: MAX_RAW_CELLS },
        );
      }
      const unknown = metricKeys.filter((k) => !KNOWN_METRIC_KEYS.has(k));
      if (unknown.length > 0) {
        const stored = new Set((await listMetrics(db, plant.thing_name)).map((r) => r.metricKey));
        const notStored = unknown.filter((k) => !stored.has(k));
        if (notStored.length > 0)
          throw new ApiError(400, 'MetricUnknown', `Unknown metric key: ${notStored.join(', ')}`, { metricKeys: notStored });
      }
      const calendar = calendarOf(plant.timezone);
      const rollup = rollupOf(granularity);
      if (!rollup) return { rows: await readSeries(db, { thingName: plant.thing_name, calendar, metricKeys, start, end, granularity }) };
      // Hour, day and month buckets: mostly closed ones, kept serialized (and compressed) between requests.
      const items = await closedBuckets.read(db, {
        thingName: plant.thing_name,
        calendar,
        rollup,
        metricKeys,
        from: calendar.bucketStart(rollup, start),
        end,
      });
      return sendJsonSegments(request, reply, ['{"rows":[', ...items, ']}']);
    },
  };
}
