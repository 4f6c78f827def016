// POST /api/spot/prices {date?}: the day-ahead prices of a local day (default today) and the next,
// in EUR/MWh and CZK/kWh: the server's market data, overlaid with the caller's organisation's own
// uploaded prices where it has them (`own`); part of the monitoring module.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type SpotDay, type SpotPrices } from '@helio/contracts';
import { badRequest } from '../http/errors';
import { calendarOf } from '../series/calendar';
import type { SpotConfig } from './spot-config';
import { ensureDemoDay, localDate, pricesBetween } from './spot-store';
import { spotDb } from './tables';

export type { SpotDay };
export type SpotPricesAnswer = SpotPrices;

/** EUR per MWh to CZK per kWh: × rate, ÷ 1000, to a tenth of a haléř. */
export const czkPerKwh = (eurMwh: number, eurCzk: number) => Math.round(((eurMwh * eurCzk) / 1000) * 1000) / 1000;

/** How far back and ahead spot/prices answers (day-ahead prices exist for tomorrow at most). */
export const SPOT_PAST_DAYS = 3653;
export const SPOT_FUTURE_DAYS = 7;

export function spotHandlers(deps: { db: Kysely<Database>; config: SpotConfig }): ApiHandlers {
  const db = spotDb(deps.db);
  const { config } = deps;
  const calendar = calendarOf(config.timeZone);

  const day = async (dayStart: number, tenantId: string): Promise<SpotDay> => {
    if (config.demo) await ensureDemoDay(db, config.area, config.timeZone, dayStart);
    const prices = await pricesBetween(db, { area: config.area, tenantId }, dayStart, calendar.nextBucket('day', dayStart));
    return {
      date: localDate(config.timeZone, dayStart),
      demo: prices.some((p) => p.demo),
      own: prices.some((p) => p.own),
      prices: prices.map((p) => ({
        start: new Date(p.start).toISOString(),
        end: new Date(p.start + p.minutes * 60_000).toISOString(),
        eurMwh: p.eurMwh,
        czkKwh: czkPerKwh(p.eurMwh, config.eurCzk),
      })),
    };
  };

  const DAY_MS = 86_400_000;

  return {
    'spot/prices': async (request) => {
      const requested = request.body.date;
      // Noon of the named date lies inside its local day in every zone; its day bucket is the day.
      const anchor = requested ? Date.parse(`${requested}T12:00:00Z`) : Date.now();
      // Demo prices are generated and stored for each day asked for: only a bounded window of days
      // can be asked for, so no caller can fill the table with years 1 to 9999.
      const now = Date.now();
      if (!(anchor >= now - SPOT_PAST_DAYS * DAY_MS && anchor <= now + SPOT_FUTURE_DAYS * DAY_MS)) {
        throw badRequest(`date must lie within the last ${SPOT_PAST_DAYS} days or the next ${SPOT_FUTURE_DAYS}`, {
          date: requested,
          pastDays: SPOT_PAST_DAYS,
          futureDays: SPOT_FUTURE_DAYS,
        });
      }
      const { tenantId } = request.user;
      const first = calendar.bucketStart('day', anchor);
      const second = calendar.nextBucket('day', first);
      return {
        area: config.area,
        timeZone: config.timeZone,
        eurCzk: config.eurCzk,
        days: [await day(first, tenantId), await day(second, tenantId)],
      };
    },
  };
}
