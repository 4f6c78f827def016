// The mock's i18next: a real instance with every workspace's locales/{cs,en}/*.json read synchronously
// from disk, so tests assert the real translated text without HTTP. Czech by default.
import fs from 'fs';
import path from 'path';
import i18next, { type Resource, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  formatDateTimeIn,
  formatMoneyIn,
  formatNumberIn,
  formatPowerIn,
  formatPricePerKwhIn,
  formatQuantityIn,
  formatRangeIn,
  localeOf,
  priceUnitIn,
} from '../src/i18n/locale-format';
import { formatMetricValueIn, metricValueTextIn } from '../src/shadow/metric-value';
import { apiErrorTextIn } from '../src/api/error-text';

const repoRoot = path.resolve(__dirname, '..', '..');

function loadLocales(): Resource {
  const resources: Resource = {};
  for (const workspace of fs.readdirSync(repoRoot)) {
    const dir = path.join(repoRoot, workspace, 'locales');
    if (workspace === 'node_modules' || workspace.startsWith('.') || !fs.existsSync(dir)) continue;
    for (const lng of fs.readdirSync(dir)) {
      for (const file of fs.readdirSync(path.join(dir, lng)).filter((f) => f.endsWith('.json'))) {
        resources[lng] ??= {};
        resources[lng][path.basename(file, '.json')] = require(path.join(dir, lng, file));
      }
    }
  }
  return resources;
}

const resources = loadLocales();

export const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  lng: 'cs',
  fallbackLng: 'cs',
  supportedLngs: ['cs', 'en'],
  resources,
  ns: Object.keys(resources.cs ?? {}),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  saveMissing: true,
  missingKeyHandler: (lngs, ns, key) => console.warn(`Missing translation ${ns}:${key} (${lngs.join(', ')})`),
});
export const i18nReady: Promise<unknown> = Promise.resolve(i18n.t);

const locale = () => localeOf(i18n.language);
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) => formatNumberIn(locale(), value, options);
export const formatDateTime = (value: number | Date, options?: Intl.DateTimeFormatOptions) => formatDateTimeIn(locale(), value, options);
export const formatPower = (watts: number) => formatPowerIn(locale(), watts);
export const formatQuantity = (value: number, unit: string | null | undefined, options?: Intl.NumberFormatOptions) =>
  formatQuantityIn(locale(), value, unit, options);
export const formatRange = (min: number, max: number, unit: string | null | undefined) => formatRangeIn(locale(), min, max, unit);
export const formatMoney = (amount: number, currency: string, options?: Intl.NumberFormatOptions) =>
  formatMoneyIn(locale(), amount, currency, options);
export const priceUnit = (currency: string) => priceUnitIn(locale(), currency);
export const formatPricePerKwh = (value: number, currency: string, options?: Intl.NumberFormatOptions) =>
  formatPricePerKwhIn(locale(), value, currency, options);
export const formatMetricValue = (metricKey: string, value: number, serverUnit?: string | null) =>
  formatMetricValueIn(locale(), metricKey, value, serverUnit);
export const metricValueText = (
  t: TFunction,
  metricKey: string,
  value: number | string | boolean | null | undefined,
  serverUnit?: string | null,
) => metricValueTextIn(locale(), t, metricKey, value, serverUnit);

export const apiErrorText = (error: unknown): string => apiErrorTextIn(i18n.t, error);
