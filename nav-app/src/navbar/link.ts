// In-app links: a plain click navigates through single-spa (no reload); modified clicks (new tab,
// new window) keep the browser's behaviour.
import type React from 'react';
import { navigateToUrl } from 'single-spa';

export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function followLink(href: string, after?: () => void) {
  return (event: React.MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigateToUrl(href);
    after?.();
  };
}
