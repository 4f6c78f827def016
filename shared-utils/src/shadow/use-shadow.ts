// A plant's device shadow: fetched with iot/thing/shadow, polled every 60 s (not on a local host),
// and kept current by the live push, which writes each update into the same cache entry.
import { useEffect } from 'react';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../api/api-client';
import type { ApiError } from '../api/api-error';
import type { Shadow } from '../api/endpoints';
import { queryClient } from '../query/query-client';
import { live } from './live-connection';
import type { LiveShadowEvent } from './live-stream';
import { isLocalHost, SHADOW_STALE_MS } from './staleness';

export const shadowKey = (thingName: string | undefined) => ['shadow', thingName] as const;

/** Writes a pushed shadow into the cache unless the cache already holds a newer version. */
export function storeLiveShadow({ thingName, ...shadow }: LiveShadowEvent): void {
  queryClient.setQueryData<Shadow>(shadowKey(thingName), (cached) => (cached && cached.version > shadow.version ? cached : shadow));
}

/** iot/thing/shadow of one thing; shared with the first page's prefetch. */
export function shadowQuery(thingName: string | undefined) {
  return queryOptions<Shadow, ApiError>({
    queryKey: shadowKey(thingName),
    queryFn: async ({ signal }) => {
      const fetched = await apiPost('iot/thing/shadow', { thingName: thingName as string }, { signal });
      // A push may have brought a newer version while this read was on its way: keep the newer one.
      const cached = queryClient.getQueryData<Shadow>(shadowKey(thingName));
      return cached && cached.version > fetched.version ? cached : fetched;
    },
    enabled: !!thingName,
    staleTime: SHADOW_STALE_MS,
    refetchInterval: isLocalHost() ? false : SHADOW_STALE_MS,
  });
}

export function useShadow(thingName: string | undefined): UseQueryResult<Shadow, ApiError> {
  useEffect(() => (thingName ? live().watch(thingName, storeLiveShadow) : undefined), [thingName]);
  return useQuery(shadowQuery(thingName));
}
