// analytics/overview, analytics/benchmark and analytics/benchmark/plant: fleet figures of a period
// over the plants the caller may see (the analytics module, metrics:read). Another tenant's plant,
// or one the caller cannot see, is not found (404).
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import { type AnalyticsEndpoints, type RankedPlant } from '@helio/contracts';
import type { Database } from '../db/schema';
import { plantNotFound } from '../http/errors';
import { findTenantPlant } from '../plants/access';
import { calendarOf } from '../series/calendar';
import { fleetPeriod, type FleetSource } from './fleet-period';
import { hoursAtExportLimit } from './fleet-query';
import { extremePlants, fleetAlerts, fleetMoney, fleetTotals, fleetTrend } from './fleet-summary';
import { resolvePeriod } from './period';
import { peerMonths, peerRank, peersOf } from './peer-months';
import type { PlantPeriod } from './plant-figures';
import { metricValue, quantile, quartilesOf, rankBy } from './ranking';

type Endpoint<P extends keyof AnalyticsEndpoints> = { Body: AnalyticsEndpoints[P]['request'] };

const ranked = (plant: PlantPeriod, rank: number | null, quartile: number | null): RankedPlant => ({
  ...plant.figures,
  rank,
  quartile,
  tagIds: plant.plant.tagIds,
});

export function analyticsHandlers(fleet: FleetSource): ApiHandlers {
  const { db, config } = fleet;
  return {
    'analytics/overview': async (request) => {
      const period = resolvePeriod(request.body.period);
      const plants = await fleetPeriod(fleet, { caller: request.user, tagIds: request.body.tagIds }, period);
      return {
        period,
        plantCount: plants.length,
        totals: fleetTotals(plants, config.co2KgPerKwh),
        money: fleetMoney(plants),
        alerts: fleetAlerts(plants),
        trend: fleetTrend(plants),
        ...extremePlants(plants),
        method: { co2KgPerKwh: config.co2KgPerKwh, spotArea: config.spotArea, eurCzk: config.eurCzk },
      };
    },
    'analytics/benchmark': async (request) => {
      const { metric, sizeClass, tagIds } = request.body;
      const period = resolvePeriod(request.body.period);
      const plants = (await fleetPeriod(fleet, { caller: request.user, tagIds }, period)).filter(
        (p) => !sizeClass || p.figures.sizeClass === sizeClass,
      );
      const list = rankBy(plants, (p) => metricValue(p.figures, metric));
      const values = list.map((r) => r.value).filter((v): v is number => v !== null);
      return { period, metric, quartiles: quartilesOf(values), plants: list.map((r) => ranked(r.item, r.rank, r.quartile)) };
    },
    'analytics/benchmark/plant': async (request) => {
      const { plantId, metric } = request.body;
      const found = await findTenantPlant(db, request.user, plantId);
      if (!found) throw plantNotFound();
      const year =
        request.body.year ??
        Number(new Intl.DateTimeFormat('en-CA', { timeZone: calendarOf(found.timezone).timeZone, year: 'numeric' }).format(Date.now()));
      const period = resolvePeriod({ kind: 'year', from: `${year}-01-01` });
      const plants = await fleetPeriod(fleet, { caller: request.user }, period);
      const own = plants.find((p) => p.plant.id === plantId);
      if (!own) throw plantNotFound();
      const peers = peersOf(plants, plantId);
      const { rank, quartile } = peerRank(peers, plantId, metric);
      const first = own.buckets[0]?.start ?? 0;
      const last = own.buckets.at(-1)?.end ?? 0;
      const peerPr = peers
        .map((p) => p.figures.performanceRatioPct)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      return {
        year,
        metric,
        plant: ranked(own, rank, quartile),
        peerCount: peers.length,
        sizeClass: own.figures.sizeClass,
        months: peerMonths(peers, own, metric),
        drags: {
          offlineHours: own.figures.offlineHours,
          availabilityPct: own.figures.availabilityPct,
          alerts: own.alerts,
          exportLimitKw: own.plant.exportLimitKw,
          hoursAtExportLimit:
            own.plant.exportLimitKw === null ? 0 : await hoursAtExportLimit(db, own.plant.thingName, own.plant.exportLimitKw, first, last),
          peerMedianPerformanceRatioPct: quantile(peerPr, 0.5),
        },
      };
    },
  };
}
