// The nav parcel's root: shared providers around the navbar. It follows single-spa navigation
// itself (see use-current-path), so it needs no router of its own.
import React, { Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { HelioProviders } from '@helio/shared-utils';
import { Navbar } from './navbar/navbar.component';
import { RAIL_WIDTH } from './navbar/sidebar-layout';

/** While translations load, a rail-wide spinner keeps the layout from jumping. */
function NavPlaceholder() {
  return (
    <div className="helio-nav-placeholder" style={{ width: RAIL_WIDTH, paddingTop: 16 }} aria-busy="true">
      <Spinner size={20} />
    </div>
  );
}

export function Root() {
  return (
    <HelioProviders>
      <Suspense fallback={<NavPlaceholder />}>
        <Navbar />
      </Suspense>
    </HelioProviders>
  );
}
