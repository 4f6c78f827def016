// The loading and empty states every list of the app shares.
import { NonIdealState, Spinner, type IconName } from '@blueprintjs/core';

export function Loading({ label }: { label: string }) {
  return (
    <div className="helio-account-loading" data-testid="loading">
      <Spinner size={32} aria-label={label} />
    </div>
  );
}

export function Empty({
  icon,
  title,
  description,
  testId = 'empty',
}: {
  icon: IconName;
  title: string;
  description?: string;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <NonIdealState icon={icon} title={title} description={description} />
    </div>
  );
}
