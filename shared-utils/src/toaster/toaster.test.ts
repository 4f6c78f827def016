import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { waitFor } from '@testing-library/react';
import { showToast, TOAST_SPACING_MS } from './toaster';

describe('showToast', () => {
  it('shows every toast on one shared toaster, top-right, at most 4 visible, handed over one at a time', async () => {
    jest.useFakeTimers();
    try {
      const show = jest.fn();
      const create = jest.spyOn(OverlayToaster, 'create').mockResolvedValue({ show } as unknown as Toaster);
      for (const message of ['Uloženo', 'Chyba', 'Třetí']) showToast({ message, intent: 'success' });
      await jest.advanceTimersByTimeAsync(0);
      expect(create).toHaveBeenCalledTimes(1);
      expect(create).toHaveBeenCalledWith({ className: 'helio-toaster', position: 'top-right', maxToasts: 4 });
      // Blueprint keeps to maxToasts by counting what it has drawn: each toast reaches it after the
      // previous one was drawn and its own 50 ms spacing has passed, never in a burst.
      expect(show.mock.calls).toEqual([[{ message: 'Uloženo', intent: 'success' }]]);
      await jest.advanceTimersByTimeAsync(TOAST_SPACING_MS - 1);
      expect(show).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(show).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(TOAST_SPACING_MS);
      expect(show.mock.calls.map(([props]) => props.message)).toEqual(['Uloženo', 'Chyba', 'Třetí']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('really renders a toast with a close button', async () => {
    jest.restoreAllMocks();
    jest.resetModules();
    const { showToast: show } = require('./toaster') as typeof import('./toaster');
    // Blueprint renders the toaster into a React root of its own, outside any component, as in the
    // browser: React is told it is not under test here, so it renders without asking for act().
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      show({ message: 'Nastavení uloženo' });
      const toast = await waitFor(() => {
        const found = document.querySelector('.bp6-toast');
        if (!found) throw new Error('no toast yet');
        return found;
      });
      expect(toast.textContent).toContain('Nastavení uloženo');
      expect(document.querySelector('.bp6-toast-container.bp6-toast-container-top.bp6-toast-container-right')).not.toBeNull();
      expect(toast.querySelector('button')).not.toBeNull();
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
  });

  it('keeps at most 4 visible when six arrive at once: the newest four', async () => {
    jest.restoreAllMocks();
    jest.resetModules();
    const { showToast: show } = require('./toaster') as typeof import('./toaster');
    const blueprint = require('@blueprintjs/core') as typeof import('@blueprintjs/core');
    const create = jest.spyOn(blueprint.OverlayToaster, 'create'); // the real toaster, watched
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      for (let i = 1; i <= 6; i += 1) show({ message: `Toast ${i}`, timeout: 0 });
      const toaster = (await create.mock.results[0]?.value) as Toaster;
      // the toasts the toaster holds are the ones it draws (jsdom never ends the leaving ones' animation)
      await waitFor(() => expect(toaster.getToasts().map((t) => t.message)).toEqual(['Toast 6', 'Toast 5', 'Toast 4', 'Toast 3']));
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
  });
});
