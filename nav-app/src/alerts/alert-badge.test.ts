import { badgeText } from './alert-badge';

describe('the unread badge text', () => {
  it('is hidden when nothing is unread or the count is not known', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
  });

  it('shows the count up to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
  });

  it('shows 99+ above 99', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});
