// Test helper: the whole auth-app at a URL, as the shell mounts it.
import { render } from '@testing-library/react';
import { HelioAppFrame } from '@helio/shared-utils';
import { Root } from '../root.component';

export function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
}
