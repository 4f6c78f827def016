import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, HelioProviders } from '@helio/shared-utils';
import { __setSignedIn, apiPost, showToast } from '@helio/shared-utils/mock';
import { iamUser, ROLES, USERS } from '../testing/iam-fixtures';
import UsersPage from './users.component';

type Handler = (body: Record<string, unknown>) => unknown;

function server(handlers: Record<string, Handler> = {}) {
  apiPost.mockImplementation((async (path: string, body: Record<string, unknown>) => {
    const handler = handlers[path];
    if (handler) return handler(body);
    if (path === 'iam/users/list') return { users: USERS };
    if (path === 'iam/roles/list') return { roles: ROLES };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
}

const renderPage = () =>
  render(
    <HelioProviders>
      <MemoryRouter initialEntries={['/my-account/iam/users']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <UsersPage />
      </MemoryRouter>
    </HelioProviders>,
  );

const row = async (email: string) => (await screen.findAllByTestId('user-row')).find((r) => r.dataset.email === email) as HTMLElement;

beforeEach(() => __setSignedIn());

describe('the users page', () => {
  it('lists users with role, modules, status and last sign-in; one cannot disable or delete oneself', async () => {
    server();
    renderPage();
    const operator = await row('operator@helio.local');
    expect(within(operator).getByText('Operátor')).toBeTruthy();
    expect(within(operator).getByText('Monitoring')).toBeTruthy();
    expect(within(operator).getByTestId('user-status').textContent).toBe('Aktivní');
    expect(within(operator).getByText(/2026/)).toBeTruthy();
    const self = await row('admin@helio.local');
    expect(within(self).queryByTestId('user-delete')).toBeNull();
    expect(within(self).queryByTestId('user-disable')).toBeNull();
  });

  it('deletes a user only after confirmation, with a toast', async () => {
    const deleted: unknown[] = [];
    server({ 'iam/users/delete': (body) => (deleted.push(body), { ok: true }) });
    renderPage();
    fireEvent.click(within(await row('operator@helio.local')).getByTestId('user-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Petr Dvořák (operator@helio.local)');
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(deleted).toEqual([{ id: 'user-2' }]));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success', message: 'Uživatel Petr Dvořák smazán.' })),
    );
  });

  it('shows the refusal to remove the last admin inside the dialog', async () => {
    server({
      'iam/users/disable': () => {
        throw new ApiError(409, 'LastAdministrator', 'The tenant must keep at least one active owner or admin');
      },
    });
    renderPage();
    fireEvent.click(within(await row('operator@helio.local')).getByTestId('user-disable'));
    fireEvent.click(await screen.findByTestId('confirm-submit'));
    expect((await screen.findByTestId('confirm-error')).textContent).toContain('musí mít alespoň jednoho aktivního vlastníka nebo správce');
    expect(screen.getByTestId('confirm-dialog')).toBeTruthy();
  });

  it('invites a user by e-mail with role, modules and language', async () => {
    const invites: unknown[] = [];
    server({ 'iam/users/invite': (body) => (invites.push(body), iamUser({ id: 'user-3', email: 'nova@helio.local', status: 'invited' })) });
    renderPage();
    await row('operator@helio.local');
    fireEvent.click(screen.getByTestId('users-invite'));
    const form = await screen.findByTestId('invite-form');
    fireEvent.click(within(form).getByTestId('invite-submit'));
    expect(within(form).getAllByText('Vyplňte toto pole.').length).toBe(3);
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'nova@helio.local' } });
    fireEvent.change(within(form).getByLabelText('Jméno'), { target: { value: 'Nová' } });
    fireEvent.change(within(form).getByLabelText('Příjmení'), { target: { value: 'Kolegyně' } });
    fireEvent.change(within(form).getByTestId('invite-role'), { target: { value: 'r-tech' } });
    fireEvent.click(within(form).getByLabelText('Elektromobilita'));
    fireEvent.click(within(form).getByTestId('invite-submit'));
    await waitFor(() =>
      expect(invites).toEqual([
        {
          email: 'nova@helio.local',
          name: 'Nová',
          family_name: 'Kolegyně',
          role: 'r-tech',
          modules: ['ev', 'notifications', 'monitoring'],
          locale: 'cs',
        },
      ]),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Pozvánka odeslána na nova@helio.local.' })),
    );
  });

  it('sends an invited user a fresh temporary password on request', async () => {
    const invites: unknown[] = [];
    const invited = iamUser({
      id: 'user-3',
      email: 'nova@helio.local',
      status: 'invited',
      invitationExpiresAt: '2026-03-08T08:00:00.000Z',
    });
    server({ 'iam/users/list': () => ({ users: [...USERS, invited] }), 'iam/users/invite': (body) => (invites.push(body), invited) });
    renderPage();
    const row3 = await row('nova@helio.local');
    expect(row3.textContent).toContain('heslo platí do 8. 3. 2026');
    expect(within(await row('operator@helio.local')).queryByTestId('user-resend')).toBeNull();
    fireEvent.click(within(row3).getByTestId('user-resend'));
    await waitFor(() =>
      expect(invites).toEqual([
        {
          email: 'nova@helio.local',
          name: 'Petr',
          family_name: 'Dvořák',
          role: 'operator',
          modules: ['monitoring', 'notifications'],
          locale: 'cs',
        },
      ]),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Pozvánka odeslána na nova@helio.local.' })),
    );
  });

  it('searches on the server once typing pauses and says when nothing matches', async () => {
    server({ 'iam/users/list': (body) => ({ users: body.search ? [] : USERS }) });
    renderPage();
    await row('operator@helio.local');
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'nikdo' } });
    expect(await screen.findByText('Hledání nic nenašlo')).toBeTruthy();
    expect(apiPost).toHaveBeenCalledWith('iam/users/list', { search: 'nikdo' }, expect.anything());
  });

  it('says what to do when the list cannot load', async () => {
    server({
      'iam/users/list': () => {
        throw new ApiError(0, 'NetworkError', 'down');
      },
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Zkontrolujte připojení');
  });
});
