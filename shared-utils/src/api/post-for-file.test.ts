import { ApiError } from './api-error';
import { postForFile } from './http';

/** A fetch answering one file, or one error body, as the server's reports/monthly does. */
function stubFetch(answer: { status: number; disposition?: string; body: unknown }) {
  const fetchMock = jest.fn(async () => ({
    ok: answer.status >= 200 && answer.status < 300,
    status: answer.status,
    statusText: 'Error',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-disposition' ? (answer.disposition ?? null) : null) },
    blob: async () => answer.body,
    json: async () => answer.body,
  }));
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

describe('a file answer (the monthly report PDF)', () => {
  it('is the answered file under the name the server gave it, asked for with the bearer token', async () => {
    const pdf = { pdf: true };
    const fetchMock = stubFetch({ status: 200, disposition: 'attachment; filename="helio-report-2025-06-brno.pdf"', body: pdf });
    const file = await postForFile('reports/monthly', { month: '2025-06' }, { token: 'id-token' });
    expect(file).toEqual({ blob: pdf, fileName: 'helio-report-2025-06-brno.pdf' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports/monthly');
    expect(init.body).toBe('{"month":"2025-06"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer id-token' });
  });

  it('becomes an ApiError with the server’s code when the server refuses', async () => {
    stubFetch({ status: 404, body: { error: { code: 'NotFound', message: 'Plant not found' } } });
    const refused = postForFile('reports/monthly', { month: '2025-06', plantId: 'elsewhere' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 404, code: 'NotFound' });
  });
});
