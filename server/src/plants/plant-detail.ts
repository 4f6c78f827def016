// A plant with every setting and its version: what plant/detail, plant/update and plant/create answer.
import type { Updateable } from 'kysely';
import type { PlantTable } from '../db/schema';
import type { PlantRow } from './access';
import { NUMBER_LIMITS, TEXT_LIMITS, type PlantDetail, type PlantSettings } from '@helio/contracts';
import { plantListingColumns, type PlantListingColumns } from './listing-columns';
import { toPlant } from './plant-list';

export type { PlantDetail };

export function toPlantDetail(row: PlantRow): PlantDetail {
  return {
    ...toPlant(row),
    address: row.address,
    tiltDeg: row.tilt_deg,
    azimuthDeg: row.azimuth_deg,
    batteryMaxSocPct: row.battery_max_soc_pct,
    batteryMaxChargeKw: row.battery_max_charge_kw,
    batteryMaxDischargeKw: row.battery_max_discharge_kw,
    gridExportLimitKw: row.grid_export_limit_kw,
    tariffName: row.tariff_name,
    tariffPricePerKwh: row.tariff_price_per_kwh,
    tariffCurrency: row.tariff_currency,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function settingsOf(detail: PlantDetail): PlantSettings {
  const settings = {} as Record<keyof PlantSettings, unknown>;
  for (const key of [...Object.keys(TEXT_LIMITS), ...Object.keys(NUMBER_LIMITS), 'tariffCurrency'] as (keyof PlantSettings)[]) {
    settings[key] = detail[key];
  }
  return settings as PlantSettings;
}

/** The columns a set of settings writes, with the listing columns of its name and location; text is stored trimmed. */
export function settingColumns(s: PlantSettings): Updateable<PlantTable> & PlantListingColumns {
  const name = s.name.trim();
  const location = s.location.trim();
  return {
    name,
    location,
    ...plantListingColumns({ name, location }),
    address: s.address.trim(),
    timezone: s.timezone.trim(),
    latitude: s.latitude ?? 0,
    longitude: s.longitude ?? 0,
    pv_peak_kw: s.pvPeakKw ?? 0,
    tilt_deg: s.tiltDeg,
    azimuth_deg: s.azimuthDeg,
    battery_kwh: s.batteryKwh,
    battery_max_soc_pct: s.batteryMaxSocPct,
    battery_max_charge_kw: s.batteryMaxChargeKw,
    battery_max_discharge_kw: s.batteryMaxDischargeKw,
    charger_kw: s.chargerKw,
    grid_export_limit_kw: s.gridExportLimitKw,
    tariff_name: s.tariffName.trim(),
    tariff_price_per_kwh: s.tariffPricePerKwh,
    tariff_currency: s.tariffCurrency,
  };
}
