import { AUDIT_ACTIONS, PERMISSION_KEYS } from '@helio/contracts/limits';
import { i18n } from '@helio/shared-utils';
import cs from '../../locales/cs/account-app.json';
import { permissionTextKey } from '../iam-roles/permission-key';
import { actionTextKey, actorText, AUDIT_CATEGORIES, auditQueryOf, detailsSummary, NO_AUDIT_FILTER, rangeIsValid } from './audit-filter';

// the console's real Czech texts (the shared-utils mock's i18next holds every workspace's locales)
const tCs = i18n.getFixedT('cs', 'account-app') as unknown as (key: string, options?: Record<string, unknown>) => string;

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], cs);

describe('the audit log filter', () => {
  it('asks for everything, newest first, a page at a time, without filters', () => {
    expect(auditQueryOf(NO_AUDIT_FILTER)).toEqual({ limit: 50 });
    expect(auditQueryOf(NO_AUDIT_FILTER, 'c1')).toEqual({ limit: 50, cursor: 'c1' });
  });

  it('turns a kind into its actions and local days into an inclusive range', () => {
    const query = auditQueryOf({ category: 'failedSignIns', from: '2026-03-01', to: '2026-03-02' });
    expect(query.actions).toEqual(['auth.sign_in_failed']);
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 3).toISOString()); // the end of the "to" day, exclusive
  });

  it('refuses a range that ends before it starts', () => {
    expect(rangeIsValid({ category: 'all', from: '2026-03-02', to: '2026-03-01' })).toBe(false);
    expect(rangeIsValid({ category: 'all', from: '2026-03-02', to: '2026-03-02' })).toBe(true);
    expect(rangeIsValid({ category: 'all', from: '2026-03-02', to: '' })).toBe(true);
  });

  it('puts every action the server records into exactly one kind, each with a text', () => {
    const categorised = Object.values(AUDIT_CATEGORIES).flat();
    expect([...categorised].sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) expect([action, typeof lookup(actionTextKey(action))]).toEqual([action, 'string']);
  });

  it('has a text for every permission of the server catalogue', () => {
    for (const permission of PERMISSION_KEYS)
      expect([permission, typeof lookup(permissionTextKey(permission))]).toEqual([permission, 'string']);
  });

  it('words an event’s details in Czech: labelled names, ids counted, modules and events by name, nothing internal', () => {
    expect(
      detailsSummary(tCs, { before: { role: 'viewer', modules: ['monitoring'] }, after: { role: 'operator', modules: ['monitoring'] } }),
    ).toBe('Role: viewer → operator');
    expect(detailsSummary(tCs, { others: true, count: 2 })).toBe('Ostatní přihlášení: ano; Počet: 2');
    expect(detailsSummary(tCs, { sessionId: '028793e9', method: 'password' })).toBe('Způsob: password');
    expect(detailsSummary(tCs, { permissions: [] })).toBe('Oprávnění: —');
    expect(detailsSummary(tCs, { plantIds: ['p1', 'p2', 'p3'], events: ['alert.opened'] })).toBe(
      'Počet elektráren: 3; Události: Upozornění otevřeno',
    );
    expect(detailsSummary(tCs, { modules: ['rc', 'ev'] })).toBe('Moduly: Vzdálené řízení, Elektromobilita');
    expect(detailsSummary(tCs, {})).toBe('');
  });

  it('names the console for entries no user made, and the account a failed sign-in named', () => {
    expect(actorText(tCs, { action: 'alert.opened', actor: null, details: {} })).toBe('Systém (automaticky)');
    expect(actorText(tCs, { action: 'auth.sign_in_failed', actor: null, details: { username: 'x@y.cz' } })).toBe('x@y.cz');
    expect(actorText(tCs, { action: 'iam.user_updated', actor: { email: 'a@b.cz' }, details: {} })).toBe('a@b.cz');
  });
});
