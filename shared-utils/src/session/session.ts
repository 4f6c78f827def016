// The signed-in session and the stream that tells every app about it. The subject stays private:
// apps read session$ and change it only through signIn/signOut/restoreSession.
import { BehaviorSubject, type Observable } from 'rxjs';

export interface SessionClaims {
  sub: string;
  email: string;
  tenantId: string;
}

export interface Session {
  idToken: string;
  accessToken: string;
  /** epoch ms */
  expiresAt: number;
  claims: SessionClaims;
}

const subject = new BehaviorSubject<Session | null | undefined>(undefined);

/** undefined = not known yet (restoring), null = signed out. */
export const session$: Observable<Session | null | undefined> = subject.asObservable();

export function currentSession(): Session | null | undefined {
  return subject.getValue();
}

export function setSessionState(session: Session | null): void {
  subject.next(session);
}

export function getIdToken(): string | null {
  return subject.getValue()?.idToken ?? null;
}
