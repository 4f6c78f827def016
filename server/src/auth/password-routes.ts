// Passwords: forgot-password (a mailed 6-digit code) and its confirmation, both public, and
// change-password for the signed-in user. Answers never tell whether an account exists.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordAudit } from '../audit/audit-log';
import { ApiError } from '../http/errors';
import { renderMail, type MailMessage } from '../mail/templates';
import { assertPasswordPolicy, passwordReused, tooManyAttempts } from './auth-schemas';
import { discardResetCodes, generateResetCode, issueResetCode, redeemResetCode, RESET_CODE_LIFETIME_MS } from './reset-codes';
import { admitResetAttempt, forgetResetAttempts, resetLocked, RESET_CONFIRM_ACCOUNT } from './reset-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { announceAccessEnded } from './access-ended';
import { revokeUserSessions } from './sessions';
import { clientOf, userTarget, type IdentityDeps } from './sign-in';
import { knownDeviceOf } from './device-cookie';
import { admitSignInAttempt, forgetAccountFailures, settleSignInSuccess } from './sign-in-throttle';
import { findUserByEmail, findUserById, normalizeEmail, setPassword, type UserRow } from './user-pool';

export const CODE_MISMATCH = 'Invalid or expired code';
export const INCORRECT_CURRENT_PASSWORD = 'Current password is incorrect';

export function passwordHandlers(deps: IdentityDeps): ApiHandlers {
  const { db, bus, mailer, consoleUrl } = deps;

  /** Queues the mail in the transaction of the change it reports; kick the mailer after the commit. */
  const queueMail = (trx: Kysely<Database>, user: UserRow, message: MailMessage) =>
    mailer.enqueue(trx, { to: user.email, language: user.locale, ...renderMail(message, user.locale) });

  return {
    'auth/forgot-password': async (request, reply) => {
      // counted before any scrypt runs: a refused caller costs the thread pool nothing
      await admitResetAttempt(db, reply, 'request', { account: normalizeEmail(request.body.username), address: request.ip });
      const user = await findUserByEmail(db, request.body.username);
      if (user && user.status === 'active') {
        const issued = await issueResetCode(db, user.id, async (trx, code) => {
          await queueMail(trx, user, {
            kind: 'password-reset-code',
            name: user.name,
            code,
            validMinutes: RESET_CODE_LIFETIME_MS / 60_000,
            consoleUrl,
          });
          await recordAudit(trx, {
            tenantId: user.tenant_id,
            action: 'auth.password_reset_requested',
            target: userTarget(user),
            address: clientOf(request).address,
          });
        });
        if (issued) mailer.kick();
      } else {
        await hashPassword(generateResetCode()); // the scrypt work a real code costs, so timing tells nothing
      }
      return { ok: true };
    },
    'auth/confirm-forgot-password': async (request, reply) => {
      const { username, code, newPassword } = request.body;
      assertPasswordPolicy(newPassword);
      const account = normalizeEmail(username);
      const { budgetSpent } = await admitResetAttempt(db, reply, 'confirm', { account, address: request.ip });
      const found = await findUserByEmail(db, username);
      const user = found?.status === 'active' ? found : undefined;
      if (!(await redeemResetCode(db, user?.id, code)) || !user) {
        if (budgetSpent) {
          // The code that was being guessed dies with the budget; the owner asks for a new one later.
          if (user) await discardResetCodes(db, user.id);
          throw resetLocked(reply, RESET_CONFIRM_ACCOUNT.baseLockMs / 1000);
        }
        throw new ApiError(400, 'CodeMismatch', CODE_MISMATCH);
      }
      await forgetResetAttempts(db, account);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, passwordHash);
        // Whoever knew the old password is out, and the owner is no longer locked out.
        await revokeUserSessions(trx, user.id);
        await forgetAccountFailures(trx, normalizeEmail(user.email));
        await recordAudit(trx, {
          tenantId: user.tenant_id,
          action: 'auth.password_reset',
          actor: { id: user.id, email: user.email },
          target: userTarget(user),
          address: clientOf(request).address,
        });
        await queueMail(trx, user, { kind: 'password-changed', name: user.name, at: new Date(), consoleUrl });
      });
      announceAccessEnded(bus, { userId: user.id }); // every session is out: their open live streams end now
      mailer.kick();
      return { ok: true };
    },
    'auth/change-password': async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      assertPasswordPolicy(newPassword);
      if (newPassword === currentPassword) throw passwordReused('The new password must differ from the current one');
      const user = await findUserById(db, request.user.sub);
      if (!user) throw new ApiError(401, 'Unauthorized', 'Unknown user');
      // A stolen session must not become a way to guess the password: the sign-in lockout counts here too.
      const account = normalizeEmail(user.email);
      const device = await knownDeviceOf(request, deps.tokens, account);
      const subject = { account, address: request.ip, ...(device ? { device } : {}) };
      const admission = await admitSignInAttempt(db, subject);
      if (!admission.admitted) throw tooManyAttempts(reply, admission.retryAfterSeconds);
      if (!(await verifyPassword(currentPassword, user.password_hash))) {
        if (admission.retryAfterSeconds > 0) throw tooManyAttempts(reply, admission.retryAfterSeconds);
        throw new ApiError(400, 'IncorrectPassword', INCORRECT_CURRENT_PASSWORD);
      }
      await settleSignInSuccess(db, subject, admission);
      const passwordHash = await hashPassword(newPassword);
      const revoked = await db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, passwordHash);
        const others = await revokeUserSessions(trx, user.id, request.user.sessionId);
        await recordAudit(trx, {
          tenantId: user.tenant_id,
          action: 'auth.password_changed',
          actor: { id: user.id, email: user.email },
          target: userTarget(user),
          details: { otherSessionsRevoked: others.length },
          address: clientOf(request).address,
        });
        await queueMail(trx, user, { kind: 'password-changed', name: user.name, at: new Date(), consoleUrl });
        return others;
      });
      for (const sessionId of revoked) announceAccessEnded(bus, { sessionId });
      mailer.kick();
      return { ok: true };
    },
  };
}
