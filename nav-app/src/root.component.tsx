// The nav parcel's root: the navbar. It follows single-spa navigation itself (see use-current-path),
// so its frame has no router.
import React from 'react';
import { Spinner } from '@blueprintjs/core';
import { Navbar } from './navbar/navbar.component';
import { RAIL_WIDTH } from './navbar/sidebar-layout';

/** While translations load, a rail-wide spinner keeps the layout from jumping. */
export function NavPlaceholder() {
  return (
    <div className="helio-nav-placeholder" style={{ width: RAIL_WIDTH, paddingTop: 16 }} aria-busy="true">
      <Spinner size={20} />
    </div>
  );
}

export function Root() {
  return <Navbar />;
}
