import { OverlayToaster, type Toaster } from '@blueprintjs/core';
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
    show({ message: 'Nastavení uloženo' });
    const toast = await new Promise<Element>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const found = document.querySelector('.bp6-toast');
        if (found) resolve(found);
        else if (Date.now() - started > 3000) reject(new Error('no toast'));
        else setTimeout(poll, 20);
      };
      poll();
    });
    expect(toast.textContent).toContain('Nastavení uloženo');
    expect(document.querySelector('.bp6-toast-container.bp6-toast-container-top.bp6-toast-container-right')).not.toBeNull();
    expect(toast.querySelector('button')).not.toBeNull();
  });
});
