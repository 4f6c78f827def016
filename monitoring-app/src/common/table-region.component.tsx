// A table that scrolls inside its own box: a named region reachable by Tab, so keyboard users can
// scroll it too.
import type { ReactNode } from 'react';

export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="helio-series-table" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
