// The texts of the mails the user pool sends, in the recipient's language (cs or en). Plain text:
// it reads the same in every client and cannot hide a link behind other words.
import type { Locale } from '../db/schema';

export type MailMessage =
  | {
      kind: 'invitation';
      name: string;
      username: string;
      temporaryPassword: string;
      expiresAt: Date;
      tenantName: string;
      consoleUrl: string;
    }
  /** To the owner of an address invited by one organisation while it has an account with another. */
  | { kind: 'invitation-elsewhere'; name: string; tenantName: string; consoleUrl: string }
  | { kind: 'password-reset-code'; name: string; code: string; validMinutes: number; consoleUrl: string }
  | { kind: 'password-changed'; name: string; at: Date; consoleUrl: string };

export interface RenderedMail {
  subject: string;
  text: string;
  /** The mail carries a secret (a temporary password, a reset code) of use until then: the outbox removes its text after. */
  secretUntil?: Date;
}

/** Until when the secret a message carries is of use, or undefined when it carries none. */
function secretUntil(message: MailMessage, now: number): Date | undefined {
  if (message.kind === 'invitation') return message.expiresAt;
  if (message.kind === 'password-reset-code') return new Date(now + message.validMinutes * 60_000);
  return undefined;
}

const LOCALE_TAG: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-US' };

function when(date: Date, language: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Prague',
    timeZoneName: 'short',
  }).format(date);
}

const signature: Record<Locale, string> = { cs: '\n\nHelio EMS', en: '\n\nHelio EMS' };

function czech(message: MailMessage): RenderedMail {
  switch (message.kind) {
    case 'invitation':
      return {
        subject: `Pozvánka do Helio EMS (${message.tenantName})`,
        text: [
          `Dobrý den, ${message.name},`,
          '',
          `byl vám vytvořen účet v Helio EMS organizace ${message.tenantName}.`,
          '',
          `Přihlašovací jméno: ${message.username}`,
          `Dočasné heslo: ${message.temporaryPassword}`,
          '',
          `Přihlaste se na ${message.consoleUrl}/auth/sign-in a nastavte si vlastní heslo.`,
          `Dočasné heslo platí do ${when(message.expiresAt, 'cs')}.`,
        ].join('\n'),
      };
    case 'invitation-elsewhere':
      return {
        subject: `Pozvánka do Helio EMS (${message.tenantName})`,
        text: [
          `Dobrý den, ${message.name},`,
          '',
          `organizace ${message.tenantName} vás pozvala do Helio EMS. Vaše e-mailová adresa ale už patří účtu Helio EMS`,
          'u jiné organizace a jedna adresa může mít jen jeden účet, proto vám nový účet nevznikl.',
          '',
          `Chcete-li pracovat i s organizací ${message.tenantName}, požádejte ji o pozvánku na jinou e-mailovou adresu.`,
          `Váš dosavadní účet zůstává beze změny: ${message.consoleUrl}/auth/sign-in`,
        ].join('\n'),
      };
    case 'password-reset-code':
      return {
        subject: 'Kód pro obnovení hesla do Helio EMS',
        text: [
          `Dobrý den, ${message.name},`,
          '',
          `váš kód pro obnovení hesla je ${message.code}.`,
          `Platí ${message.validMinutes} minut a lze jej použít jen jednou: ${message.consoleUrl}/auth/set-new-password`,
          '',
          'Pokud jste o obnovení hesla nežádali, tento e-mail ignorujte; vaše heslo zůstává beze změny.',
        ].join('\n'),
      };
    case 'password-changed':
      return {
        subject: 'Heslo do Helio EMS bylo změněno',
        text: [
          `Dobrý den, ${message.name},`,
          '',
          `heslo k vašemu účtu bylo změněno ${when(message.at, 'cs')}.`,
          `Pokud jste to nebyli vy, obnovte si heslo na ${message.consoleUrl}/auth/forgot-password a kontaktujte správce.`,
        ].join('\n'),
      };
  }
}

function english(message: MailMessage): RenderedMail {
  switch (message.kind) {
    case 'invitation':
      return {
        subject: `Your invitation to Helio EMS (${message.tenantName})`,
        text: [
          `Hello ${message.name},`,
          '',
          `an account in Helio EMS of ${message.tenantName} has been created for you.`,
          '',
          `Username: ${message.username}`,
          `Temporary password: ${message.temporaryPassword}`,
          '',
          `Sign in at ${message.consoleUrl}/auth/sign-in and choose your own password.`,
          `The temporary password is valid until ${when(message.expiresAt, 'en')}.`,
        ].join('\n'),
      };
    case 'invitation-elsewhere':
      return {
        subject: `Your invitation to Helio EMS (${message.tenantName})`,
        text: [
          `Hello ${message.name},`,
          '',
          `${message.tenantName} invited you to Helio EMS. Your e-mail address, however, already has a Helio EMS account`,
          'with another organisation, and an address can have only one account, so no new account was made for you.',
          '',
          `If you want to work with ${message.tenantName} too, ask them for an invitation to another e-mail address.`,
          `Your existing account stays as it is: ${message.consoleUrl}/auth/sign-in`,
        ].join('\n'),
      };
    case 'password-reset-code':
      return {
        subject: 'Your Helio EMS password reset code',
        text: [
          `Hello ${message.name},`,
          '',
          `your password reset code is ${message.code}.`,
          `It is valid for ${message.validMinutes} minutes and works once: ${message.consoleUrl}/auth/set-new-password`,
          '',
          'If you did not ask to reset your password, ignore this e-mail; your password stays as it is.',
        ].join('\n'),
      };
    case 'password-changed':
      return {
        subject: 'Your Helio EMS password was changed',
        text: [
          `Hello ${message.name},`,
          '',
          `the password of your account was changed on ${when(message.at, 'en')}.`,
          `If this was not you, reset your password at ${message.consoleUrl}/auth/forgot-password and contact your administrator.`,
        ].join('\n'),
      };
  }
}

export function renderMail(message: MailMessage, language: Locale, now = Date.now()): RenderedMail {
  const rendered = language === 'cs' ? czech(message) : english(message);
  const until = secretUntil(message, now);
  return { subject: rendered.subject, text: rendered.text + signature[language], ...(until ? { secretUntil: until } : {}) };
}
