// What the shell shows in an application's place while it loads or after it failed. Plain DOM with
// Blueprint's classes: the shell must be able to say this even when React or an app did not load.
import { i18n } from '@helio/shared-utils';

const t = (key: string) => i18n.t(key, { ns: 'root-config' });

export function showLoading(container: HTMLElement): void {
  container.replaceChildren();
  const wrapper = document.createElement('div');
  wrapper.className = 'helio-app-panel bp6-non-ideal-state';
  wrapper.setAttribute('data-testid', 'app-loading');
  wrapper.setAttribute('aria-busy', 'true');
  wrapper.innerHTML =
    '<div class="bp6-spinner" role="progressbar"><div class="bp6-spinner-animation">' +
    '<svg width="50" height="50" stroke-width="8" viewBox="-3.5 -3.5 107 107">' +
    '<path class="bp6-spinner-track" d="M 50,50 m 0,-45 a 45,45 0 1 1 0,90 a 45,45 0 1 1 0,-90"></path>' +
    '<path class="bp6-spinner-head" d="M 50,50 m 0,-45 a 45,45 0 1 1 0,90 a 45,45 0 1 1 0,-90" ' +
    'pathLength="280" stroke-dasharray="280 280" stroke-dashoffset="210"></path></svg></div></div>';
  const label = document.createElement('span');
  label.className = 'bp6-text-muted';
  label.textContent = t('loading');
  wrapper.append(label);
  container.append(wrapper);
}

export function showFailure(container: HTMLElement, titleKey: string, onRetry: () => void): void {
  container.replaceChildren();
  const panel = document.createElement('div');
  panel.className = 'helio-app-panel bp6-non-ideal-state';
  panel.setAttribute('role', 'alert');
  panel.setAttribute('data-testid', 'app-error');
  const title = document.createElement('h4');
  title.className = 'bp6-heading';
  title.textContent = t(titleKey);
  const description = document.createElement('div');
  description.textContent = t('appFailedDescription');
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'bp6-button bp6-intent-primary';
  retry.textContent = t('retry');
  retry.addEventListener('click', onRetry);
  panel.append(title, description, retry);
  container.append(panel);
}
