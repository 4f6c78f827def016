// What the unread badge on the notifications rail entry says: nothing at 0, the number up to 99,
// then "99+" so the badge keeps its round shape.
export const BADGE_MAX = 99;

export function badgeText(count: number | undefined): string | null {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}
