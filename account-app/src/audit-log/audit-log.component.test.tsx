import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HelioProviders, type AuditEvent } from '@helio/shared-utils';
import { __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import AuditLogPage from './audit-log.component';

const event = (id: string, action: string, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-03-01T08:30:00.000Z',
  action,
  actor: { id: 'user-1', email: 'admin@helio.local' },
  target: { type: 'user', id: 'user-2', label: 'operator@helio.local' },
  details: {},
  address: '10.0.0.7',
  ...overrides,
});

beforeEach(() => __setSignedIn());

describe('the audit log page', () => {
  it('lists who did what to whom, filters by kind, and pages on', async () => {
    const queries: Record<string, unknown>[] = [];
    apiPost.mockImplementation((async (path: string, body: Record<string, unknown>) => {
      if (path !== 'audit/list') throw new Error(`unexpected ${path}`);
      queries.push(body);
      if (body.cursor) return { events: [event('e3', 'iam.user_invited')], nextCursor: null };
      if (body.actions)
        return { events: [event('e2', 'auth.sign_in_failed', { actor: null, details: { reason: 'invalid' } })], nextCursor: 'c2' };
      return {
        events: [event('e1', 'iam.user_updated', { details: { before: { role: 'viewer' }, after: { role: 'operator' } } })],
        nextCursor: null,
      };
    }) as unknown as typeof apiPost);
    render(
      <HelioProviders>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <AuditLogPage />
        </MemoryRouter>
      </HelioProviders>,
    );
    const first = await screen.findByTestId('audit-row');
    expect(within(first).getByText('Změna přístupu uživatele')).toBeTruthy();
    expect(first.textContent).toContain('admin@helio.local');
    expect(first.textContent).toContain('operator@helio.local');
    expect(first.textContent).toContain('Role: viewer → operator');

    fireEvent.change(screen.getByLabelText('Druh události'), { target: { value: 'failedSignIns' } });
    const failed = await screen.findByText('Neúspěšné přihlášení');
    expect(failed.closest('tr')?.textContent).toContain('nepřihlášený uživatel');
    fireEvent.click(screen.getByText('Načíst starší'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row').length).toBe(2));
    expect(queries).toEqual([
      { limit: 50 },
      { actions: ['auth.sign_in_failed'], limit: 50 },
      { actions: ['auth.sign_in_failed'], limit: 50, cursor: 'c2' },
    ]);
  });
});
