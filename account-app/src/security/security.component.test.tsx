import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, HelioProviders } from '@helio/shared-utils';
import { __setSignedIn, apiPost, showToast } from '@helio/shared-utils/mock';
import { SESSIONS } from '../testing/iam-fixtures';
import SecurityPage from './security.component';

type Handler = (body: Record<string, unknown>) => unknown;

function server(handlers: Record<string, Handler> = {}) {
  apiPost.mockImplementation((async (path: string, body: Record<string, unknown>) => {
    const handler = handlers[path];
    if (handler) return handler(body);
    if (path === 'auth/sessions/list') return { sessions: SESSIONS };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
}

const renderPage = () =>
  render(
    <HelioProviders>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <SecurityPage />
      </MemoryRouter>
    </HelioProviders>,
  );

const metRules = () =>
  screen
    .getAllByRole('listitem')
    .filter((li) => li.dataset.met === 'true')
    .map((li) => li.dataset.rule);

beforeEach(() => __setSignedIn());
// Blueprint loads icon paths asynchronously; let them land inside act.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
afterEach(settle);

describe('the security page', () => {
  it('checks the new password against the shared rule as it is typed', async () => {
    server();
    renderPage();
    const next = await screen.findByLabelText('Nové heslo');
    fireEvent.change(next, { target: { value: 'abc' } });
    await settle();
    expect(metRules()).toEqual(['lowercase']);
    fireEvent.change(next, { target: { value: 'Sluneční-elektrárna-2026' } });
    await settle();
    expect(metRules()).toEqual(['minLength', 'uppercase', 'lowercase', 'digit', 'symbol']);
  });

  it('changes the password and clears the form; a wrong current password is said plainly', async () => {
    const calls: unknown[] = [];
    let wrong = true;
    server({
      'auth/change-password': (body) => {
        calls.push(body);
        if (wrong) throw new ApiError(400, 'IncorrectPassword', 'Current password is incorrect');
        return { ok: true };
      },
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText('Současné heslo'), { target: { value: 'Helio-admin-2024!' } });
    fireEvent.change(screen.getByLabelText('Nové heslo'), { target: { value: 'Sluneční-elektrárna-2026' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect((await screen.findByTestId('change-password-error')).textContent).toBe('Současné heslo není správné.');
    wrong = false;
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success' })));
    expect(calls).toEqual([
      { currentPassword: 'Helio-admin-2024!', newPassword: 'Sluneční-elektrárna-2026' },
      { currentPassword: 'Helio-admin-2024!', newPassword: 'Sluneční-elektrárna-2026' },
    ]);
    expect((screen.getByLabelText('Nové heslo') as HTMLInputElement).value).toBe('');
  });

  it('does not send a new password that breaks the rule', async () => {
    server();
    renderPage();
    fireEvent.change(await screen.findByLabelText('Současné heslo'), { target: { value: 'Helio-admin-2024!' } });
    fireEvent.change(screen.getByLabelText('Nové heslo'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await settle();
    expect(apiPost).not.toHaveBeenCalledWith('auth/change-password', expect.anything());
  });

  it('lists sessions with this device marked and signs out another one', async () => {
    const revoked: unknown[] = [];
    server({ 'auth/sessions/revoke': (body) => (revoked.push(body), { ok: true }) });
    renderPage();
    const rows = await screen.findAllByTestId('session-row');
    expect(within(rows[0] as HTMLElement).getByText('toto zařízení')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByTestId('session-revoke')).toBeNull();
    expect(rows[1]?.textContent).toContain('10.0.0.7');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('session-revoke'));
    await waitFor(() => expect(revoked).toEqual([{ id: 's-2' }]));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Zařízení Firefox on Windows bylo odhlášeno.' })),
    );
  });

  it('signs out every other session after confirmation', async () => {
    server({ 'auth/sessions/revoke-others': () => ({ revoked: 1 }) });
    renderPage();
    await screen.findAllByTestId('session-row');
    fireEvent.click(screen.getByTestId('sessions-revoke-others'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('(počet: 1)');
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Odhlášená zařízení: 1' })));
  });
});
