// The flood guard's memory: one bucket per gateway, never more than its bound, whatever names arrive.
import { FLOOD_GUARD_TRACKED, FloodGuard } from './flood-guard';

describe('FloodGuard, bounded', () => {
  it('tracks at most its bound of gateways when every one of them still has reports pending', () => {
    const guard = new FloodGuard(undefined, () => 0);
    for (let i = 0; i < FLOOD_GUARD_TRACKED + 100; i++) expect(guard.admit(`gw-${i}`)).toBe(true);
    expect(guard.size).toBe(FLOOD_GUARD_TRACKED);
  });

  it('forgets the idle gateways first: a busy one keeps its bucket past the bound', () => {
    let now = 0;
    const guard = new FloodGuard({ perSecond: 1, burst: 2, maxPending: 1 }, () => now, 3);
    expect(guard.admit('busy')).toBe(true); // one report pending, not done
    for (const idle of ['a', 'b']) {
      guard.admit(idle);
      guard.done(idle);
    }
    now += 10_000; // the idle ones' buckets refill
    guard.admit('new');
    expect(guard.size).toBe(2); // 'a' and 'b' forgotten, 'busy' and 'new' tracked
    expect(guard.admit('busy')).toBe(false); // still at its pending bound: its bucket was kept
  });
});
