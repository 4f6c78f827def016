// A failure in place of content: Blueprint's NonIdealState with an optional retry.
import type { ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface ErrorPanelProps {
  title: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
}

export function ErrorPanel({ title, description, onRetry }: ErrorPanelProps) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div role="alert" data-testid="error-panel">
      <NonIdealState
        icon="error"
        title={title}
        description={description}
        action={onRetry ? <Button intent="primary" icon="refresh" text={t('retry')} onClick={onRetry} /> : undefined}
      />
    </div>
  );
}
