// One toaster for the whole console: top-right, at most 4 visible, each with a close
// button (Blueprint's default). Created on the first toast, so pages without toasts pay nothing.
import { OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

export const TOAST_POSITION = Position.TOP_RIGHT;
export const MAX_TOASTS = 4;

let toaster: Promise<Toaster> | null = null;

function sharedToaster(): Promise<Toaster> {
  // Blueprint 6 renders the toaster into its own React root; `create` is the async API
  // (`createAsync` is its deprecated alias).
  toaster ??= OverlayToaster.create({ position: TOAST_POSITION, maxToasts: MAX_TOASTS });
  return toaster;
}

export function showToast(props: ToastProps): void {
  sharedToaster()
    .then((t) => t.show(props))
    .catch((error: unknown) => {
      toaster = null; // let the next toast try again
      console.error(error);
    });
}
