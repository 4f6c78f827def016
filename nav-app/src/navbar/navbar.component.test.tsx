import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { appManifests, HelioAppFrame, i18n, type AppManifest } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn } from '@helio/shared-utils/mock';
import { Root } from '../root.component';
import { COLLAPSED_STORAGE_KEY } from './sidebar-layout';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function goTo(path: string) {
  act(() => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

/** Renders the parcel and lets Blueprint load the icons it asks for. */
async function renderNav() {
  render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const rail = () => screen.getByTestId('nav-sidebar');

beforeEach(() => {
  __setSignedIn();
  localStorage.clear();
  window.history.pushState({}, '', '/inverters');
  window.innerWidth = 1280;
  jest.mocked(navigateToUrl).mockClear();
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('cs'));
});

describe('the nav parcel', () => {
  it('follows a new app’s manifest: its rail entry and its group, with nothing else changed', async () => {
    // a new app's names join the common namespace, as every page's name does
    i18n.addResources('cs', 'common', { 'pages.weather': 'Počasí', 'pages.radar': 'Radar' });
    const weather: AppManifest = {
      routes: { home: { paths: ['/weather'] } },
      menu: {
        entries: [
          {
            key: 'weather',
            label: 'pages.weather',
            href: '/weather',
            icon: { active: 'cloud', inactive: 'cloud' },
            order: 45,
          },
        ],
        items: [{ group: 'weather', label: 'pages.radar', href: '/weather', icon: 'cloud', order: 10 }],
      },
    };
    const repo = appManifests();
    jest.mocked(appManifests).mockReturnValue({ ...repo, '@helio/weather-app': weather });
    window.history.pushState({}, '', '/weather');
    await renderNav();
    expect(screen.getByTestId('nav-entry-weather').getAttribute('aria-label')).toBe('Počasí');
    expect(screen.getByTestId('nav-panel-title').textContent).toContain('Počasí');
    expect(within(screen.getByTestId('nav-panel-items')).getByRole('menuitem', { name: /Radar/ }).classList).toContain('bp6-active');
  });

  it('renders the rail with translated labels, in Czech by default and English on switch', async () => {
    await renderNav();
    expect(screen.getByTestId('nav-entry-dashboard').getAttribute('aria-label')).toBe('Přehled');
    expect(screen.getByTestId('nav-entry-ems').getAttribute('aria-label')).toBe('Energetický management');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('nav-entry-ems').getAttribute('aria-label')).toBe('Energy management');
    expect(screen.getByTestId('nav-entry-management').getAttribute('aria-label')).toBe('Plant management');
  });

  it('lists the active group with its label as the panel title and lights the current item', async () => {
    await renderNav();
    expect(screen.getByTestId('nav-panel-title').textContent).toContain('Monitoring');
    const items = within(screen.getByTestId('nav-panel-items'));
    expect(items.getByRole('menuitem', { name: /Střídače/ }).classList).toContain('bp6-active');
    expect(items.queryByText('Záznam veličiny')).toBeNull(); // the hidden /logs/:metricKey item
    expect(screen.getByTestId('nav-entry-monitoring').getAttribute('aria-current')).toBe('page');
  });

  it('follows route changes and shows the product name for an entry without a group', async () => {
    await renderNav();
    goTo('/management/plants/42');
    expect(screen.getByTestId('nav-panel-title').textContent).toContain('Správa');
    expect(within(screen.getByTestId('nav-panel-items')).getByRole('menuitem', { name: /Elektrárny/ }).classList).toContain('bp6-active');
    goTo('/');
    expect(screen.getByTestId('nav-panel-title').textContent).toContain('Helio EMS');
  });

  it('leaves settings and integrations off the rail', async () => {
    await renderNav();
    expect(screen.queryByTestId('nav-entry-settings')).toBeNull();
    expect(screen.queryByTestId('nav-entry-integrations')).toBeNull();
  });

  it('navigates through single-spa when a rail entry or a panel item is clicked', async () => {
    await renderNav();
    fireEvent.click(screen.getByTestId('nav-entry-management'));
    expect(navigateToUrl).toHaveBeenCalledWith('/management');
    fireEvent.click(within(screen.getByTestId('nav-panel-items')).getByRole('menuitem', { name: /Statistiky/ }));
    expect(navigateToUrl).toHaveBeenCalledWith('/statistics');
  });

  it('dims a module the user lacks, orders it last and explains why in its tooltip', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    await renderNav();
    const ems = screen.getByTestId('nav-entry-ems');
    expect(ems.style.opacity).toBe('0.4');
    expect(ems.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('nav-entry-monitoring').getAttribute('aria-disabled')).not.toBe('true');
    const order = Array.from(rail().querySelectorAll('[data-testid^="nav-entry-"]')).map((el) => el.getAttribute('data-testid'));
    expect(order.indexOf('nav-entry-monitoring')).toBeLessThan(order.indexOf('nav-entry-management'));
    fireEvent.click(ems);
    expect(navigateToUrl).not.toHaveBeenCalled();
    fireEvent.mouseEnter(ems);
    expect(await screen.findByText(/Energetický management: váš účet tento modul nezahrnuje/)).toBeTruthy();
  });

  it('shows the rail as skeletons until the user is known', async () => {
    __setCurrentUser(undefined);
    await renderNav();
    expect(screen.getByTestId('nav-entry-monitoring').classList).toContain('bp6-skeleton');
  });

  it('collapses the panel to icons, remembers it, and expands again from the rail', async () => {
    await renderNav();
    fireEvent.click(screen.getByTestId('nav-collapse-toggle'));
    expect(screen.queryByTestId('nav-panel-title')).toBeNull();
    expect(rail().style.width).toBe('132px');
    expect(localStorage.getItem(COLLAPSED_STORAGE_KEY)).toBe('true');
    const expandButtons = screen.getAllByRole('button', { name: 'Rozbalit panel' });
    fireEvent.click(expandButtons[0]);
    expect(screen.getByTestId('nav-panel-title')).toBeTruthy();
    expect(rail().style.width).toBe('288px');
  });

  it('becomes a drawer behind a menu button up to 992 px and closes it after navigation', async () => {
    await renderNav();
    resizeTo(992);
    expect(screen.queryByTestId('nav-sidebar')).toBeNull();
    expect(screen.queryByTestId('nav-collapse-toggle')).toBeNull();
    fireEvent.click(screen.getByTestId('nav-menu-button'));
    expect(await screen.findByTestId('nav-sidebar')).toBeTruthy();
    expect(screen.queryByTestId('nav-collapse-toggle')).toBeNull();
    goTo('/statistics');
    await waitFor(() => expect(screen.queryByTestId('nav-sidebar')).toBeNull());
    resizeTo(1280);
    expect(screen.getByTestId('nav-sidebar')).toBeTruthy();
    expect(screen.queryByTestId('nav-menu-button')).toBeNull();
  });

  it('toggles the drawer with the menu button between 768 and 992 px, and only opens it on a phone', async () => {
    await renderNav();
    resizeTo(900);
    const button = screen.getByTestId('nav-menu-button');
    fireEvent.click(button);
    expect(await screen.findByTestId('nav-sidebar')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByTestId('nav-sidebar')).toBeNull());
    resizeTo(700);
    fireEvent.click(screen.getByTestId('nav-menu-button'));
    expect(await screen.findByTestId('nav-sidebar')).toBeTruthy();
    expect(screen.getByTestId('nav-menu-button').getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps the collapsed state in the drawer: the rail alone, 76 px wide, expandable from the rail', async () => {
    localStorage.setItem(COLLAPSED_STORAGE_KEY, 'true');
    await renderNav();
    resizeTo(700);
    fireEvent.click(screen.getByTestId('nav-menu-button'));
    await screen.findByTestId('nav-sidebar');
    const drawer = document.querySelector<HTMLElement>('.helio-nav-drawer');
    expect(drawer?.style.width).toBe('76px');
    expect(screen.queryByTestId('nav-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('nav-rail-expand'));
    expect(document.querySelector<HTMLElement>('.helio-nav-drawer')?.style.width).toBe('288px');
    expect(screen.getByTestId('nav-panel')).toBeTruthy();
  });
});
