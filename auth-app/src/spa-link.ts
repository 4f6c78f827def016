// A link to another part of the console: navigate inside single-spa instead of reloading the page,
// but leave modified clicks (new tab, new window) to the browser.
import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

export function followSpaLink(event: MouseEvent<HTMLElement>, href: string): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  event.preventDefault();
  navigateToUrl(href);
}
