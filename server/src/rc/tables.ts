// Remote control (Kysely types): the commands sent to plants and the schedules that send them (one
// replica at a time runs the schedules, under the periodic jobs' leader lease, jobs/leader-lease.ts).
import type { RcCommandState, RcScheduleKind } from '@helio/contracts';

export interface RcCommandTable {
  id: string;
  tenant_id: string;
  plant_id: string;
  thing_name: string;
  key: string;
  /** JSON text: the value before (desired, else reported), null when none. */
  from_value: string;
  /** JSON text */
  to_value: string;
  state: RcCommandState;
  source: 'user' | 'schedule' | 'fleet';
  user_id: string | null;
  user_email: string | null;
  sent_at: string;
  confirmed_at: string | null;
  confirm_ms: number | null;
}

export interface RcScheduleTable {
  id: string;
  tenant_id: string;
  plant_id: string;
  key: string;
  /** JSON text; a force charge keeps its target only, the end is the window's. */
  value: string;
  kind: RcScheduleKind;
  date: string | null;
  start_time: string;
  end_time: string;
  /** 1 between a start applied and its end. */
  active: number;
  /** JSON text: what the start replaced, put back at the end. */
  restore_value: string | null;
  /** The latest edge applied (ISO): an edge is claimed by moving this past it, so it runs once. */
  last_edge_at: string | null;
  created_by: string | null;
  /** 066_schedule_creators: the user, or the API key, that made it; it fires only while they may control the plant. */
  created_by_user_id: string | null;
  created_by_key_id: string | null;
  created_at: string;
}

export type RcTables = {
  rc_commands: RcCommandTable;
  rc_schedules: RcScheduleTable;
};
