import { checkPassword } from '@helio/contracts';
import { generateTemporaryPassword } from './temporary-password';

describe('temporary passwords', () => {
  it('always satisfy the password policy', () => {
    for (let i = 0; i < 500; i++) expect(checkPassword(generateTemporaryPassword()).failures).toEqual([]);
  });

  it('differ every time', () => {
    const seen = new Set(Array.from({ length: 200 }, generateTemporaryPassword));
    expect(seen.size).toBe(200);
  });
});
