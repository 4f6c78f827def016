import { MODULE_KEYS } from '@helio/contracts/limits';
import { emptyInvite, inviteProblems, inviteRequest, toggleModule } from './invite-form';

const filled = { ...emptyInvite('en'), email: ' nova@helio.local ', name: ' Nová ', family_name: 'Uživatelka' };

describe('the invite form', () => {
  it('starts as a viewer with monitoring and notifications, in the given language', () => {
    expect(emptyInvite('cs')).toEqual({
      email: '',
      name: '',
      family_name: '',
      role: 'viewer',
      modules: ['monitoring', 'notifications'],
      locale: 'cs',
    });
  });

  it('needs an e-mail address and both names', () => {
    expect(inviteProblems(emptyInvite('cs'))).toEqual({ email: 'required', name: 'required', family_name: 'required' });
    expect(inviteProblems({ ...filled, email: 'nova@helio' }).email).toBe('email');
    expect(inviteProblems({ ...filled, email: 'no va@helio.local' }).email).toBe('email');
    expect(inviteProblems(filled)).toEqual({});
  });

  it('becomes a trimmed request', () => {
    expect(inviteRequest(filled)).toEqual({
      email: 'nova@helio.local',
      name: 'Nová',
      family_name: 'Uživatelka',
      role: 'viewer',
      modules: ['monitoring', 'notifications'],
      locale: 'en',
    });
  });

  it('toggles modules in the catalogue order, without duplicates', () => {
    expect(toggleModule(['notifications'], 'ems', true, MODULE_KEYS)).toEqual(['ems', 'notifications']);
    expect(toggleModule(['ems', 'notifications'], 'ems', true, MODULE_KEYS)).toEqual(['ems', 'notifications']);
    expect(toggleModule(['ems', 'notifications'], 'ems', false, MODULE_KEYS)).toEqual(['notifications']);
  });
});
