// How the settings form groups its fields, with the unit each number is in.
import type { SettingField } from './settings-draft';

export interface SettingSection {
  key: 'general' | 'pv' | 'battery' | 'grid' | 'tariff';
  fields: { field: SettingField; unit?: string }[];
  /**
   * Shows the battery's floor (BatSocMin, set on /rc) read-only: the plant's "minimum charge" is that one
   * value, not a second one of its own (docs/figures.md; the API has none since migration 078).
   */
  batteryFloor?: true;
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
    batteryFloor: true,
    fields: [
      { field: 'batteryKwh', unit: 'kWh' },
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
