// How the settings form groups its fields, with the unit each number is in.
import type { SettingField } from './settings-draft';

export interface SettingSection {
  key: 'general' | 'pv' | 'battery' | 'grid' | 'tariff';
  fields: { field: SettingField; unit?: string }[];
}

export const SETTING_SECTIONS: SettingSection[] = [
  {
    key: 'general',
    fields: [
      { field: 'name' },
      { field: 'location' },
      { field: 'address' },
      { field: 'latitude', unit: '°' },
      { field: 'longitude', unit: '°' },
      { field: 'timezone' },
    ],
  },
  {
    key: 'pv',
    fields: [
      { field: 'pvPeakKw', unit: 'kWp' },
      { field: 'tiltDeg', unit: '°' },
      { field: 'azimuthDeg', unit: '°' },
    ],
  },
  {
    key: 'battery',
    fields: [
      { field: 'batteryKwh', unit: 'kWh' },
      { field: 'batteryMinSocPct', unit: '%' },
      { field: 'batteryMaxSocPct', unit: '%' },
      { field: 'batteryMaxChargeKw', unit: 'kW' },
      { field: 'batteryMaxDischargeKw', unit: 'kW' },
    ],
  },
  {
    key: 'grid',
    fields: [
      { field: 'gridExportLimitKw', unit: 'kW' },
      { field: 'chargerKw', unit: 'kW' },
    ],
  },
  { key: 'tariff', fields: [{ field: 'tariffName' }, { field: 'tariffPricePerKwh' }, { field: 'tariffCurrency' }] },
];
