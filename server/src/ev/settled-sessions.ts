// Sessions that can no longer change are kept rather than derived again on every call. A session is
// settled once it ended more than MAX_SAMPLE_AGE_MS ago: a gateway's report is dated by its own clock
// only within that window, so no later report can fall into it. Each plant's mark moves forward only,
// to a point no session spans; before it, sessions are read from `ev_sessions`, after it they are
// derived from the samples. Costs are kept as computed when the session settled (the price the user
// had then), and the kept sessions outlive the raw samples' retention.
import type { Kysely } from 'kysely';
import { EV_SESSIONS_MAX_DAYS } from '@helio/contracts';
import type { Database } from '../db/schema';
import { MAX_SAMPLE_AGE_MS } from '../iot/mqtt/reported-message';
import { MAX_SAMPLE_GAP_MS, SESSION_PAUSE_MS, type DerivedSession } from './derive-sessions';
import { evDb } from './tables';

const DAY_MS = 86_400_000;
/** Rows per insert: well within both engines' limit on bound parameters. */
const INSERT_BATCH = 500;

/** Where a plant's derivation starts: its mark, or on the first call as far back as ev/sessions reaches. */
export async function settledUntil(db: Kysely<Database>, plantId: string, now: number): Promise<number> {
  const row = await evDb(db).selectFrom('ev_session_marks').select('settled_until').where('plant_id', '=', plantId).executeTakeFirst();
  return row ? Number(row.settled_until) : now - EV_SESSIONS_MAX_DAYS * DAY_MS;
}

/** Kept sessions of a plant starting in [from, to), in time order. */
export async function keptSessions(db: Kysely<Database>, plantId: string, from: number, to: number): Promise<DerivedSession[]> {
  const rows = await evDb(db)
    .selectFrom('ev_sessions')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('start', '>=', from)
    .where('start', '<', to)
    .orderBy('start')
    .execute();
  return rows.map((r) => ({
    start: Number(r.start),
    end: Number(r.end),
    energyKwh: r.energy_kwh,
    solarKwh: r.solar_kwh,
    solarSharePct: r.solar_share_pct,
    costCzk: r.cost_czk,
    avgPriceCzkKwh: r.avg_price_czk_kwh,
    priceSource: r.price_source,
  }));
}

/**
 * Keeps the settled sessions among `derived` (sessions from `mark` to now, in time order) and moves the
 * mark past them. Safe with several replicas at once: a session is keyed by its start, the mark only grows.
 */
export async function settleSessions(
  db: Kysely<Database>,
  plantId: string,
  mark: number,
  derived: readonly DerivedSession[],
  now: number,
): Promise<void> {
  const settleBefore = now - MAX_SAMPLE_AGE_MS;
  const firstOpen = derived.findIndex((s) => s.end === null || s.end >= settleBefore);
  const settled = firstOpen < 0 ? derived : derived.slice(0, firstOpen);
  // Back off by the largest gap a session's start may reach behind its first sample, so the next
  // derivation, which starts here, sees every unsettled session from its beginning.
  const next = Math.min(settleBefore, firstOpen < 0 ? Infinity : derived[firstOpen].start) - MAX_SAMPLE_GAP_MS;
  if (next <= mark) return;
  const edb = evDb(db);
  await edb.transaction().execute(async (trx) => {
    for (let i = 0; i < settled.length; i += INSERT_BATCH) {
      await trx
        .insertInto('ev_sessions')
        .values(
          settled.slice(i, i + INSERT_BATCH).map((s) => ({
            plant_id: plantId,
            start: s.start,
            end: s.end ?? s.start,
            energy_kwh: s.energyKwh,
            solar_kwh: s.solarKwh,
            solar_share_pct: s.solarSharePct,
            cost_czk: s.costCzk,
            avg_price_czk_kwh: s.avgPriceCzkKwh,
            price_source: s.priceSource,
          })),
        )
        // A session derived again (history imported into a settled range) replaces the kept one.
        .onConflict((oc) =>
          oc.columns(['plant_id', 'start']).doUpdateSet((eb) => ({
            end: eb.ref('excluded.end'),
            energy_kwh: eb.ref('excluded.energy_kwh'),
            solar_kwh: eb.ref('excluded.solar_kwh'),
            solar_share_pct: eb.ref('excluded.solar_share_pct'),
            cost_czk: eb.ref('excluded.cost_czk'),
            avg_price_czk_kwh: eb.ref('excluded.avg_price_czk_kwh'),
            price_source: eb.ref('excluded.price_source'),
          })),
        )
        .execute();
    }
    await trx
      .insertInto('ev_session_marks')
      .values({ plant_id: plantId, settled_until: next })
      .onConflict((oc) => oc.column('plant_id').doUpdateSet({ settled_until: next }).where('ev_session_marks.settled_until', '<', next))
      .execute();
  });
}

/**
 * History imported from `from` on may change kept sessions: the mark moves back to before the first
 * session it can touch, so the next call derives them again (and replaces the kept ones).
 */
export async function reopenSessions(db: Kysely<Database>, plantId: string, from: number): Promise<void> {
  const edb = evDb(db);
  const cut = from - SESSION_PAUSE_MS * 4;
  const touched = await edb
    .selectFrom('ev_sessions')
    .select((eb) => eb.fn.min('start').as('start'))
    .where('plant_id', '=', plantId)
    .where('end', '>=', cut)
    .executeTakeFirst();
  const reopenAt = Math.min(cut, touched?.start == null ? Infinity : Number(touched.start)) - MAX_SAMPLE_GAP_MS;
  await edb
    .updateTable('ev_session_marks')
    .set({ settled_until: reopenAt })
    .where('plant_id', '=', plantId)
    .where('settled_until', '>', reopenAt)
    .execute();
}
