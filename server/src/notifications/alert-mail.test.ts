import { renderAlertMail, type AlertMailFacts } from './alert-mail';

const facts = (patch: Partial<AlertMailFacts>): AlertMailFacts => ({
  kind: 'batteryLow',
  severity: 'warning',
  startedAt: new Date('2025-06-11T08:05:00Z'),
  details: { soc: 12.5, threshold: 20 },
  plantName: 'Brno – Líšeň',
  timeZone: 'Europe/Prague',
  consoleUrl: 'https://ems.test',
  ...patch,
});

describe('the alert e-mail', () => {
  it('is written in Czech for a Czech user, with the start on the plant’s clock', () => {
    const mail = renderAlertMail(facts({}), { email: 'jana@helio.test', name: 'Jana', locale: 'cs' });
    expect(mail).toMatchObject({ to: 'jana@helio.test', language: 'cs', subject: 'Helio EMS: Nízký stav nabití baterie – Brno – Líšeň' });
    expect(mail.text).toContain('Dobrý den, Jana,');
    expect(mail.text).toContain('Stav nabití 12,5 % je pod prahem 20 %.');
    expect(mail.text).toContain('Začátek: 11. června 2025 v 10:05');
    expect(mail.text).toContain('Závažnost: varování');
  });

  it('is written in English for an English user', () => {
    const mail = renderAlertMail(facts({ kind: 'pvLow', details: { actualW: 150, expectedW: 6543, threshold: 10 } }), {
      email: 'john@helio.test',
      name: 'John',
      locale: 'en',
    });
    expect(mail.subject).toBe('Helio EMS: PV production far below expected – Brno – Líšeň');
    expect(mail.text).toContain('Producing 150 W where a clear sky would give 6,543 W (threshold 10 %).');
    expect(mail.text).toContain('Started: June 11, 2025 at 10:05 AM');
    expect(mail.text).toContain('https://ems.test/my-account/notifications');
  });

  it('names the battery’s own floor when that is what the charge fell under', () => {
    const floor = facts({ details: { soc: 9.5, threshold: 10, floor: 10 } });
    expect(renderAlertMail(floor, { email: 'a@b.c', name: 'A', locale: 'en' }).text).toContain(
      "State of charge 9.5 % is below the battery's floor of 10 %, where it should stop discharging.",
    );
    expect(renderAlertMail(floor, { email: 'a@b.c', name: 'A', locale: 'cs' }).text).toContain('pod spodní mezí baterie 10 %');
  });

  it('says when a gateway was last heard of, or that it never reported', () => {
    const heard = renderAlertMail(facts({ kind: 'gatewayOffline', details: { lastReportAt: Date.parse('2025-06-11T07:58:00Z') } }), {
      email: 'a@b.c',
      name: 'A',
      locale: 'en',
    });
    expect(heard.text).toContain('Last report from the gateway: June 11, 2025 at 9:58 AM');
    const never = renderAlertMail(facts({ kind: 'gatewayOffline', details: { lastReportAt: null } }), {
      email: 'a@b.c',
      name: 'A',
      locale: 'cs',
    });
    expect(never.text).toContain('Brána dosud neposlala žádná data.');
  });
});
