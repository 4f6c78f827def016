import { renderMail } from './templates';

const expiresAt = new Date('2025-06-08T10:30:00Z');

describe('mail texts', () => {
  it('invites in Czech with the username, the temporary password, its expiry in Prague time and the link', () => {
    const mail = renderMail(
      {
        kind: 'invitation',
        name: 'Jana',
        username: 'jana@helio.test',
        temporaryPassword: 'Tmp-pass-1234!xyz',
        expiresAt,
        tenantName: 'Helio Demo',
        consoleUrl: 'https://ems.test',
      },
      'cs',
    );
    expect(mail.subject).toBe('Pozvánka do Helio EMS (Helio Demo)');
    expect(mail.text).toContain('Dobrý den, Jana,');
    expect(mail.text).toContain('Přihlašovací jméno: jana@helio.test');
    expect(mail.text).toContain('Dočasné heslo: Tmp-pass-1234!xyz');
    expect(mail.text).toContain('https://ems.test/auth/sign-in');
    expect(mail.text).toMatch(/8\. června 2025.*12:30/);
  });

  it('invites in English the same way', () => {
    const mail = renderMail(
      {
        kind: 'invitation',
        name: 'Eva',
        username: 'eva@helio.test',
        temporaryPassword: 'Tmp-pass-1234!xyz',
        expiresAt,
        tenantName: 'Helio Demo',
        consoleUrl: 'https://ems.test',
      },
      'en',
    );
    expect(mail.subject).toBe('Your invitation to Helio EMS (Helio Demo)');
    expect(mail.text).toContain('Temporary password: Tmp-pass-1234!xyz');
    expect(mail.text).toMatch(/June 8, 2025.*12:30/);
  });

  it('sends the reset code with its validity, in both languages', () => {
    const message = { kind: 'password-reset-code', name: 'Eva', code: '042917', validMinutes: 60, consoleUrl: 'https://ems.test' } as const;
    expect(renderMail(message, 'en').text).toContain('your password reset code is 042917.\nIt is valid for 60 minutes');
    expect(renderMail(message, 'cs').text).toContain('váš kód pro obnovení hesla je 042917.\nPlatí 60 minut');
  });

  it('tells about a changed password and where to go if it was not them', () => {
    const mail = renderMail({ kind: 'password-changed', name: 'Eva', at: expiresAt, consoleUrl: 'https://ems.test' }, 'en');
    expect(mail.subject).toBe('Your Helio EMS password was changed');
    expect(mail.text).toContain('https://ems.test/auth/forgot-password');
  });

  it('tells the owner of an address invited elsewhere, in their language, to ask for another address', () => {
    const message = { kind: 'invitation-elsewhere', name: 'Eva', tenantName: 'Other Energy', consoleUrl: 'https://ems.test' } as const;
    const en = renderMail(message, 'en');
    expect(en.subject).toBe('Your invitation to Helio EMS (Other Energy)');
    expect(en.text).toContain('Other Energy invited you to Helio EMS');
    expect(en.text).toContain('already has a Helio EMS account\nwith another organisation');
    expect(en.text).toContain('ask them for an invitation to another e-mail address');
    const cs = renderMail(message, 'cs');
    expect(cs.subject).toBe('Pozvánka do Helio EMS (Other Energy)');
    expect(cs.text).toContain('organizace Other Energy vás pozvala do Helio EMS');
    expect(cs.text).toContain('požádejte ji o pozvánku na jinou e-mailovou adresu');
    for (const mail of [en, cs]) expect(mail.text).not.toMatch(/heslo:|password:/i);
  });
});
