// The monthly report's words and number formats, in the reader's language: Czech (cs-CZ, the
// default) or English (en-US). The PDF is made on the server, so its texts live here beside the
// mail's, as the alert mails' do (notifications/alert-mail.ts).
import type { Locale } from '../db/schema';

export const LOCALE_TAG: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-US' };

const cs = {
  title: 'Měsíční zpráva o elektrárně',
  everyPlant: 'Všechny vaše elektrárny',
  tag: 'Štítek',
  plants: (n: number) => `${n} ${n === 1 ? 'elektrárna' : n >= 2 && n <= 4 ? 'elektrárny' : 'elektráren'}`,
  energy: 'Energie za měsíc',
  produced: 'Výroba',
  consumed: 'Spotřeba',
  selfConsumed: 'Vlastní spotřeba z FVE',
  selfConsumption: 'Míra vlastní spotřeby',
  autarky: 'Soběstačnost',
  exported: 'Dodávka do sítě',
  imported: 'Odběr ze sítě',
  spot: 'Hodnota při spotových cenách',
  exportValue: 'Hodnota dodávky',
  importCost: 'Cena odběru',
  unpriced: 'Energie bez spotové ceny',
  comparison: 'Srovnání',
  thisMonth: 'Tento měsíc',
  lastYear: 'Stejný měsíc loni',
  change: 'Změna',
  noLastYear: 'Za stejný měsíc loni nejsou data.',
  forecast: 'Předpověď',
  forecastKwh: 'Předpověď výroby (den předem)',
  actualOnForecastDays: 'Skutečná výroba v týchž dnech',
  forecastDays: (n: number) => `Dní s předpovědí: ${n}`,
  noForecast: 'Pro tento měsíc nejsou uložené předpovědi.',
  expected: 'Očekávaná výroba (jasná obloha)',
  performanceRatio: 'Výkonnostní poměr (jasná obloha)',
  days: 'Dny',
  best: 'Nejlepší den',
  worst: 'Nejhorší den',
  alerts: 'Upozornění za měsíc',
  noAlerts: 'Žádná upozornění.',
  alertCount: (count: number, hours: string) => `${count}×, celkem ${hours} h`,
  dailyChart: 'Denní výroba a spotřeba (kWh)',
  gridChart: 'Denní dodávka (nahoru) a odběr (dolů) (kWh)',
  legendProduced: 'výroba',
  legendConsumed: 'spotřeba',
  legendExpected: 'očekávaná výroba',
  method:
    'Výpočet: energie z denních souhrnů čítačů, stejně jako na stránce Analytika; hodnota dodávky a cena odběru podle průměrné spotové ceny dne.',
  mailSubject: (month: string) => `Měsíční zpráva Helio EMS za ${month}`,
  mailBody: (month: string, count: number, url: string) =>
    [
      'Dobrý den,',
      '',
      `v příloze posíláme měsíční ${count === 1 ? 'zprávu' : 'zprávy'} o vašich elektrárnách za ${month}.`,
      '',
      `Zprávu za jiný měsíc stáhnete na ${url}/analytics, odběr změníte na ${url}/my-account/notifications.`,
      '',
      'Helio EMS',
    ].join('\n'),
};

const en: typeof cs = {
  title: 'Monthly plant report',
  everyPlant: 'All your plants',
  tag: 'Tag',
  plants: (n: number) => `${n} ${n === 1 ? 'plant' : 'plants'}`,
  energy: 'Energy of the month',
  produced: 'Production',
  consumed: 'Consumption',
  selfConsumed: 'Self-consumed PV',
  selfConsumption: 'Self-consumption rate',
  autarky: 'Autarky',
  exported: 'Export to the grid',
  imported: 'Import from the grid',
  spot: 'Value at spot prices',
  exportValue: 'Export value',
  importCost: 'Import cost',
  unpriced: 'Energy without a spot price',
  comparison: 'Comparison',
  thisMonth: 'This month',
  lastYear: 'Same month last year',
  change: 'Change',
  noLastYear: 'No data for the same month last year.',
  forecast: 'Forecast',
  forecastKwh: 'Production forecast (day ahead)',
  actualOnForecastDays: 'Actual production on those days',
  forecastDays: (n: number) => `Days with a forecast: ${n}`,
  noForecast: 'No stored forecasts for this month.',
  expected: 'Expected production (clear sky)',
  performanceRatio: 'Performance ratio (clear sky)',
  days: 'Days',
  best: 'Best day',
  worst: 'Worst day',
  alerts: 'Alerts of the month',
  noAlerts: 'No alerts.',
  alertCount: (count: number, hours: string) => `${count}×, ${hours} h in all`,
  dailyChart: 'Daily production and consumption (kWh)',
  gridChart: 'Daily export (up) and import (down) (kWh)',
  legendProduced: 'production',
  legendConsumed: 'consumption',
  legendExpected: 'expected production',
  method:
    'Method: energy from the daily counter roll-ups, as on the Analytics page; export value and import cost at the mean spot price of each day.',
  mailSubject: (month: string) => `Helio EMS monthly report for ${month}`,
  mailBody: (month: string, count: number, url: string) =>
    [
      'Hello,',
      '',
      `attached ${count === 1 ? 'is the monthly report' : 'are the monthly reports'} on your plants for ${month}.`,
      '',
      `Download a report of another month at ${url}/analytics; change the subscription at ${url}/my-account/notifications.`,
      '',
      'Helio EMS',
    ].join('\n'),
};

export const REPORT_TEXTS: Record<Locale, typeof cs> = { cs, en };
export type ReportTexts = typeof cs;

/** Numbers as the report prints them: kWh with one decimal, percentages with one, money whole. */
export function reportFormat(language: Locale) {
  const tag = LOCALE_TAG[language];
  const kwh = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const axis = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const pct = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'CZK', maximumFractionDigits: 0, minimumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthName = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    language,
    kwh: (value: number) => `${kwh.format(value)} kWh`,
    pct: (value: number | null) => (value === null ? '–' : `${pct.format(value)} %`),
    money: (value: number) => money.format(value),
    hours: (value: number) => kwh.format(value),
    axis: (value: number) => axis.format(value),
    day: (iso: string) => day.format(new Date(`${iso}T12:00:00Z`)),
    month: (month: string) => monthName.format(new Date(`${month}-15T12:00:00Z`)),
    change: (now: number, before: number) =>
      before > 0 ? `${now >= before ? '+' : '−'}${pct.format(Math.abs((now / before - 1) * 100))} %` : '–',
  };
}
export type ReportFormat = ReturnType<typeof reportFormat>;
