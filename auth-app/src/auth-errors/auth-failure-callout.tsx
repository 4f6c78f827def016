// A failed auth call, explained: the translated message, the broken password rules when the server
// names them, and whatever way out the form offers (children).
import type { ReactNode } from 'react';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AuthFailure } from './auth-failure';
import '../auth-layout/auth-form.css';
import { usePasswordRuleText } from '@helio/shared-utils';

interface Props {
  failure: AuthFailure;
  title: string;
  testId: string;
  children?: ReactNode;
}

export function AuthFailureCallout({ failure, title, testId, children }: Props) {
  const { t } = useTranslation('auth-app');
  const ruleText = usePasswordRuleText();
  return (
    <Callout intent="danger" title={title} role="alert" data-testid={testId} className="helio-auth-callout">
      {t(failure.key, { message: failure.message, count: failure.count })}
      {!!failure.failures?.length && (
        <ul className="helio-auth-failures">
          {failure.failures.map((rule) => (
            <li key={rule}>{ruleText(rule)}</li>
          ))}
        </ul>
      )}
      {children && <div className="helio-auth-callout-actions">{children}</div>}
    </Callout>
  );
}
