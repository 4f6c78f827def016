// The plant's command history, filtered by key and state; refreshed while the page is open so a
// confirmation shows without a reload.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError } from '@helio/shared-utils';
import type { RcCommand, RcCommandState } from '@helio/contracts';
import { commandsKey } from '../controls/controls.resource';

export const HISTORY_REFRESH_MS = 5000;

export interface HistoryFilter {
  key: string;
  state: RcCommandState | '';
}

export function useCommands(plantId: string, filter: HistoryFilter): UseQueryResult<RcCommand[], ApiError> {
  return useQuery<RcCommand[], ApiError>({
    queryKey: [...commandsKey(plantId), filter],
    queryFn: async ({ signal }) =>
      (
        await apiPost(
          'rc/commands/list',
          { plantId, ...(filter.key ? { key: filter.key } : {}), ...(filter.state ? { state: filter.state } : {}) },
          { signal },
        )
      ).commands,
    refetchInterval: HISTORY_REFRESH_MS,
  });
}
