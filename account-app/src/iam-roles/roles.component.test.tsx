import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, HelioProviders } from '@helio/shared-utils';
import { __setSignedIn, apiPost, showToast } from '@helio/shared-utils/mock';
import { PERMISSIONS, ROLES } from '../testing/iam-fixtures';
import RolesPage from './roles.component';

type Handler = (body: Record<string, unknown>) => unknown;

function server(handlers: Record<string, Handler> = {}) {
  apiPost.mockImplementation((async (path: string, body: Record<string, unknown>) => {
    const handler = handlers[path];
    if (handler) return handler(body);
    if (path === 'iam/roles/list') return { roles: ROLES };
    if (path === 'iam/permissions/list') return { permissions: PERMISSIONS };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
}

const renderPage = () =>
  render(
    <HelioProviders>
      <MemoryRouter initialEntries={['/my-account/iam/roles']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RolesPage />
      </MemoryRouter>
    </HelioProviders>,
  );

const row = async (name: string) => (await screen.findAllByTestId('role-row')).find((r) => r.dataset.role === name) as HTMLElement;

beforeEach(() => __setSignedIn());

describe('the roles page', () => {
  it('shows built-in roles translated and without edit or delete', async () => {
    server();
    renderPage();
    const owner = await row('Owner');
    expect(within(owner).getByText('Vlastník')).toBeTruthy();
    expect(within(owner).getByText('vestavěná')).toBeTruthy();
    expect(within(owner).queryByTestId('role-delete')).toBeNull();
    expect(within(await row('Technik')).getByTestId('role-delete')).toBeTruthy();
  });

  it('names each role’s permissions by their labels, not their identifiers', async () => {
    server();
    renderPage();
    const technik = await row('Technik');
    expect(within(technik).getByText('Ovládání zařízení').closest('[data-permission]')?.getAttribute('data-permission')).toBe(
      'devices:control',
    );
    expect(within(technik).queryByText('devices:control')).toBeNull();
  });

  it('creates a custom role from a name and chosen permissions', async () => {
    const created: unknown[] = [];
    server({ 'iam/roles/create': (body) => (created.push(body), { ...ROLES[2], id: 'r-new', name: 'Servis', userCount: 0 }) });
    renderPage();
    await row('Technik');
    fireEvent.click(screen.getByTestId('roles-create'));
    const form = await screen.findByTestId('role-form');
    fireEvent.click(within(form).getByTestId('role-save'));
    expect(within(form).getByText('Zadejte název role.')).toBeTruthy();
    expect(within(form).getByText('Vyberte alespoň jedno oprávnění.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Název'), { target: { value: ' Servis ' } });
    fireEvent.click(within(form).getByText('Ovládání zařízení'));
    fireEvent.click(within(form).getByTestId('role-save'));
    await waitFor(() => expect(created).toEqual([{ name: 'Servis', description: '', permissions: ['devices:control'] }]));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Role Servis vytvořena.' })));
  });

  it('shows the refusal to delete an assigned role in the confirmation', async () => {
    server({
      'iam/roles/delete': () => {
        throw new ApiError(409, 'Conflict', 'The role "Technik" is assigned to 1 user; assign them another role first', { userCount: 1 });
      },
    });
    renderPage();
    fireEvent.click(within(await row('Technik')).getByTestId('role-delete'));
    fireEvent.click(await screen.findByTestId('confirm-submit'));
    expect((await screen.findByTestId('confirm-error')).textContent).toBe(
      'Roli nelze smazat, je přidělena uživatelům (počet: 1). Nejprve jim přidělte jinou roli.',
    );
  });
});
