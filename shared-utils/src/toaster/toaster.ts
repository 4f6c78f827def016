// One toaster for the whole console: top-right, at most 4 visible, each with a close
// button (Blueprint's default). Created on the first toast, so pages without toasts pay nothing.
import { OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { flushSync } from 'react-dom';
import './toaster.css';

export const TOAST_POSITION = Position.TOP_RIGHT;
export const MAX_TOASTS = 4;
/** The toaster's own class: toaster.css starts its toasts below a page header's actions. */
export const TOASTER_CLASS = 'helio-toaster';
/**
 * Blueprint shows toasts that come within 50 ms of each other from a queue of its own, and keeps to
 * maxToasts by counting the toasts it has drawn: on a busy page a burst was shown before the previous
 * ones were drawn, and six stayed visible. The console hands Blueprint one toast at a time, drawn at
 * once, each after Blueprint's own spacing has passed.
 */
export const TOAST_SPACING_MS = 60;

let toaster: Promise<Toaster> | null = null;
const waiting: ToastProps[] = [];
let draining = false;

function sharedToaster(): Promise<Toaster> {
  // Blueprint 6 renders the toaster into its own React root; `create` is the async API
  // (`createAsync` is its deprecated alias).
  toaster ??= OverlayToaster.create({ className: TOASTER_CLASS, position: TOAST_POSITION, maxToasts: MAX_TOASTS });
  return toaster;
}

async function drain(): Promise<void> {
  draining = true;
  try {
    const shared = await sharedToaster();
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const props = next;
      flushSync(() => shared.show(props));
      if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, TOAST_SPACING_MS));
    }
  } catch (error) {
    toaster = null; // let the next toast try again
    waiting.length = 0;
    console.error(error);
  } finally {
    draining = false;
  }
}

export function showToast(props: ToastProps): void {
  waiting.push(props);
  if (!draining) void drain();
}
