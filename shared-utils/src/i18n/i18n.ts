// The console's one i18next instance: Czech by default and as fallback, namespaces loaded over HTTP
// from /locales/{lng}/{ns}.json as components ask for them (react-i18next suspends meanwhile).
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LOADER_OPTIONS, type Language } from './loader-options';
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
} from './locale-format';
import type { TFunction } from 'i18next';
import { formatMetricValueIn, metricValueTextIn } from '../shadow/metric-value';
import { apiErrorTextIn, type FieldLabels } from '../api/error-text';

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export const i18nReady: Promise<unknown> = i18n
  .use(HttpBackend)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    backend: { loadPath: LOADER_OPTIONS.loadPath, addPath: LOADER_OPTIONS.addPath },
    maxParallelReads: LOADER_OPTIONS.maxParallelReads,
    maxRetries: LOADER_OPTIONS.maxRetries,
    retryTimeout: LOADER_OPTIONS.retryTimeout,
    react: { useSuspense: true },
    // Development builds report keys no translation file has to /locales/add/{lng}/{ns}; the server
    // records them only when it runs in development too. Production builds never send them.
    saveMissing: process.env.NODE_ENV === 'development',
  })
  .catch((error: unknown) => {
    console.error(error);
  });

export async function setLanguage(lng: Language): Promise<void> {
  if (i18n.language === lng) return;
  await i18n.changeLanguage(lng);
}

const currentLocale = () => localeOf(i18n.language ?? DEFAULT_LANGUAGE);

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return formatNumberIn(currentLocale(), value, options);
}

export function formatDateTime(value: number | Date, options?: Intl.DateTimeFormatOptions): string {
  return formatDateTimeIn(currentLocale(), value, options);
}

/** A number with its unit, a no-break space between (formatQuantityIn in the interface's language). */
export function formatQuantity(value: number, unit: string | null | undefined, options?: Intl.NumberFormatOptions): string {
  return formatQuantityIn(currentLocale(), value, unit, options);
}

/** "10–90 %": a range with its unit once, a no-break space before it. */
export function formatRange(min: number, max: number, unit: string | null | undefined): string {
  return formatRangeIn(currentLocale(), min, max, unit);
}

/** Money in its currency, as the interface's language writes it (formatMoneyIn). */
export function formatMoney(amount: number, currency: string, options?: Intl.NumberFormatOptions): string {
  return formatMoneyIn(currentLocale(), amount, currency, options);
}

/** "Kč/kWh" in Czech, "CZK/kWh" in English: a price's unit for labels and axes. */
export function priceUnit(currency: string): string {
  return priceUnitIn(currentLocale(), currency);
}

/** A kWh's price with its unit ("4,25 Kč/kWh", "4.25 CZK/kWh"). */
export function formatPricePerKwh(value: number, currency: string, options?: Intl.NumberFormatOptions): string {
  return formatPricePerKwhIn(currentLocale(), value, currency, options);
}

export function formatPower(watts: number): string {
  return formatPowerIn(currentLocale(), watts);
}

export function formatMetricValue(metricKey: string, value: number, serverUnit?: string | null): string {
  return formatMetricValueIn(currentLocale(), metricKey, value, serverUnit);
}

/** A reported value (number, flag or state) as the interface shows it, in its language. */
export function metricValueText(
  t: TFunction,
  metricKey: string,
  value: number | string | boolean | null | undefined,
  serverUnit?: string | null,
): string {
  return metricValueTextIn(currentLocale(), t, metricKey, value, serverUnit);
}

/** A failed call as a sentence in the current language (never the server's English message). */
export function apiErrorText(error: unknown, fieldLabels?: FieldLabels): string {
  return apiErrorTextIn(i18n.t, error, fieldLabels);
}
