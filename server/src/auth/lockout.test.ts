import { ACCOUNT_LOCKOUT, ADDRESS_LOCKOUT, UNLOCKED, afterFailure, retryAfterSeconds, type LockoutState } from './lockout';

const MINUTE = 60_000;

function fail(times: number, from: LockoutState = UNLOCKED, start = 0, stepMs = 1000): LockoutState {
  let state = from;
  for (let i = 0; i < times; i++) state = afterFailure(ACCOUNT_LOCKOUT, state, start + i * stepMs);
  return state;
}

describe('sign-in lockout', () => {
  it('stays open for four failures and locks for 15 minutes on the fifth', () => {
    const four = fail(4);
    expect(retryAfterSeconds(four, 4000)).toBe(0);
    const five = afterFailure(ACCOUNT_LOCKOUT, four, 4000);
    expect(five.lockedUntil).toBe(4000 + 15 * MINUTE);
    expect(retryAfterSeconds(five, 4000)).toBe(15 * 60);
  });

  it('ends the lock by itself', () => {
    const locked = fail(5);
    expect(retryAfterSeconds(locked, (locked.lockedUntil ?? 0) - 1)).toBe(1);
    expect(retryAfterSeconds(locked, locked.lockedUntil ?? 0)).toBe(0);
  });

  it('doubles every further lockout, up to a day', () => {
    let state = UNLOCKED;
    let now = 0;
    const durations: number[] = [];
    for (let lock = 0; lock < 9; lock++) {
      state = fail(5, state, now);
      durations.push(((state.lockedUntil ?? 0) - (state.lastFailureAt ?? 0)) / MINUTE);
      now = state.lockedUntil ?? 0;
    }
    expect(durations).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
  });

  it('does not add up failures more than 15 minutes apart', () => {
    const state = fail(5, UNLOCKED, 0, 16 * MINUTE);
    expect(state).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it('forgets earlier lockouts after a quiet day', () => {
    const once = fail(5);
    const dayLater = (once.lastFailureAt ?? 0) + 24 * 60 * MINUTE + 1;
    const again = fail(5, once, dayLater);
    expect((again.lockedUntil ?? 0) - (again.lastFailureAt ?? 0)).toBe(15 * MINUTE);
  });

  it('gives a client address twenty failures before locking it', () => {
    let state = UNLOCKED;
    for (let i = 0; i < 19; i++) state = afterFailure(ADDRESS_LOCKOUT, state, i);
    expect(state.lockedUntil).toBeNull();
    expect(afterFailure(ADDRESS_LOCKOUT, state, 19).lockedUntil).toBe(19 + 15 * MINUTE);
  });
});
