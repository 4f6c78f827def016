// Test helper: what the (mock) apiPost answers for some paths; the others keep the mock's defaults.
import { apiPost } from '@helio/shared-utils/mock';

type Handler = (body: unknown) => Promise<unknown>;
type LooseApiPost = (path: string, body: unknown) => Promise<unknown>;

export function answerApi(handlers: Record<string, Handler>): void {
  const fallback = apiPost.getMockImplementation() as unknown as LooseApiPost | undefined;
  const answer: LooseApiPost = async (path, body) => {
    const handler = handlers[path];
    if (handler) return handler(body);
    if (!fallback) throw new Error(`no answer for ${path}`);
    return fallback(path, body);
  };
  apiPost.mockImplementation(answer as unknown as typeof apiPost);
}

/** The bodies apiPost was called with for one path. */
export function bodiesSentTo(path: string): unknown[] {
  return apiPost.mock.calls.filter(([called]) => called === path).map(([, body]) => body);
}
