import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { IdTagView } from '@helio/contracts';
import { HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost, ApiError } from '@helio/shared-utils/mock';
import { Root } from '../root.component';

const card = (over: Partial<IdTagView> = {}): IdTagView => ({
  idTag: '04A2B3C4',
  name: 'Jana',
  blocked: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

let tags: IdTagView[];
let role: 'viewer' | 'operator' | 'owner';
const calls = (path: string) => apiPost.mock.calls.filter(([called]) => called === path).map(([, body]) => body);

beforeEach(() => {
  __setSignedIn();
  role = 'owner';
  tags = [card()];
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    if (path === 'ev/chargers') return { chargers: [], truncated: false };
    if (path === 'ev/sessions') return { plantId: 'plant-1', sessions: [], months: [], truncated: false };
    if (path === 'ev/charger/list') return { chargers: [], role };
    if (path === 'ev/id-tag/list') return { idTags: tags, role };
    if (path === 'ev/vehicle/list') return { vehicles: [], role };
    if (path === 'ev/id-tag/add') {
      const { idTag, name } = body as { idTag: string; name: string };
      if (tags.some((t) => t.idTag.toLowerCase() === idTag.toLowerCase())) {
        throw new ApiError(409, 'Conflict', 'taken', { field: 'idTag' });
      }
      const added = card({ idTag, name });
      tags = [...tags, added];
      return added;
    }
    if (path === 'ev/id-tag/block') {
      const { idTag, blocked } = body as { idTag: string; blocked: boolean };
      tags = tags.map((t) => (t.idTag === idTag ? { ...t, blocked } : t));
      return tags.find((t) => t.idTag === idTag);
    }
    if (path === 'ev/id-tag/remove') {
      tags = tags.filter((t) => t.idTag !== (body as { idTag: string }).idTag);
      return { ok: true };
    }
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
  window.history.pushState({}, '', '/ev');
});

const show = () =>
  render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
const rows = async () => within(await screen.findByTestId('id-tags')).findAllByTestId('id-tag-row');

describe('/ev RFID cards', () => {
  it('adds a card with its name from the form (Enter sends it) and lists it', async () => {
    show();
    const section = await screen.findByTestId('id-tags');
    expect((await rows()).map((r) => r.getAttribute('data-id-tag'))).toEqual(['04A2B3C4']);
    const add = within(section).getByTestId('id-tag-add') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(section).getByLabelText('Číslo karty'), { target: { value: ' 0499AA ' } });
    fireEvent.change(within(section).getByLabelText('Jméno'), { target: { value: 'Petr' } });
    fireEvent.submit(within(section).getByTestId('id-tag-form'));
    await waitFor(async () => expect((await rows()).map((r) => r.getAttribute('data-id-tag'))).toEqual(['04A2B3C4', '0499AA']));
    expect(calls('ev/id-tag/add')).toEqual([{ plantId: 'plant-1', idTag: '0499AA', name: 'Petr' }]);
    expect((within(section).getByLabelText('Číslo karty') as HTMLInputElement).value).toBe('');
  });

  it('says a card a reader could not send is wrong before sending, and that a card already on the plant is', async () => {
    show();
    const section = await screen.findByTestId('id-tags');
    await within(section).findByTestId('id-tag-form');
    fireEvent.change(within(section).getByLabelText('Číslo karty'), { target: { value: 'AB CD' } });
    fireEvent.change(within(section).getByLabelText('Jméno'), { target: { value: 'Eva' } });
    expect(within(section).getByText('Písmena, číslice a interpunkce bez mezer, nejvýše 20 znaků')).toBeTruthy();
    expect((within(section).getByTestId('id-tag-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(section).getByLabelText('Číslo karty'), { target: { value: '04a2b3c4' } });
    fireEvent.click(within(section).getByTestId('id-tag-add'));
    expect((await within(section).findByTestId('id-tag-add-error')).textContent).toBe('Tato karta už u elektrárny je.');
  });

  it('blocks and unblocks a card, and removes it only after the question', async () => {
    show();
    const [row] = await rows();
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Zablokovat kartu Jana' }));
    await waitFor(async () => expect((await rows())[0]?.getAttribute('data-blocked')).toBe('true'));
    expect(within((await rows())[0] as HTMLElement).getByTestId('id-tag-state').textContent).toBe('zablokována');
    fireEvent.click(within((await rows())[0] as HTMLElement).getByRole('button', { name: 'Odblokovat kartu Jana' }));
    await waitFor(async () => expect((await rows())[0]?.getAttribute('data-blocked')).toBe('false'));
    expect(calls('ev/id-tag/block')).toEqual([
      { plantId: 'plant-1', idTag: '04A2B3C4', blocked: true },
      { plantId: 'plant-1', idTag: '04A2B3C4', blocked: false },
    ]);

    fireEvent.click(within((await rows())[0] as HTMLElement).getByRole('button', { name: 'Odebrat kartu Jana' }));
    expect((await screen.findByTestId('id-tag-remove-question')).textContent).toContain('04A2B3C4');
    expect(calls('ev/id-tag/remove')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Odebrat' }));
    expect(await within(await screen.findByTestId('id-tags')).findByTestId('id-tags-empty')).toBeTruthy();
    expect(calls('ev/id-tag/remove')).toEqual([{ plantId: 'plant-1', idTag: '04A2B3C4' }]);
  });

  it('shows the cards to an operator of the plant without offering changes', async () => {
    role = 'operator';
    show();
    const section = await screen.findByTestId('id-tags');
    await rows();
    expect(within(section).queryByTestId('id-tag-form')).toBeNull();
    expect(within(section).queryByTestId('id-tag-block')).toBeNull();
    expect(within(section).getByText('Karty elektrárny může měnit jen její vlastník.')).toBeTruthy();
  });

  it('offers no changes to the owner of a plant whose role lacks plants:write', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), permissions: ['plants:read', 'devices:read', 'devices:control'] });
    show();
    const section = await screen.findByTestId('id-tags');
    await rows();
    expect(within(section).queryByTestId('id-tag-form')).toBeNull();
  });
});
