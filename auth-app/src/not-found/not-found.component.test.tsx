import { fireEvent, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { renderAt } from '../testing/render-at';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('not-found page', () => {
  it.each(['/auth/no-such-page', '/nowhere', '/logsx/deeper', '/auth/reset-everything'])(
    'is what %s shows, in the auth layout',
    async (path) => {
      renderAt(path);
      const page = await screen.findByTestId('not-found');
      expect(page.textContent).toContain('Stránka nenalezena');
      expect(screen.getByRole('heading', { name: 'Helio EMS' })).toBeTruthy();
      expect(screen.queryByLabelText('E-mail')).toBeNull();
    },
  );

  it('links to the dashboard inside the shell', async () => {
    renderAt('/nowhere');
    const home = await screen.findByRole('button', { name: /Zpět na přehled/ });
    expect(home.getAttribute('href')).toBe('/');
    fireEvent.click(home);
    expect(navigateToUrl).toHaveBeenCalledWith('/');
  });
});
