// The weather service: read and used when it answers; down, slow or malformed it costs one log line
// per issue run and the offline model forecasts instead, saying why. A local HTTP server plays it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/schema';
import { insertPlant, insertTenant, recordingLog } from '../../iot/test-fixtures';
import { databaseTargets } from '../../testing/databases';
import { loadForecastConfig } from '../forecast-config';
import { issueForecasts } from '../issue';
import { latestForecast } from '../latest';
import { forecastDb } from '../tables';
import { writeSimulatedHistory } from '../testing';
import { parseWeather } from './weather-parse';

const HOUR = 3_600_000;

function openMeteo(from: number, cloudCover: number) {
  const time = Array.from({ length: 72 }, (_, i) => new Date(from + i * HOUR).toISOString().slice(0, 16));
  return { latitude: 49.2, longitude: 16.6, utc_offset_seconds: 0, hourly: { time, cloud_cover: time.map(() => cloudCover) } };
}

describe('parsing', () => {
  test('open-meteo JSON: radiation is the mean of the hour before its stamp, cloud cover serves the hour from it', () => {
    const hours = parseWeather(
      JSON.stringify({ utc_offset_seconds: 3600, hourly: { time: ['2026-06-01T12:00'], shortwave_radiation: [640], cloud_cover: [20] } }),
    );
    const stamp = Date.parse('2026-06-01T11:00:00Z');
    expect(hours.get(stamp - HOUR)).toEqual({ ghi: 640 });
    expect(hours.get(stamp)).toEqual({ cloudCoverPct: 20 });
  });

  test('CSV with the same columns', () => {
    const hours = parseWeather('time;ghi;cloud_cover\n2026-06-01T12:00:00Z;500;\n2026-06-01T13:00:00Z;;80\n');
    expect(hours.get(Date.parse('2026-06-01T11:00:00Z'))).toEqual({ ghi: 500 });
    expect(hours.get(Date.parse('2026-06-01T13:00:00Z'))).toEqual({ cloudCoverPct: 80 });
  });

  test.each([
    ['not JSON', '{"hourly": '],
    ['no hourly times', '{"hourly": {"cloud_cover": [1]}}'],
    ['columns of different lengths', '{"hourly": {"time": ["2026-06-01T12:00"], "cloud_cover": [1, 2]}}'],
    ['an impossible reading', '{"hourly": {"time": ["2026-06-01T12:00"], "cloud_cover": [400]}}'],
    ['an HTML error page', '<html>Bad gateway</html>'],
  ])('%s is malformed', (_what, text) => {
    expect(() => parseWeather(text)).toThrow();
  });
});

describe.each(databaseTargets())('issuing with a weather service on $name', (target) => {
  let db: Kysely<Database>;
  let plantId: string;
  let server: http.Server;
  let base: string;
  let answer: (response: http.ServerResponse) => void = () => undefined;
  let requests = 0;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    const thing = `wx-${randomUUID().slice(0, 8)}`;
    await insertPlant(db, tenant, thing);
    plantId = (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
    await writeSimulatedHistory(db, thing, 3, Date.now());
    server = http.createServer((_request, response) => {
      requests++;
      answer(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await target.destroy();
  });

  const issueWith = async (url: string, timeoutMs = 2000) => {
    await forecastDb(db).deleteFrom('forecasts').where('plant_id', '=', plantId).execute();
    const log = recordingLog();
    const config = { ...loadForecastConfig({ FORECAST_WEATHER_URL: url }), weatherTimeoutMs: timeoutMs, backfillDays: 0 };
    const summary = await issueForecasts({ db, config, log, plantIds: [plantId] });
    return { summary, log, forecast: await latestForecast(db, plantId) };
  };
  const json = (body: unknown) => (response: http.ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const daylightPv = (steps: Array<{ pvW: number }>) => steps.reduce((sum, s) => sum + s.pvW, 0);

  test('an answering service makes the forecast, and an overcast sky forecasts less PV than a clear one', async () => {
    const from = Date.now() - (Date.now() % HOUR) - 2 * HOUR;
    answer = json(openMeteo(from, 0));
    const clear = await issueWith(`${base}/v1/forecast?latitude={lat}&longitude={lon}`);
    answer = json(openMeteo(from, 100));
    const overcast = await issueWith(`${base}/v1/forecast?latitude={lat}&longitude={lon}`);
    expect(clear.forecast?.source).toBe('weather');
    expect(overcast.forecast?.source).toBe('weather');
    expect(clear.log.lines).toEqual([]);
    expect(daylightPv(overcast.forecast!.steps)).toBeLessThan(0.5 * daylightPv(clear.forecast!.steps));
  });

  test('a service that is down: one log line, an offline forecast that says so', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { summary, log, forecast } = await issueWith(`http://127.0.0.1:${port}/forecast`);
    expect(summary).toMatchObject({ issued: 1, weatherFailure: 'down' });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^warn forecast: weather service down/);
    expect(forecast).toMatchObject({ source: 'offline', weatherFailure: 'down' });
  });

  test('a service that answers an error status is down too', async () => {
    answer = (response) => response.writeHead(503).end('busy');
    const { summary, log } = await issueWith(`${base}/forecast`);
    expect(summary.weatherFailure).toBe('down');
    expect(log.lines).toHaveLength(1);
  });

  test('a slow service is abandoned after the timeout', async () => {
    // It answers only once the forecast was issued: the issue can only have ended by its timeout.
    const held: http.ServerResponse[] = [];
    answer = (response) => void held.push(response);
    const { summary, log, forecast } = await issueWith(`${base}/forecast`, 300);
    for (const response of held) json(openMeteo(Date.now(), 0))(response);
    expect(held).toHaveLength(1);
    expect(summary.weatherFailure).toBe('slow');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/slow/);
    expect(forecast).toMatchObject({ source: 'offline', weatherFailure: 'slow' });
  });

  test('a malformed answer is not used', async () => {
    answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"hourly": {"time": "soon"}}');
    const before = requests;
    const { summary, log, forecast } = await issueWith(`${base}/forecast`);
    expect(requests).toBe(before + 1);
    expect(summary.weatherFailure).toBe('malformed');
    expect(log.lines).toHaveLength(1);
    expect(forecast).toMatchObject({ source: 'offline', weatherFailure: 'malformed' });
  });
});
