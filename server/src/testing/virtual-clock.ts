// A clock for tests of timed work (leader jobs): time moves only when the test advances it, and each
// turn that falls due runs to its end (database calls included) before time moves on, so a test
// asserts exact instants instead of measuring the machine.
import type { JobClock } from '../jobs/leader-job';

interface Pending {
  at: number;
  turn: () => Promise<void>;
  cancelled: boolean;
}

export class VirtualClock implements JobClock {
  private time: number;
  private pending: Pending[] = [];

  constructor(start = 0) {
    this.time = start;
  }

  now = (): number => this.time;

  after(ms: number, turn: () => Promise<void>): { cancel(): void } {
    const entry: Pending = { at: this.time + Math.max(0, ms), turn, cancelled: false };
    this.pending.push(entry);
    return { cancel: () => void (entry.cancelled = true) };
  }

  /** Runs every turn due up to `target` in time order (a turn may schedule more), then stands at `target`. */
  async advanceTo(target: number): Promise<void> {
    for (let ran = 0; ; ran++) {
      if (ran > 100_000) throw new Error('VirtualClock: more than 100,000 turns; a turn keeps scheduling itself at once');
      this.pending = this.pending.filter((p) => !p.cancelled);
      const due = this.pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.pending.splice(this.pending.indexOf(due), 1);
      this.time = due.at;
      await due.turn();
    }
    this.time = target;
  }

  advanceBy(ms: number): Promise<void> {
    return this.advanceTo(this.time + ms);
  }
}
