// GET /api/live?things=a,b: one authenticated server-sent-events stream of the named things' shadows.
// Not a JSON endpoint, so it is its own contract: the query it takes and the event it sends.
import { Type, type Static } from '@sinclair/typebox';
import { Shadow } from './devices';

/** How many plants one stream may watch. */
export const MAX_LIVE_THINGS = 50;

export const LiveQuery = Type.Object({
  /** Comma-separated thing names. */
  things: Type.String({ minLength: 1, maxLength: 8192 }),
});
export type LiveQuery = Static<typeof LiveQuery>;

/** `event: shadow`, its data one thing's whole shadow. */
export const LiveShadowEvent = Type.Composite([Type.Object({ thingName: Type.String() }), Shadow]);
export type LiveShadowEvent = Static<typeof LiveShadowEvent>;

export const liveContract = {
  path: '/api/live',
  method: 'GET',
  querystring: LiveQuery,
  /** The stream's content type and the event it carries. */
  produces: 'text/event-stream',
  event: LiveShadowEvent,
} as const;
