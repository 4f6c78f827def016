import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { waitFor } from '@testing-library/react';
import { showToast } from './toaster';

describe('showToast', () => {
  it('shows every toast on one shared toaster, top-right, at most 4 visible', async () => {
    const show = jest.fn();
    const create = jest.spyOn(OverlayToaster, 'create').mockResolvedValue({ show } as unknown as Toaster);
    showToast({ message: 'Uloženo', intent: 'success' });
    showToast({ message: 'Chyba', intent: 'danger' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({ position: 'top-right', maxToasts: 4 });
    expect(show.mock.calls).toEqual([[{ message: 'Uloženo', intent: 'success' }], [{ message: 'Chyba', intent: 'danger' }]]);
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
});
