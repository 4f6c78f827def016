// GET /api/live?things=a,b&alerts=true: one authenticated server-sent-events stream per browser tab,
// carrying the named things' shadows and, when asked, the news about the caller's alerts.
// Not a JSON endpoint, so it is its own contract: the query it takes and the events it sends.
import { Type, type Static } from '@sinclair/typebox';
import { Shadow } from './iot';
import { Alert } from './notifications';

/** How many plants one stream may watch. */
export const MAX_LIVE_THINGS = 50;

export const LiveQuery = Type.Object({
  /** Comma-separated thing names; may be left out by a stream that only carries alerts. */
  things: Type.Optional(Type.String({ maxLength: 8192 })),
  /** `true`: also send `event: alert` (a stream needs things, alerts or both). A query string holds text. */
  alerts: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});
export type LiveQuery = Static<typeof LiveQuery>;

/** `event: shadow`, its data one thing's whole shadow. */
export const LiveShadowEvent = Type.Composite([Type.Object({ thingName: Type.String() }), Shadow]);
export type LiveShadowEvent = Static<typeof LiveShadowEvent>;

/** An alert as the stream tells of it: what a toast names, without the caller's read mark or the figures. */
export const LiveAlert = Type.Pick(Alert, ['id', 'plantId', 'plantName', 'kind', 'severity', 'startedAt', 'endedAt']);
export type LiveAlert = Static<typeof LiveAlert>;

/** `event: alert`: an alert opened or cleared (with the alert), or the caller should read its alerts again. */
export const LiveAlertEvent = Type.Union([
  /** an alert of a plant the caller sees opened or ended */
  Type.Object({ change: Type.Union([Type.Literal('opened'), Type.Literal('cleared')]), alert: LiveAlert }),
  /**
   * read: the caller's read marks changed (in another tab or on another device); resync: news may have
   * been lost while the server's connection to the others was down. Either way: read the alerts again.
   */
  Type.Object({ change: Type.Union([Type.Literal('read'), Type.Literal('resync')]) }),
]);
export type LiveAlertEvent = Static<typeof LiveAlertEvent>;

export const liveContract = {
  path: '/api/live',
  method: 'GET',
  querystring: LiveQuery,
  /** The stream's content type and the events it carries. */
  produces: 'text/event-stream',
  event: LiveShadowEvent,
  alertEvent: LiveAlertEvent,
} as const;
