// The round count over the notifications rail entry; nothing at all while nothing is unread.
import React from 'react';
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { badgeText } from './alert-badge';
import './unread-badge.css';

export function UnreadBadge({ count }: { count: number | undefined }) {
  const { t } = useTranslation('nav-app');
  const text = badgeText(count);
  if (text === null || count === undefined) return null;
  return (
    <Tag
      className="helio-unread-badge"
      intent="danger"
      round
      minimal
      role="status"
      aria-label={t('alerts.unreadLabel', { count })}
      data-testid="nav-unread-badge"
    >
      {text}
    </Tag>
  );
}
