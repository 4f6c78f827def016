// spot/prices: a local day's day-ahead prices, with the day before and after when known.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, strict, type EndpointTypes, access } from './common';

/** One delivery period of the day-ahead market. */
export const SpotPrice = Type.Object({ start: Type.String(), end: Type.String(), eurMwh: Type.Number(), czkKwh: Type.Number() });
export type SpotPrice = Static<typeof SpotPrice>;

/**
 * A local day's prices; demo is true for the generated series of the embedded default, own when some of
 * them are the caller's organisation's own uploaded prices (integration/spot/upload).
 */
export const SpotDay = Type.Object({ date: Type.String(), demo: Type.Boolean(), own: Type.Boolean(), prices: Type.Array(SpotPrice) });
export type SpotDay = Static<typeof SpotDay>;

export const SpotPrices = Type.Object({
  area: Type.String(),
  timeZone: Type.String(),
  /** CZK per EUR used for czkKwh */
  eurCzk: Type.Number(),
  days: Type.Array(SpotDay),
});
export type SpotPrices = Static<typeof SpotPrices>;

export const spotEndpoints = {
  'spot/prices': endpoint(
    Type.Object(
      { date: Type.Optional(Type.String({ maxLength: 10, pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })) },
      strict,
    ),
    SpotPrices,
    access('metrics:read', { module: 'monitoring' }),
  ),
};
export type SpotEndpoints = EndpointTypes<typeof spotEndpoints>;
