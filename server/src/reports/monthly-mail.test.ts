// The monthly report by mail, on a virtual clock, across two replicas and a restart: on 1 July each
// subscriber gets one mail with last month's PDF attached, in their language, for the plants they
// may still see; nobody else gets one; and no later turn, replica or restarted server sends it again
// (the leader job and the report_deliveries record).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { userWithToken } from '../iot/test-fixtures';
import { attachmentsOf } from '../mail/outbox';
import { databaseTargets } from '../testing/databases';
import { pdfText, plainSpaces } from '../testing/pdf-text';
import { testConfig } from '../testing/test-app';
import { VirtualClock } from '../testing/virtual-clock';
import { dueMonth, startMonthlyReports } from './monthly-mail';
import { REPORT_TEXTS, reportFormat } from './report-texts';
import { saveSubscription } from './subscriptions';
import { reportsDb } from './tables';
import { juneDay, writeDemoJune } from './test-month';

const HOUR_MS = 3_600_000;
const silent = { info() {}, error() {} };

describe('the month a report is due for', () => {
  it('is last month on the 1st to the 3rd of a month on the Prague calendar, and none after', () => {
    expect(dueMonth(Date.parse('2025-06-30T21:59:00Z'))).toBeNull(); // 23:59 on 30 June in Prague
    expect(dueMonth(Date.parse('2025-06-30T22:00:00Z'))).toBe('2025-06'); // midnight of 1 July
    expect(dueMonth(Date.parse('2025-07-03T21:59:00Z'))).toBe('2025-06');
    expect(dueMonth(Date.parse('2025-07-03T22:00:00Z'))).toBeNull();
    expect(dueMonth(Date.parse('2026-01-01T08:00:00Z'))).toBe('2025-12');
  });
});

describe.each(databaseTargets())('monthly report mails on $name', (target) => {
  let db: Kysely<Database>;
  let plant: { id: string; tenant_id: string; thing_name: string; name: string };
  const config = testConfig().analytics;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    plant = await db
      .selectFrom('plants')
      .select(['id', 'tenant_id', 'thing_name', 'name'])
      .where('thing_name', '=', 'demo-brno-01')
      .executeTakeFirstOrThrow();
    await writeDemoJune(db, plant, config.spotArea);
  });
  afterAll(() => target.destroy());

  const caller = (user: { id: string }, roleId: string) => ({ tenantId: plant.tenant_id, sub: user.id, roleId });
  const outboxTo = (emails: string[]) => db.selectFrom('outbox').selectAll().where('to', 'in', emails).orderBy('to').execute();

  it('mails each subscriber once, with the PDF, in their language, only for plants they may see', async () => {
    const czech = await userWithToken(db, plant.tenant_id, 'admin');
    const english = await userWithToken(db, plant.tenant_id, 'admin');
    const unsubscribed = await userWithToken(db, plant.tenant_id, 'admin');
    const lostAccess = await userWithToken(db, plant.tenant_id, 'viewer');
    await db.updateTable('users').set({ locale: 'cs' }).where('id', '=', czech.id).execute();
    await saveSubscription(db, caller(czech, 'admin'), { enabled: true, plantIds: [plant.id], tagIds: [] });
    await saveSubscription(db, caller(english, 'admin'), { enabled: true, plantIds: [plant.id], tagIds: [] });
    await saveSubscription(db, caller(unsubscribed, 'admin'), { enabled: false, plantIds: [plant.id], tagIds: [] });
    await saveSubscription(db, caller(lostAccess, 'viewer'), { enabled: true, plantIds: [plant.id], tagIds: [] });
    // The viewer loses the plant after subscribing: the mail job asks again and sends them nothing.
    await db.deleteFrom('plant_access').where('user_id', '=', lostAccess.id).where('plant_id', '=', plant.id).execute();
    const users = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [czech.id, english.id, unsubscribed.id, lostAccess.id])
      .execute();
    const emailOf = (id: string) => users.find((u) => u.id === id)?.email as string;
    const everyone = users.map((u) => u.email);

    const clock = new VirtualClock(Date.parse('2025-06-30T12:00:00Z'));
    const deps = { db, config, consoleUrl: 'https://ems.test', log: silent, clock, leaseTtlMs: 20 * 60_000 };
    const replicas = [startMonthlyReports({ ...deps, holder: 'replica-a' }), startMonthlyReports({ ...deps, holder: 'replica-b' })];
    // A turn starts its work and goes on; the work of the turns so far is waited for before looking.
    const advanceTo = async (iso: string, jobs = replicas) => {
      await clock.advanceTo(Date.parse(iso));
      await Promise.all(jobs.map((job) => job.settled()));
    };
    try {
      await advanceTo('2025-06-30T21:50:00Z'); // 23:50 on 30 June in Prague
      expect(await outboxTo(everyone)).toHaveLength(0);

      await advanceTo('2025-06-30T22:30:00Z'); // 00:30 on 1 July
      const mails = await outboxTo(everyone);
      expect(mails.map((m) => m.to).sort()).toEqual([emailOf(czech.id), emailOf(english.id)].sort());
      const cs = mails.find((m) => m.to === emailOf(czech.id));
      const en = mails.find((m) => m.to === emailOf(english.id));
      expect(cs?.language).toBe('cs');
      expect(cs?.subject).toBe(REPORT_TEXTS.cs.mailSubject('červen 2025'));
      expect(en?.subject).toBe(REPORT_TEXTS.en.mailSubject('June 2025'));

      const [pdf] = attachmentsOf(cs as { attachments: string | null });
      expect(pdf?.filename).toBe('helio-report-2025-06-brno-rodinny-dum.pdf');
      expect(pdf?.contentType).toBe('application/pdf');
      const text = await pdfText(pdf?.content as Buffer);
      const produced = Array.from({ length: 30 }, (_, i) => juneDay(i).produced).reduce((a, b) => a + b, 0);
      expect(text).toContain(plainSpaces(`${REPORT_TEXTS.cs.produced} ${reportFormat('cs').kwh(produced)}`));
      expect(text).toContain(plainSpaces(plant.name));
      expect(await pdfText(attachmentsOf(en as { attachments: string | null })[0]?.content as Buffer)).toContain('Monthly plant report');

      // Later turns of the sending days, on either replica, send nothing more.
      await advanceTo('2025-07-02T12:00:00Z');
      expect(await outboxTo(everyone)).toHaveLength(2);
    } finally {
      for (const replica of replicas) await replica.stop();
    }

    // A restarted server (new holder, the lease given up) on the 3rd: the record says sent.
    const restarted = startMonthlyReports({ ...deps, holder: 'replica-c' });
    try {
      await advanceTo('2025-07-03T20:00:00Z', [restarted]);
      expect(await outboxTo(everyone)).toHaveLength(2);
    } finally {
      await restarted.stop();
    }
    const records = await reportsDb(db)
      .selectFrom('report_deliveries')
      .select(['user_id', 'month', 'reports'])
      .where('month', '=', '2025-06')
      .execute();
    expect(records.map((r) => r.user_id).sort()).toEqual([czech.id, english.id].sort());
    expect(records.every((r) => r.reports === 1)).toBe(true);
  });
});
