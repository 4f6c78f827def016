import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { PERMISSIONS, ROLES, SESSIONS, USERS } from './testing/iam-fixtures';
import { HelioAppFrame } from '@helio/shared-utils';
import { Root } from './root.component';

const viewer = () => ({
  ...__fixtures.currentUser(),
  role: 'viewer',
  permissions: ['plants:read', 'notifications:read'],
  modules: ['monitoring', 'notifications'],
});

beforeEach(() => {
  __setSignedIn();
  apiPost.mockImplementation((async (path: string) => {
    if (path === 'iam/users/list') return { users: USERS };
    if (path === 'iam/roles/list') return { roles: ROLES };
    if (path === 'iam/permissions/list') return { permissions: PERMISSIONS };
    if (path === 'auth/sessions/list') return { sessions: SESSIONS };
    if (path === 'audit/list') return { events: [], nextCursor: null };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

const at = (path: string) => {
  window.history.pushState({}, '', path);
  return render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
};

describe('the account app routes', () => {
  it('shows the profile and both settings groups at /my-account', async () => {
    at('/my-account');
    expect(await screen.findByTestId('profile-card')).toBeTruthy();
    expect(screen.getByTestId('settings-account').textContent).toContain('Rozvrh upozornění');
    expect(screen.getByTestId('settings-iam').textContent).toContain('Oprávnění');
  });

  it('shows password and sessions at /my-account/security', async () => {
    at('/my-account/security');
    expect(await screen.findByTestId('change-password')).toBeTruthy();
    expect((await screen.findAllByTestId('session-row')).length).toBe(2);
  });

  it.each([
    ['/my-account/iam/users', 'users-table'],
    ['/my-account/iam/roles', 'roles-table'],
    ['/my-account/iam/permissions', 'permissions-table'],
    ['/my-account/iam/audit', 'empty'],
  ])('shows %s to an admin', async (path, testId) => {
    at(path);
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });

  it.each(['/my-account/iam/users', '/my-account/iam/roles', '/my-account/iam/permissions', '/my-account/iam/audit'])(
    'shows a no-access state at %s to a viewer, and asks the server nothing',
    async (path) => {
      __setCurrentUser(viewer());
      at(path);
      expect((await screen.findByTestId('iam-no-access')).textContent).toContain('Nemáte přístup ke správě identit a přístupů');
      expect(apiPost).not.toHaveBeenCalled();
    },
  );

  it('shows the IAM entries dimmed for a viewer on /my-account', async () => {
    __setCurrentUser(viewer());
    at('/my-account');
    const users = await screen.findByTestId('settings-users');
    expect(users.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('settings-iam').textContent).toContain('bez přístupu');
  });

  it('says so at an IAM address it has no page for', async () => {
    at('/my-account/iam/groups');
    expect((await screen.findByTestId('iam-not-found')).textContent).toContain('Tato stránka správy identit a přístupů neexistuje');
  });

  it('renders nothing on routes of other apps', async () => {
    const { container } = at('/my-account/notifications');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).toBe('');
  });
});
