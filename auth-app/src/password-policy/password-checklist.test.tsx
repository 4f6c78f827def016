import { act, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { HelioProviders, PasswordRules } from '@helio/shared-utils';

const states = () =>
  Object.fromEntries(
    within(screen.getByRole('list', { name: 'Požadavky na heslo' }))
      .getAllByRole('listitem')
      .map((item) => [item.getAttribute('data-rule'), item.getAttribute('data-met')]),
  );

/** Renders and lets Blueprint load the icons' paths (an async state update) before asserting. */
async function renderRules(ui: ReactElement) {
  const view = render(ui, { wrapper: HelioProviders });
  await act(async () => undefined);
  return view;
}

describe('password rules checklist', () => {
  it('lists the policy in Czech with every rule unmet for an empty password', async () => {
    await renderRules(<PasswordRules password="" />);
    expect(screen.getByText('Alespoň 12 znaků')).toBeTruthy();
    expect(screen.getByText('Symbol (např. - ! _ €)')).toBeTruthy();
    expect(states()).toEqual({ minLength: 'false', uppercase: 'false', lowercase: 'false', digit: 'false', symbol: 'false' });
  });

  it('marks the rules the typed password meets', async () => {
    const { rerender } = await renderRules(<PasswordRules password="abcD1" />);
    expect(states()).toEqual({ minLength: 'false', uppercase: 'true', lowercase: 'true', digit: 'true', symbol: 'false' });
    await act(async () => rerender(<PasswordRules password="abcD1-efghijk" />));
    expect(Object.values(states()).every((met) => met === 'true')).toBe(true);
  });

  it('shows the maximum length only once it is exceeded', async () => {
    await renderRules(<PasswordRules password={`Aa1-${'x'.repeat(253)}`} />);
    expect(states().maxLength).toBe('false');
    expect(screen.getByText('Nejvýše 256 znaků')).toBeTruthy();
  });
});
