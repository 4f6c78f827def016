// The hourly issuer as main starts it: it waits for what it is told to wait for (the simulator's
// history), then issues, and stops cleanly.
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant, recordingLog } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { loadForecastConfig } from './forecast-config';
import { startForecastIssuer } from './issuer';
import { forecastDb } from './tables';
import { until } from '../testing/until';

describe.each(databaseTargets())('the forecast issuer on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), `iss-${randomUUID().slice(0, 8)}`);
  });
  afterAll(() => target.destroy());

  test('issues only after the history it waits for is in, and logs what it issued', async () => {
    let historyWritten: () => void = () => undefined;
    const after = new Promise<void>((resolve) => (historyWritten = resolve));
    const log = recordingLog();
    const issuer = startForecastIssuer({ db, config: loadForecastConfig({}), log, after });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await forecastDb(db).selectFrom('forecasts').select('slot').execute()).toHaveLength(0);
    historyWritten();
    await until(async () => ((await forecastDb(db).selectFrom('forecasts').select('slot').execute()).length === 1 ? true : undefined));
    await issuer.stop();
    expect(log.lines.some((line) => /^info forecast: 1 of 1 plants issued/.test(line))).toBe(true);
  });
});
