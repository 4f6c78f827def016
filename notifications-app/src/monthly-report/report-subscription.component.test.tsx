import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HelioProviders } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setPlants, __setSession, __settled, apiPost } from '@helio/shared-utils/mock';
import { ReportSubscriptionCard } from './report-subscription.component';

type Subscription = { enabled: boolean; plantIds: string[]; tagIds: string[] };

/** A server keeping the subscription as reports/subscription/* do, with two plants and one tag. */
function fakeServer() {
  const server = { stored: { enabled: false, plantIds: [], tagIds: [] } as Subscription, calls: [] as string[] };
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    server.calls.push(path);
    if (path === 'reports/subscription/get') return { ...server.stored };
    if (path === 'reports/subscription/save') return (server.stored = { ...(body as Subscription) });
    if (path === 'tag/list') return { tags: [{ id: 't1', name: 'Střechy', colour: 'blue' }], colours: [] };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
  return server;
}

/** Signed in with these permissions, seeing two plants. */
function signedInWith(permissions: string[]) {
  __setSession(__fixtures.session());
  __setCurrentUser({ ...__fixtures.currentUser(), permissions });
  const [first] = __fixtures.plants();
  __setPlants([
    { ...first, id: 'p1', name: 'Brno – Rodinný dům' },
    { ...first, id: 'p2', name: 'Olomouc – Farma' },
  ] as ReturnType<typeof __fixtures.plants>);
}

const settle = __settled;

describe('the monthly report subscription card', () => {
  it('switches the report on, then names a plant and a tag, each saved at once', async () => {
    const server = fakeServer();
    signedInWith(['metrics:read', 'plants:read']);
    render(
      <HelioProviders>
        <ReportSubscriptionCard />
      </HelioProviders>,
    );
    const toggle = (await screen.findByRole('checkbox', { name: 'Měsíční zpráva e-mailem' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Olomouc – Farma' })).toBeNull();

    // each step waits for the save it makes (a fixed pause lost the race to the query's refetch under load)
    fireEvent.click(toggle);
    await waitFor(() => expect(server.stored).toEqual({ enabled: true, plantIds: [], tagIds: [] }));
    expect(
      await screen.findByText('Není vybraná žádná elektrárna ani štítek: přijde jedna zpráva za všechny vaše elektrárny.'),
    ).toBeTruthy();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Olomouc – Farma' }));
    await waitFor(() => expect(server.stored).toEqual({ enabled: true, plantIds: ['p2'], tagIds: [] }));
    await settle();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Střechy' }));
    await waitFor(() => expect(server.stored).toEqual({ enabled: true, plantIds: ['p2'], tagIds: ['t1'] }));
    expect((screen.getByRole('checkbox', { name: 'Olomouc – Farma' }) as HTMLInputElement).checked).toBe(true);
  });

  it('is not offered to a user who may not read plant figures, nor asked for', async () => {
    const server = fakeServer();
    signedInWith(['notifications:read']);
    const { container } = render(
      <HelioProviders>
        <ReportSubscriptionCard />
      </HelioProviders>,
    );
    await settle();
    expect(container.textContent).toBe('');
    expect(server.calls).not.toContain('reports/subscription/get');
  });
});
