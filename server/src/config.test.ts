import path from 'node:path';
import { loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: `sqlite://${path.join(REPO_ROOT, 'data', 'helio.db')}`,
      mqttUrl: undefined,
      mqttPort: 18830,
      mqttUsername: 'helio-server',
      mqttPassword: undefined,
      mqttClientId: undefined,
      mqttShareGroup: 'helio',
      jobLeaseTtlMs: 30_000,
      vacuumWhenAutovacuumOff: true,
      pushAllowPrivate: false,
      simulator: true,
      simIntervalMs: 5000,
      simPlants: 0,
      simTimeFactor: 1,
      simApplyDelayMs: 0,
      simHistoryDays: 14,
      rawRetentionDays: 90,
      rollupRetentionDays: 3650,
      rollupJournalMs: 0,
      reportBatchMs: 0,
      alertTickMs: 30_000,
      rcTickMs: 5000,
      ocppTickMs: 10_000,
      ocppPvStartHoldMs: 60_000,
      publicDir: path.join(REPO_ROOT, 'dist', 'public'),
      logLevel: 'info',
      secureCookies: false,
      cspDevOrigins: [],
      recordMissingTranslations: false,
      // the sections the domains read from the same snapshot of the environment
      consoleUrl: 'http://localhost:8080',
      releasesOrganisation: undefined,
      passwordCost: { N: 32768, r: 8, p: 1 },
      identity: { mailFrom: 'Helio EMS <no-reply@helio.local>', trustProxy: false },
      spot: { area: 'CZ', timeZone: 'Europe/Prague', pricesUrl: undefined, demo: true, eurCzk: 25 },
      forecast: { weatherUrl: undefined, weatherTimeoutMs: 10_000, retentionDays: 30, backfillDays: 7, issueEveryMs: 3_600_000 },
      integrations: {
        keyRatePerMinute: 300,
        keyPepper: '',
        webhookAllowPrivate: false,
        webhookConcurrency: 8,
        webhookTimeoutMs: 10_000,
        webhookPollMs: 2_000,
      },
      analytics: { co2KgPerKwh: 0.45, spotArea: 'CZ', eurCzk: 25 },
    });
  });

  it('reads each section from the environment it is given, once', () => {
    const config = loadConfig({ PORT: '9000', PUBLIC_URL: 'https://ems.example/', EUR_CZK: '24', RELEASES_ORGANISATION: ' Ops ' });
    expect(config.consoleUrl).toBe('https://ems.example');
    expect(loadConfig({ PORT: '9000' }).consoleUrl).toBe('http://localhost:9000');
    expect([config.spot.eurCzk, config.analytics.eurCzk, config.releasesOrganisation]).toEqual([24, 24, 'Ops']);
    expect(loadConfig({ JEST_WORKER_ID: '1' }).passwordCost.N).toBeLessThan(32768);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: 'many' })).toThrow(/WEBHOOK_CONCURRENCY/);
  });

  it('reads the dev-server origins the CSP may allow, and refuses anything but bare http(s) origins', () => {
    expect(loadConfig({ CSP_DEV_ORIGINS: 'http://localhost:9103, http://127.0.0.1:9100/' }).cspDevOrigins).toEqual([
      'http://localhost:9103',
      'http://127.0.0.1:9100',
    ]);
    for (const bad of ['*', 'localhost:9103', 'http://localhost:9103/app.js', "'unsafe-eval'", 'ftp://x.local']) {
      expect(() => loadConfig({ CSP_DEV_ORIGINS: bad })).toThrow(/CSP_DEV_ORIGINS/);
    }
  });

  it('records missing translation keys only with NODE_ENV=development', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).recordMissingTranslations).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).recordMissingTranslations).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).recordMissingTranslations).toBe(false);
  });

  it('takes reports in a plain subscription with MQTT_SHARE_GROUP=off (one replica)', () => {
    expect(loadConfig({ MQTT_SHARE_GROUP: 'off' }).mqttShareGroup).toBeUndefined();
  });

  it('places the default SQLite file in DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/helio' }).databaseUrl).toBe('sqlite:///var/lib/helio/helio.db');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/helio',
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_PORT: '18831',
      MQTT_USERNAME: 'ems',
      MQTT_PASSWORD: 'broker-secret',
      MQTT_CLIENT_ID: 'helio-replica-2',
      MQTT_SHARE_GROUP: 'ems-replicas',
      JOB_LEASE_TTL_MS: '10000',
      VACUUM_WHEN_AUTOVACUUM_OFF: 'false',
      SIMULATOR: 'off',
      SIM_INTERVAL_MS: '1000',
      SIM_PLANTS: '2',
      SIM_TIME_FACTOR: '60',
      SIM_HISTORY_DAYS: '0',
      RAW_RETENTION_DAYS: '30',
      ROLLUP_RETENTION_DAYS: '400',
      ALERT_TICK_MS: '2000',
      PUSH_ALLOW_PRIVATE: 'on',
      PUBLIC_DIR: '/srv/public',
      LOG_LEVEL: 'warn',
      SECURE_COOKIES: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/helio',
      mqttUrl: 'mqtt://127.0.0.1:1883',
      mqttPort: 18831,
      mqttUsername: 'ems',
      mqttPassword: 'broker-secret',
      mqttClientId: 'helio-replica-2',
      mqttShareGroup: 'ems-replicas',
      jobLeaseTtlMs: 10_000,
      vacuumWhenAutovacuumOff: false,
      pushAllowPrivate: true,
      simulator: false,
      simIntervalMs: 1000,
      simPlants: 2,
      simTimeFactor: 60,
      simHistoryDays: 0,
      rawRetentionDays: 30,
      rollupRetentionDays: 400,
      alertTickMs: 2000,
      publicDir: '/srv/public',
      logLevel: 'warn',
      secureCookies: true,
    });
  });

  it.each([
    ['PORT', 'eighty', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be a whole number from 0 to 65535/],
    ['MQTT_PORT', '0', /MQTT_PORT/],
    ['SIMULATOR', 'maybe', /SIMULATOR must be on or off/],
    ['SIM_INTERVAL_MS', '-5', /SIM_INTERVAL_MS/],
    ['SIM_TIME_FACTOR', '0', /SIM_TIME_FACTOR must be a whole number from 1/],
    ['SIM_HISTORY_DAYS', '400', /SIM_HISTORY_DAYS/],
    ['RAW_RETENTION_DAYS', '0', /RAW_RETENTION_DAYS/],
    ['ROLLUP_RETENTION_DAYS', '30', /ROLLUP_RETENTION_DAYS must be at least RAW_RETENTION_DAYS \(90\)/],
    ['ALERT_TICK_MS', '500', /ALERT_TICK_MS must be a whole number from 1000/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must start with sqlite:\/\/ or postgres:\/\//],
    ['MQTT_URL', 'not a url', /MQTT_URL is not a URL/],
    ['MQTT_URL', 'http://broker:1883', /MQTT_URL must use one of/],
    ['MQTT_USERNAME', 'gw-plant', /MQTT_USERNAME must not start with gw-/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['MQTT_SHARE_GROUP', 'a/b', /MQTT_SHARE_GROUP must be off or 1 to 64/],
    ['MQTT_SHARE_GROUP', '#', /MQTT_SHARE_GROUP must be off or 1 to 64/],
    ['MQTT_CLIENT_ID', 'a client', /MQTT_CLIENT_ID must be at most 128/],
    ['JOB_LEASE_TTL_MS', '10', /JOB_LEASE_TTL_MS must be a whole number from 1000/],
    ['SECURE_COOKIES', 'sometimes', /SECURE_COOKIES must be on or off/],
  ])('rejects %s=%s with an error naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
