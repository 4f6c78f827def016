// What a test waits for after an action, instead of a fixed pause that a loaded machine outruns: the
// query client has nothing in flight, and the notifications TanStack batches on a zero-delay timer
// have reached React.
import { act, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';

export async function settledFor(client: QueryClient): Promise<void> {
  await waitFor(() => {
    const inFlight = client.isFetching() + client.isMutating();
    if (inFlight > 0) throw new Error(`${inFlight} queries or mutations still in flight`);
  });
  // Same-delay timers fire in the order they were set, so this one runs after TanStack's batch.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
