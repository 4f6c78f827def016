// When the gateway's health goes out with its status: when something an operator would act on
// changed, else once a minute. Which report is the oldest waiting is part of it, not only whether
// one waits: a health sent while a report was on its way (its acknowledgement later than the next
// cycle) otherwise stayed on /services, "1 waiting" with that report's time, for up to a minute
// after the outbox had emptied and refilled (a CI run's gateway journey).
import type { GatewayHealth } from '@helio/contracts';

/** Health is published at least this often while nothing changes. */
export const HEALTH_EVERY_MS = 60_000;

export class HealthPace {
  private lastGist = '';
  private lastAt = -Infinity;

  /** Whether this health should go out; if so it counts as sent. */
  due(health: GatewayHealth): boolean {
    const gist = JSON.stringify([
      health.devices.map((d) => [d.answering, d.error]),
      // An outage that keeps its oldest report waiting sends once a minute, not every cycle.
      health.oldestBufferedAt ?? null,
      health.dropped,
      health.exportLimit?.mode,
    ]);
    const due = gist !== this.lastGist || health.at - this.lastAt >= HEALTH_EVERY_MS;
    if (due) {
      this.lastGist = gist;
      this.lastAt = health.at;
    }
    return due;
  }
}
