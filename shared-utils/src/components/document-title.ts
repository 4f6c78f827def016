// The browser tab's title: the page's name, then what it is about (a plant, a device), then the
// product, so tabs and history entries say where they lead ("Vzdálené řízení · Brno – Rodinný dům · Helio").
import { useEffect } from 'react';

export const DOCUMENT_TITLE_PRODUCT = 'Helio';

/** The parts that have text, then the product, joined by middle dots. */
export function documentTitle(parts: ReadonlyArray<string | null | undefined>): string {
  return [...parts.filter((part): part is string => typeof part === 'string' && part.trim().length > 0), DOCUMENT_TITLE_PRODUCT].join(
    ' · ',
  );
}

/** Sets the document title while the calling page is shown (PageHeader does it for every page). */
export function useDocumentTitle(...parts: ReadonlyArray<string | null | undefined>): void {
  const title = documentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
