// What the profile menu shows of the signed-in user, and the feedback mail it prepares.

export interface ProfileUser {
  name: string;
  family_name: string;
  email: string;
}

export function fullName(user: ProfileUser): string {
  const name = [user.name, user.family_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

/** Up to two letters for an avatar without a picture: given and family name, else the e-mail. */
export function initialsOf(user: ProfileUser): string {
  const letters = [user.name, user.family_name].map((part) => Array.from(part.trim())[0] ?? '').join('');
  return (letters || Array.from(user.email.trim())[0] || '?').toLocaleUpperCase();
}

/**
 * A mail draft carrying the page and organisation the feedback is about; the user picks the
 * recipient in their mail client.
 */
export function feedbackMailto(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
