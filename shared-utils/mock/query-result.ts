// Synchronous TanStack Query results for the mock's hooks: a value, an ApiError, or undefined (loading).
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../src/api/api-error';

export type MockValue<T> = T | ApiError | undefined;

const noop = () => undefined;

/** A UseQueryResult for a fixed value; only the fields apps read are meaningful. */
export function queryResult<T>(value: MockValue<T>, enabled = true): UseQueryResult<T, ApiError> {
  const error = value instanceof ApiError ? value : null;
  const data = value instanceof ApiError ? undefined : value;
  const status = error ? 'error' : data === undefined ? 'pending' : 'success';
  const result: Record<string, unknown> = {
    data,
    error,
    status,
    fetchStatus: status === 'pending' && enabled ? 'fetching' : 'idle',
    isPending: status === 'pending',
    isLoading: status === 'pending' && enabled,
    isInitialLoading: status === 'pending' && enabled,
    isFetching: status === 'pending' && enabled,
    isSuccess: status === 'success',
    isError: status === 'error',
    isLoadingError: status === 'error',
    isRefetchError: false,
    isRefetching: false,
    isFetched: status !== 'pending',
    isFetchedAfterMount: status !== 'pending',
    isPaused: false,
    isPlaceholderData: false,
    isStale: false,
    isEnabled: enabled,
    dataUpdatedAt: data === undefined ? 0 : Date.now(),
    errorUpdatedAt: error ? Date.now() : 0,
    failureCount: error ? 1 : 0,
    failureReason: error,
    errorUpdateCount: error ? 1 : 0,
    promise: error ? Promise.reject(error) : Promise.resolve(data),
  };
  result.refetch = jest.fn(async () => result);
  (result.promise as Promise<unknown>).catch(noop);
  // The object carries every field of a query result; the union of status-specific types cannot be
  // narrowed from runtime values, hence the cast.
  return result as unknown as UseQueryResult<T, ApiError>;
}
