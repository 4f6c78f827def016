import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BehaviorSubject, Subject } from 'rxjs';
import { navigateToUrl } from 'single-spa';
import cs from '../../locales/cs/common.json';
import { AppErrorPanel } from './app-error-panel';
import { documentTitle } from './document-title';
import { ErrorPanel } from './error-panel';
import { FullScreenSpinner } from './full-screen-spinner';
import { PageHeader } from './page-header';
import { useObservable } from './use-observable';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({ lng: 'cs', resources: { cs: { common: cs } }, defaultNS: 'common', initAsync: false });

afterEach(() => jest.restoreAllMocks());

const renderTranslated = (ui: React.ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('shared components', () => {
  // findBy* lets Blueprint load the icon paths inside act
  it('ErrorPanel shows the failure and offers a translated retry', async () => {
    const onRetry = jest.fn();
    renderTranslated(<ErrorPanel title="Data se nenačetla" description="Server neodpovídá" onRetry={onRetry} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Data se nenačetla');
    fireEvent.click(screen.getByRole('button', { name: 'Zkusit znovu' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('ErrorPanel has no retry button without onRetry', async () => {
    renderTranslated(<ErrorPanel title="Nic tu není" />);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('AppErrorPanel says the part failed, with the error message', async () => {
    renderTranslated(<AppErrorPanel error={new Error('Loading chunk 3 failed')} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('Tuto část konzole se nepodařilo zobrazit');
    expect(panel.textContent).toContain('Loading chunk 3 failed');
    expect(screen.getByRole('button', { name: 'Zkusit znovu' })).toBeTruthy();
  });

  it('FullScreenSpinner shows a labelled spinner', () => {
    renderTranslated(<FullScreenSpinner />);
    expect(screen.getByTestId('full-screen-spinner').querySelector('[aria-label="Načítání…"]')).not.toBeNull();
  });

  it('PageHeader shows title, name, description, actions, and navigates breadcrumbs inside the shell', () => {
    // jsdom lays nothing out; give the breadcrumbs room so Blueprint does not collapse them
    jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(800);
    render(
      <PageHeader
        breadcrumbs={[{ text: 'Monitoring', href: '/monitoring' }, { text: 'Baterie' }]}
        title="Baterie"
        name="Brno – Líšeň"
        description="Stav nabití a výkon"
      >
        <button type="button">Export</button>
      </PageHeader>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('BaterieBrno – Líšeň');
    expect(screen.getByText('Stav nabití a výkon').className).toBe('helio-page-header-description');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    fireEvent.click(screen.getByText('Monitoring'));
    expect(navigateToUrl).toHaveBeenCalledWith('/monitoring');
  });

  it('PageHeader names a menu page by its one key, and the tab says the same with the subject and the product', () => {
    const { unmount } = renderTranslated(<PageHeader page="modules.rc" name="Brno – Rodinný dům" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${cs.modules.rc}Brno – Rodinný dům`);
    expect(document.title).toBe('Vzdálené řízení · Brno – Rodinný dům · Helio');
    unmount();
    renderTranslated(<PageHeader page="pages.users" />);
    expect(document.title).toBe('Uživatelé · Helio');
  });

  it('documentTitle leaves out parts without text (a plant not loaded yet)', () => {
    expect(documentTitle(['Statistiky', undefined, ' '])).toBe('Statistiky · Helio');
  });
});

describe('useObservable', () => {
  it('starts with the current value of the stream and follows it', () => {
    const source = new BehaviorSubject('first');
    const { result } = renderHook(() => useObservable(source, 'initial'));
    expect(result.current).toBe('first');
    act(() => source.next('second'));
    expect(result.current).toBe('second');
  });

  it('uses the initial value until a stream without a current value emits', () => {
    const source = new Subject<string>();
    const { result } = renderHook(() => useObservable(source, 'initial'));
    expect(result.current).toBe('initial');
    act(() => source.next('pushed'));
    expect(result.current).toBe('pushed');
  });
});
