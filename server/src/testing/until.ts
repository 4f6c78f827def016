// The one wait of the server's tests for something that happens on its own (a message arriving, a job
// running, a stream closing). Its bound is for a loaded machine and is never the property tested: a
// test proves that the thing happens, not how fast; speed is measured in bench/.
export const WAIT_BOUND_MS = 20_000;

/** Polls `probe` until it answers something other than undefined or false; fails naming `what` after the bound. */
export async function until<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what = 'the awaited condition',
  timeoutMs = WAIT_BOUND_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
