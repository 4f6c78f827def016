// A charger's current limits, judged the same way on every path that sets them: /ev's OCPP call
// (ev/charger/current) and the plant's desired keys EvMinCurrent / EvMaxCurrent (rc/set and
// iot/thing/shadow/desired, control.ts). Whole amperes from the lowest a car charges at up to what the
// charger delivers, and the minimum never above the maximum; a refusal is EvCurrentRange, which the
// browser translates.
import type { Kysely } from 'kysely';
import {
  CHARGER_KEYS,
  chargerCurrentPair,
  chargerCurrentProblems,
  EV_CURRENT_MIN_A,
  ratedCurrentA,
  type ChargerCurrentProblem,
} from '@helio/contracts';
import type { Database } from '../db/schema';
import type { ShadowDocument } from '../iot/shadows/shadow-doc';
import { ApiError } from '../http/errors';

type Field = 'minCurrentA' | 'maxCurrentA';
type Problems = Partial<Record<Field, ChargerCurrentProblem>>;

/** The 400 for limits with problems; undefined when there are none. */
export function currentRangeError(
  problems: Problems,
  limits: { minCurrentA: number; maxCurrentA: number },
  hwMaxCurrentA: number,
): ApiError | undefined {
  if (Object.keys(problems).length === 0) return undefined;
  const reason = Object.values(problems).includes('range') ? 'range' : 'minAboveMax';
  return new ApiError(
    400,
    'EvCurrentRange',
    `Current limits must be whole amperes from ${EV_CURRENT_MIN_A} to ${hwMaxCurrentA} A (the charger's hardware), min ≤ max`,
    {
      reason,
      fields: Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, { problem }])),
      ...limits,
      lowestA: EV_CURRENT_MIN_A,
      hwMaxCurrentA,
    },
  );
}

/**
 * The highest current the plant's chargers take (whole amperes of their rating): the plant's charger
 * keys go to each of its chargers, so the smallest rating bounds them.
 */
async function plantRatedCurrentA(db: Kysely<Database>, plantId: string): Promise<number> {
  const chargers = await db
    .selectFrom('devices')
    .select('rated_power_kw')
    .where('plant_id', '=', plantId)
    .where('kind', '=', 'charger')
    .execute();
  return Math.min(...chargers.map((c) => ratedCurrentA(c.rated_power_kw)));
}

const FIELD_OF: Readonly<Record<string, Field>> = { [CHARGER_KEYS.minCurrent]: 'minCurrentA', [CHARGER_KEYS.maxCurrent]: 'maxCurrentA' };
const OTHER_KEY: Readonly<Record<Field, string>> = { minCurrentA: CHARGER_KEYS.maxCurrent, maxCurrentA: CHARGER_KEYS.minCurrent };

/**
 * Refuses a plant's EvMinCurrent / EvMaxCurrent (already a whole number of amperes) above the plant's
 * chargers' rating, or making the minimum exceed the other limit as it is now (asked for, else
 * reported). Other keys pass.
 */
export async function checkPlantChargerCurrent(
  db: Kysely<Database>,
  plantId: string,
  doc: ShadowDocument | undefined,
  key: string,
  value: unknown,
): Promise<void> {
  const field = FIELD_OF[key];
  if (!field || typeof value !== 'number') return;
  const ratedA = await plantRatedCurrentA(db, plantId);
  const otherKey = OTHER_KEY[field];
  const present = doc?.state.desired[otherKey] ?? doc?.state.reported[otherKey];
  const pair = chargerCurrentPair(field, value, typeof present === 'number' ? present : null, ratedA);
  const problems = chargerCurrentProblems(pair, ratedA);
  // a pair out of order is the changed limit's problem, whichever of the two it is
  const problem = problems[field] ?? (problems.minCurrentA === 'minAboveMax' ? 'minAboveMax' : undefined);
  const error = currentRangeError(problem ? { [field]: problem } : {}, pair, ratedA);
  if (error) throw error;
}
