import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { admitSignInAttempt, forgetAccountFailures, pruneSignInThrottle, settleSignInSuccess } from './sign-in-throttle';

const MINUTE = 60_000;

describe.each(databaseTargets())('sign-in throttle store on $name', (target) => {
  let db: Kysely<Database>;
  let n = 0;
  const subject = () => ({ account: `someone-${++n}@helio.test`, address: `192.0.2.${n}` });

  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('admits four failures and starts a 15-minute lock with the fifth', async () => {
    const who = subject();
    for (let i = 0; i < 4; i++)
      expect(await admitSignInAttempt(db, who, 1000 + i)).toMatchObject({ admitted: true, retryAfterSeconds: 0, lockedKeys: [] });
    expect(await admitSignInAttempt(db, who, 1004)).toMatchObject({
      admitted: true,
      retryAfterSeconds: 900,
      lockedKeys: [`pair:${who.account}|${who.address}`],
    });
    expect(await admitSignInAttempt(db, who, 1005)).toEqual({ admitted: false, retryAfterSeconds: 900 });
    expect(await admitSignInAttempt(db, who, 1004 + 15 * MINUTE)).toMatchObject({ admitted: true });
  });

  it('lets no more than five of a burst of parallel attempts through', async () => {
    const who = subject();
    const answers = await Promise.all(Array.from({ length: 12 }, () => admitSignInAttempt(db, who, 5000)));
    expect(answers.filter((a) => a.admitted)).toHaveLength(5);
  });

  it('forgets the failures of this account from this address after a success, and gives the wider keys their attempt back', async () => {
    const who = subject();
    for (let i = 0; i < 3; i++) await admitSignInAttempt(db, who, 1000);
    const admission = await admitSignInAttempt(db, who, 1000);
    if (!admission.admitted) throw new Error('not admitted');
    await settleSignInSuccess(db, who, admission);
    const rows = await db
      .selectFrom('sign_in_throttle')
      .selectAll()
      .where('key', 'in', [`pair:${who.account}|${who.address}`, `account:${who.account}`, `address:${who.address}`])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: `account:${who.account}`, failures: 3, lockouts: 0, last_failure_at: 1000, locked_until: null },
      { key: `address:${who.address}`, failures: 3, lockouts: 0, last_failure_at: 1000, locked_until: null },
    ]);
  });

  it('counts a known device’s failures on its own key only: failures elsewhere never lock it', async () => {
    const who = subject();
    for (let i = 0; i < 5; i++) await admitSignInAttempt(db, who, 1000);
    for (let i = 0; i < 60; i++) await admitSignInAttempt(db, { ...who, address: `198.18.${i}.1` }, 1000);
    expect(await admitSignInAttempt(db, { ...who, address: '198.19.0.1' }, 1001)).toMatchObject({ admitted: false });
    const known = { ...who, device: 'device-1' };
    expect(await admitSignInAttempt(db, known, 1001)).toMatchObject({ admitted: true, retryAfterSeconds: 0 });
    for (let i = 0; i < 4; i++) await admitSignInAttempt(db, known, 1002);
    expect(await admitSignInAttempt(db, known, 1003)).toMatchObject({ admitted: false });
  });

  it('undoes an address lock that the successful attempt itself started', async () => {
    const base = subject();
    for (let i = 0; i < 19; i++) await admitSignInAttempt(db, { account: `other-${i}-${base.account}`, address: base.address }, 1000);
    const admission = await admitSignInAttempt(db, base, 1000);
    expect(admission).toMatchObject({ admitted: true, retryAfterSeconds: 900, lockedKeys: [`address:${base.address}`] });
    if (!admission.admitted) return;
    await settleSignInSuccess(db, base, admission);
    expect(await admitSignInAttempt(db, { account: 'next@helio.test', address: base.address }, 1001)).toMatchObject({ admitted: true });
  });

  it('ends an account lock when asked (after a password reset)', async () => {
    const who = subject();
    for (let i = 0; i < 5; i++) await admitSignInAttempt(db, who, 1000);
    await admitSignInAttempt(db, { ...who, device: 'd' }, 1000);
    await forgetAccountFailures(db, who.account);
    expect(await admitSignInAttempt(db, who, 1001)).toMatchObject({ admitted: true, retryAfterSeconds: 0 });
    const left = await db.selectFrom('sign_in_throttle').select('key').where('key', 'like', `%${who.account}%`).execute();
    expect(left.map((r) => r.key).sort()).toEqual([`account:${who.account}`, `pair:${who.account}|${who.address}`]);
  });

  it('prunes rows that hold neither a lock nor a recent failure', async () => {
    const old = subject();
    await admitSignInAttempt(db, old, 0);
    const locked = subject();
    for (let i = 0; i < 5; i++) await admitSignInAttempt(db, locked, 2 * 24 * 60 * MINUTE);
    await pruneSignInThrottle(db, 2 * 24 * 60 * MINUTE + 1);
    const keys = (await db.selectFrom('sign_in_throttle').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain(`pair:${old.account}|${old.address}`);
    expect(keys).toContain(`pair:${locked.account}|${locked.address}`);
  });
});
