// The migrations in the order they run. An in-code provider (no directory scanning) keeps the built
// server self-contained and makes the order explicit: the name sorts, so numbers lead.
import type { Migration, MigrationProvider } from 'kysely';
import { gatewayCredentialsMigration } from '../devices/mqtt/credentials-migration';
import { devicesMigration } from '../devices/shadows/migration';
import { coreMigration } from './core-migration';
import { integrationsMigration } from '../integrations/migration';
import { identityMigration } from '../identity/migration';
import { plantAccessMigration } from '../plants/access-migration';
import { plantDevicesMigration } from '../plant-devices/migration';
import { plantSettingsMigration } from '../plants/settings-migration';
import { notificationsMigration } from '../notifications/migration';
import { seriesMigration } from '../series/migration';
import { spotMigration } from '../spot/migration';
import { tagsMigration } from '../tags/migration';
import { forecastsMigration } from '../forecast/migration';
import { jobLeasesMigration, jobRunsMigration } from '../jobs/migration';
import { remoteControlMigration } from '../rc/migration';
import { simulatedPlantsMigration } from '../devices/simulation/simulated-migration';
import { refreshGraceMigration } from '../identity/refresh-grace-migration';
import { evSessionsMigration } from '../ev/migration';
import { releasesMigration } from '../releases/migration';
import { apiKeyRateMigration } from '../integrations/rate-migration';
import { userPlaceholdersMigration } from '../iam/placeholder-migration';
import { gatewayReportsMigration } from '../devices/shadows/gateway-reports-migration';
import { plantListingMigration } from '../plants/listing-migration';
import { fillfactorMigration } from './fillfactor-migration';
import { gatewayReportVersionsMigration } from '../devices/shadows/gateway-report-versions-migration';
import { dayProductionMigration } from '../series/day-production-migration';
import { plantNameIndexMigration } from '../plants/name-index-migration';
import { keyCreatorsMigration } from '../integrations/creator-migration';
import { ocppMigration } from '../ocpp/migration';
import { tenantSpotPricesMigration } from '../spot/tenant-prices-migration';
import { rollupRebuildsMigration } from '../integrations/rebuild-migration';
import { webhookRedeliveriesMigration } from '../integrations/redelivery-migration';
import { scheduleCreatorsMigration } from '../rc/schedule-creator-migration';
import { releaseReportersMigration } from '../releases/reporters-migration';
import { outboxSecretsMigration } from '../mail/secrets-migration';
import { seriesBlocksMigration } from '../series/blocks-migration';

export const migrations: Record<string, Migration> = {
  '001_core': coreMigration,
  '002_devices': devicesMigration,
  '003_identity': identityMigration,
  '004_notifications': notificationsMigration,
  '005_series': seriesMigration,
  '006_gateway_credentials': gatewayCredentialsMigration,
  '010_spot_prices': spotMigration,
  '011_plant_settings': plantSettingsMigration,
  '012_plant_access': plantAccessMigration,
  '013_tags': tagsMigration,
  '014_devices': plantDevicesMigration,
  '015_simulated_plants': simulatedPlantsMigration,
  '016_refresh_grace': refreshGraceMigration,
  '020_remote_control': remoteControlMigration,
  '025_job_leases': jobLeasesMigration,
  '026_forecasts': forecastsMigration,
  '035_integrations': integrationsMigration,
  '040_releases': releasesMigration,
  '045_job_runs': jobRunsMigration,
  '050_ev_sessions': evSessionsMigration,
  '051_api_key_rates': apiKeyRateMigration,
  '055_user_placeholders': userPlaceholdersMigration,
  '056_gateway_reports': gatewayReportsMigration,
  '057_plant_listing': plantListingMigration,
  '058_fillfactor': fillfactorMigration,
  '059_gateway_report_versions': gatewayReportVersionsMigration,
  '060_day_production': dayProductionMigration,
  '061_plant_name_index': plantNameIndexMigration,
  '062_key_creators': keyCreatorsMigration,
  '063_tenant_spot_prices': tenantSpotPricesMigration,
  '064_rollup_rebuilds': rollupRebuildsMigration,
  '065_webhook_redeliveries': webhookRedeliveriesMigration,
  '066_schedule_creators': scheduleCreatorsMigration,
  '067_release_reporters': releaseReportersMigration,
  '068_outbox_secrets': outboxSecretsMigration,
  '070_ocpp': ocppMigration,
  '071_series_blocks': seriesBlocksMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
