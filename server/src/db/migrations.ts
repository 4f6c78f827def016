// The migrations in the order they run. An in-code provider (no directory scanning) keeps the built
// server self-contained and makes the order explicit: the name sorts, so numbers lead.
//
// Each migration is frozen: it lives in its domain's `migrations/` folder (file named by its id) and
// imports only kysely, Node's built-ins and files of that folder, so no later edit of the application
// or the demo data changes what an old migration does on a fresh database; what it needs of them
// (a value, a computation) is copied in as it was. tools/frozen-migrations.test.js keeps it so.
// (`db/migrations` in an import names this file: a file wins over the folder of the same name.)
import type { Migration, MigrationProvider } from 'kysely';
import { coreMigration } from './migrations/001-core';
import { devicesMigration } from '../devices/shadows/migrations/002-devices';
import { identityMigration } from '../identity/migrations/003-identity';
import { notificationsMigration } from '../notifications/migrations/004-notifications';
import { seriesMigration } from '../series/migrations/005-series';
import { gatewayCredentialsMigration } from '../devices/mqtt/migrations/006-gateway-credentials';
import { spotMigration } from '../spot/migrations/010-spot-prices';
import { plantSettingsMigration } from '../plants/migrations/011-plant-settings';
import { plantAccessMigration } from '../plants/migrations/012-plant-access';
import { tagsMigration } from '../tags/migrations/013-tags';
import { plantDevicesMigration } from '../plant-devices/migrations/014-devices';
import { simulatedPlantsMigration } from '../devices/simulation/migrations/015-simulated-plants';
import { refreshGraceMigration } from '../identity/migrations/016-refresh-grace';
import { remoteControlMigration } from '../rc/migrations/020-remote-control';
import { jobLeasesMigration } from '../jobs/migrations/025-job-leases';
import { forecastsMigration } from '../forecast/migrations/026-forecasts';
import { integrationsMigration } from '../integrations/migrations/035-integrations';
import { releasesMigration } from '../releases/migrations/040-releases';
import { jobRunsMigration } from '../jobs/migrations/045-job-runs';
import { evSessionsMigration } from '../ev/migrations/050-ev-sessions';
import { apiKeyRateMigration } from '../integrations/migrations/051-api-key-rates';
import { userPlaceholdersMigration } from '../iam/migrations/055-user-placeholders';
import { gatewayReportsMigration } from '../devices/shadows/migrations/056-gateway-reports';
import { plantListingMigration } from '../plants/migrations/057-plant-listing';
import { fillfactorMigration } from './migrations/058-fillfactor';
import { gatewayReportVersionsMigration } from '../devices/shadows/migrations/059-gateway-report-versions';
import { dayProductionMigration } from '../series/migrations/060-day-production';
import { plantNameIndexMigration } from '../plants/migrations/061-plant-name-index';
import { keyCreatorsMigration } from '../integrations/migrations/062-key-creators';
import { tenantSpotPricesMigration } from '../spot/migrations/063-tenant-spot-prices';
import { rollupRebuildsMigration } from '../integrations/migrations/064-rollup-rebuilds';
import { webhookRedeliveriesMigration } from '../integrations/migrations/065-webhook-redeliveries';
import { scheduleCreatorsMigration } from '../rc/migrations/066-schedule-creators';
import { releaseReportersMigration } from '../releases/migrations/067-release-reporters';
import { outboxSecretsMigration } from '../mail/migrations/068-outbox-secrets';
import { ocppMigration } from '../ocpp/migrations/070-ocpp';
import { pushSubscriptionsMigration } from '../push/migrations/072-push-subscriptions';
import { seriesBlocksMigration } from '../series/migrations/071-series-blocks';
import { monthlyReportsMigration } from '../reports/migrations/073-monthly-reports';
import { commandExpiryMigration } from '../rc/migrations/076-command-expiry';

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
  '072_push_subscriptions': pushSubscriptionsMigration,
  '073_monthly_reports': monthlyReportsMigration,
  '076_command_expiry': commandExpiryMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
