import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { navigateToUrl } from 'single-spa';
import cs from '../../locales/cs/common.json';
import en from '../../locales/en/common.json';
import { queryResult } from '../../mock/query-result';
import { ApiError } from '../api/api-error';
import { ModuleGateView } from './module-no-access';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const i18n = i18next.createInstance();
i18n
  .use(initReactI18next)
  .init({ lng: 'cs', resources: { cs: { common: cs }, en: { common: en } }, defaultNS: 'common', initAsync: false });

type Modules = { modules: string[] };
const gate = (user: Modules | ApiError | undefined) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ModuleGateView module="monitoring" user={queryResult<Modules>(user)}>
        <p>dashboard</p>
      </ModuleGateView>
    </I18nextProvider>,
  );

describe('the module wrapper', () => {
  it('shows the module to a user who has it', () => {
    gate({ modules: ['notifications', 'monitoring'] });
    expect(screen.getByText('dashboard')).toBeTruthy();
    expect(screen.queryByTestId('module-no-access')).toBeNull();
  });

  it('shows a translated no-access page, not the module, to a user without it', async () => {
    gate({ modules: ['notifications'] });
    expect(screen.queryByText('dashboard')).toBeNull();
    const page = await screen.findByTestId('module-no-access');
    expect(page.textContent).toContain('Nemáte přístup k modulu Monitoring');
    fireEvent.click(screen.getByRole('button', { name: 'Můj účet' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/my-account');
  });

  it('speaks English when the interface does', async () => {
    await i18n.changeLanguage('en');
    gate({ modules: [] });
    expect((await screen.findByTestId('module-no-access')).textContent).toContain('You have no access to Monitoring');
    await act(() => i18n.changeLanguage('cs'));
  });

  it('waits with a spinner while the user loads, and offers a retry when that fails', async () => {
    const { unmount } = gate(undefined);
    expect(screen.getByTestId('full-screen-spinner')).toBeTruthy();
    expect(screen.queryByText('dashboard')).toBeNull();
    unmount();
    gate(new ApiError(0, 'NetworkError', 'down'));
    expect((await screen.findByRole('alert')).textContent).toContain('Nepodařilo se načíst váš účet');
  });
});
