import { decoyHash, hashPassword, PRODUCTION_COST, scryptCost, UNUSABLE_PASSWORD_HASH, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes at N = 2^15 outside jest, and at a cost jest can afford in its workers', () => {
    expect(scryptCost({})).toEqual({ N: 32768, r: 8, p: 1 });
    expect(scryptCost({ JEST_WORKER_ID: '1' }).N).toBeLessThan(32768);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Helio-admin-2024!', PRODUCTION_COST);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    await expect(verifyPassword('Helio-admin-2024!', stored)).resolves.toBe(true);
    await expect(verifyPassword('helio-admin-2024!', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash, so equal passwords store differently', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('never matches a malformed stored hash', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    for (const guess of ['', '!', 'x']) await expect(verifyPassword(guess, UNUSABLE_PASSWORD_HASH)).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$abc$8$1$c2FsdA$aGFzaA')).resolves.toBe(false);
  });

  it('keeps one decoy hash that no guessable password matches', async () => {
    const decoy = await decoyHash();
    expect(await decoyHash()).toBe(decoy);
    await expect(verifyPassword('', decoy)).resolves.toBe(false);
  });
});
