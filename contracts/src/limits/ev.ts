// EV figures both the server and the console rely on.
/** ev/sessions covers at most this many days per call. */
export const EV_SESSIONS_MAX_DAYS = 400;
/** ...and answers at most this many sessions (the newest). */
export const EV_SESSIONS_MAX = 2000;
/** ev/plan looks this many hours ahead at most: as far as the forecast and the day-ahead prices reach. */
export const EV_PLAN_MAX_HOURS = 48;
/** Plan slots are this long, like the forecast's steps and the 15-minute spot market. */
export const EV_PLAN_STEP_MINUTES = 15;
/** Chargers the fleet view lists at most. */
export const EV_FLEET_MAX = 2000;
/** A target energy above this is refused (no car battery is bigger). */
export const EV_PLAN_MAX_KWH = 200;
