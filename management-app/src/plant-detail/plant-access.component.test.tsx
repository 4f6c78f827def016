import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type PlantAccessUser, HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost, queryClient, showToast } from '@helio/shared-utils/mock';
import { plantDetail } from '../testing/fixtures';
import { Root } from '../root.component';

const PLANT = plantDetail({ id: 'plant-1', name: 'Brno – Líšeň', thingName: 'gw-brno-01' });
const person = (over: Partial<PlantAccessUser>): PlantAccessUser => ({
  userId: 'u',
  email: 'u@helio.local',
  name: 'Jana',
  familyName: 'Nováková',
  role: 'viewer',
  tenantRoleId: 'viewer',
  status: 'active',
  everyPlant: false,
  ...over,
});
const ADMIN = person({ userId: 'user-1', email: 'admin@helio.local', role: 'owner', tenantRoleId: 'owner', everyPlant: true });
const JANA = person({ userId: 'u-2', email: 'jana@helio.local' });
type Post = (path: string, body: unknown) => Promise<unknown>;
let server: Post;
let users: PlantAccessUser[];

beforeEach(() => {
  queryClient.clear();
  __setSignedIn();
  users = [ADMIN, JANA];
  server = async (path, body) => {
    if (path === 'plant/list') return __fixtures.plants();
    if (path === 'hono/plants/get') throw new ApiError(404, 'NotFound', 'no status');
    if (path === 'plant/detail') return PLANT;
    if (path === 'plant/access/list') return { users };
    if (path === 'plant/access/update') {
      const { userId, role } = body as { userId: string; role: PlantAccessUser['role'] };
      users = users.map((u) => (u.userId === userId ? { ...u, role } : u));
      return users.find((u) => u.userId === userId);
    }
    if (path === 'plant/access/remove') {
      users = users.filter((u) => u.userId !== (body as { userId: string }).userId);
      return { removed: true };
    }
    if (path === 'plant/access/invite') throw new ApiError(409, 'AlreadyHasAccess', 'has it');
    throw new Error(`unexpected ${path}`);
  };
  apiPost.mockImplementation(((path: string, body: unknown) => server(path, body)) as unknown as typeof apiPost);
});

const open = () => {
  window.history.pushState({}, '', '/management/plants/plant-1?tab=access');
  return render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
};
const rowOf = async (email: string) =>
  (await screen.findAllByTestId('plant-access-row')).find((r) => r.getAttribute('data-email') === email) as HTMLElement;

describe('the access tab', () => {
  it('lists the users with their plant role; an owner changes a role and removes a user after confirming', async () => {
    open();
    expect(within(await rowOf('admin@helio.local')).getByText('Správce – všechny elektrárny')).toBeTruthy();
    const jana = await rowOf('jana@helio.local');
    fireEvent.change(within(jana).getByTestId('plant-access-role'), { target: { value: 'operator' } });
    await waitFor(() => expect(apiPost).toHaveBeenCalledWith('plant/access/update', { id: 'plant-1', userId: 'u-2', role: 'operator' }));
    await screen.findByDisplayValue('Operátor');
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ intent: 'success', message: 'jana@helio.local má nyní roli Operátor' }),
    );

    fireEvent.click(within(await rowOf('jana@helio.local')).getByTestId('plant-access-remove'));
    expect(apiPost).not.toHaveBeenCalledWith('plant/access/remove', expect.anything());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Odebrat jana@helio.local z elektrárny Brno – Líšeň?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Odebrat' }));
    await waitFor(() => expect(apiPost).toHaveBeenCalledWith('plant/access/remove', { id: 'plant-1', userId: 'u-2' }));
    await waitFor(() => expect(screen.getAllByTestId('plant-access-row')).toHaveLength(1));
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'jana@helio.local už nemá přístup k elektrárně Brno – Líšeň' }),
    );
  });

  it('explains a refused invitation', async () => {
    open();
    await rowOf('jana@helio.local');
    fireEvent.change(document.querySelector('#plant-access-email') as HTMLInputElement, { target: { value: 'jana@helio.local' } });
    fireEvent.click(within(screen.getByTestId('plant-access-invite')).getByRole('button', { name: 'Pozvat' }));
    expect((await screen.findByTestId('plant-access-error')).textContent).toBe('Tento uživatel už k elektrárně přístup má.');
  });

  it('shows a plant viewer the users without any control to change them', async () => {
    users = [{ ...ADMIN, userId: 'user-owner' }, person({ userId: 'user-1', email: 'me@helio.local', role: 'viewer' })];
    __setCurrentUser({ ...__fixtures.currentUser(), role: 'viewer', permissions: ['plants:read'] });
    open();
    await rowOf('me@helio.local');
    expect(screen.queryByTestId('plant-access-role')).toBeNull();
    expect(screen.queryByTestId('plant-access-remove')).toBeNull();
    expect(screen.queryByTestId('plant-access-invite')).toBeNull();
  });
});
