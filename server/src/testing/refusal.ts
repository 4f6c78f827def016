// A database refusal judged by its message, not its class: better-sqlite3 (a native addon) makes its
// errors in the realm of the first test file a jest worker ran, so in a later file they are not
// `instanceof Error` there and `.rejects.toThrow()` fails on a refusal that did happen.

/** 'accepted' when `work` resolves, else the message it was refused with. */
export function refusal(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => 'accepted',
    (error: { message?: string }) => String(error?.message),
  );
}

/** Expects `work` to be refused with a message matching `reason`. */
export async function expectRefused(work: Promise<unknown>, reason: RegExp): Promise<void> {
  expect(await refusal(work)).toMatch(reason);
}
