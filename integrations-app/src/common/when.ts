// An ISO time as the user reads it (their locale), or a dash when there is none.
import { formatDateTime } from '@helio/shared-utils';

export const when = (iso: string | null | undefined): string =>
  iso ? formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '—';
