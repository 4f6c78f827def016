// The signed-in user: users/info (identity, tenant, modules) merged with users/profile (locale,
// preferences), cached 2 hours under ['users','me']. Loading it sets the interface language.
import { useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../api/api-client';
import type { ApiError } from '../api/api-error';
import type { UserInfo, UserProfile } from '../api/endpoints';
import { useObservable } from '../components/use-observable';
import { setLanguage } from '../i18n/i18n';
import { session$ } from '../session/session';
import { applyTheme, themeOf } from '../theme/theme';

export interface CurrentUser extends UserInfo {
  locale: 'cs' | 'en';
  preferences: Record<string, unknown>;
}

export const USERS_ME_KEY = ['users', 'me'] as const;
export const CURRENT_USER_STALE_MS = 2 * 60 * 60 * 1000;

export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const [profile, info]: [UserProfile, UserInfo] = await Promise.all([
    apiPost('users/profile', {}, { signal }),
    apiPost('users/info', {}, { signal }),
  ]);
  return { ...info, locale: profile.locale, preferences: profile.preferences };
}

export function useCurrentUser(): UseQueryResult<CurrentUser, ApiError> {
  const session = useObservable(session$, undefined);
  const result = useQuery<CurrentUser, ApiError>({
    queryKey: USERS_ME_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: CURRENT_USER_STALE_MS,
    enabled: !!session,
  });
  const locale = result.data?.locale;
  useEffect(() => {
    if (locale) setLanguage(locale).catch(console.error);
  }, [locale]);
  // The theme follows the user: their saved choice replaces whatever index.html applied early.
  const theme = result.data ? themeOf(result.data.preferences) : undefined;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return result;
}
