// series: how metric samples are stored (raw rows, packed blocks, roll-ups), the jobs that pack and prune
// them, and the server's retention tiers (series/tiers*). The metric/* API that reads them is metric/.
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { SeriesTables } from './tables';
import { seriesMigration } from './migrations/005-series';
import { dayProductionMigration } from './migrations/060-day-production';
import { seriesBlocksMigration } from './migrations/071-series-blocks';
import { seriesTiersMigration } from './migrations/075-series-tiers';
import { rollupJournalMigration } from './migrations/082-rollup-journal';
import { metricReportsMigration } from './migrations/083-metric-reports';
import { startRawRetention } from './retention-job';
import { startRollupDrain } from './rollup-journal';
import { SeriesWriter } from './series-writer';
import { startSeriesPacking } from './series-packer';
import { seriesTierHandlers } from './tier-routes';
import { defaultTierDays } from './tier-settings';

export const seriesModule = serverModule({
  name: 'series',
  tables: tables<SeriesTables>(),
  migrations: {
    '005_series': seriesMigration,
    '060_day_production': dayProductionMigration,
    '071_series_blocks': seriesBlocksMigration,
    '075_series_tiers': seriesTiersMigration,
    '082_rollup_journal': rollupJournalMigration,
    '083_metric_reports': metricReportsMigration,
  },
  jobs: ({
    db,
    config,
    log,
    devices,
    leaseTtlMs,
    holder,
  }: Pick<JobDeps, 'db' | 'config' | 'log' | 'devices' | 'leaseTtlMs' | 'holder'>) => [
    // each tier pruned at the age an operator set (series/tiers), the config's ages the defaults
    startRawRetention({
      db,
      retentionDays: config.rawRetentionDays,
      rollupRetentionDays: config.rollupRetentionDays,
      log,
      leaseTtlMs,
      holder,
    }),
    // packs closed hours, and an upgraded database's history in batches, while ingest goes on
    startSeriesPacking({ db, log, leaseTtlMs, holder, after: devices.shadows.idle() }),
    // the roll-ups of batches a scaled-out server journaled (ROLLUP_JOURNAL_MS); a minute apart when it does not journal
    startRollupDrain({
      db,
      everyMs: config.rollupJournalMs > 0 ? config.rollupJournalMs : 60_000,
      log,
      leaseTtlMs,
      holder,
      writer: new SeriesWriter(),
    }),
  ],
  handlers: ({
    db,
    config,
  }: {
    db: Kysely<Database>;
    config: Pick<Config, 'rawRetentionDays' | 'rollupRetentionDays' | 'releasesOrganisation'>;
  }) => seriesTierHandlers({ db, defaults: defaultTierDays(config), organisation: config.releasesOrganisation }),
});
