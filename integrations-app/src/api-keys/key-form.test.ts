import { checkKeyDraft, EMPTY_KEY_DRAFT } from './key-form';

const NOW = new Date(2026, 0, 10, 12).getTime();

describe('the new API key form', () => {
  it('needs a name and, without all plants, at least one plant', () => {
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, name: '  ' }, NOW)).toEqual({ ok: false, field: 'name', problem: 'nameRequired' });
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, name: 'x', allPlants: false }, NOW)).toEqual({
      ok: false,
      field: 'plants',
      problem: 'noPlants',
    });
  });

  it('asks for all plants as null and chosen ones by id', () => {
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, name: ' Grafana ' }, NOW)).toEqual({
      ok: true,
      request: { name: 'Grafana', scope: 'read', plantIds: null, expiresAt: null },
    });
    const chosen = checkKeyDraft({ ...EMPTY_KEY_DRAFT, name: 'x', scope: 'control', allPlants: false, plantIds: ['p1'] }, NOW);
    expect(chosen).toMatchObject({ ok: true, request: { scope: 'control', plantIds: ['p1'] } });
  });

  it('lets a key live through its expiry day, never into the past or beyond the limit', () => {
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, name: 'x', expires: '2026-01-10' }, NOW)).toEqual({
      ok: true,
      request: { name: 'x', scope: 'read', plantIds: null, expiresAt: new Date(2026, 0, 11).toISOString() },
    });
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, name: 'x', expires: '2026-01-09' }, NOW)).toMatchObject({
      ok: false,
      problem: 'expiryPast',
    });
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, name: 'x', expires: '2036-01-09' }, NOW)).toMatchObject({
      ok: false,
      problem: 'expiryTooFar',
    });
  });
});
