// The one QueryClient of the console: a cache entry fetched by one app serves the others.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

// One retry, but none for client errors: a 403 or 404 will not change on a second try.
const retryOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: retryOnce },
  },
});
