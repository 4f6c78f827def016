// Forecast figures both the server and the console rely on.
/** A forecast covers this many hours from the hour it is issued in... */
export const FORECAST_HOURS = 48;
/** ...in steps of this many minutes. */
export const FORECAST_STEP_MINUTES = 15;
/** Points of one forecast. */
export const FORECAST_POINTS = (FORECAST_HOURS * 60) / FORECAST_STEP_MINUTES;
/** forecast/accuracy looks back at most this many days. */
export const FORECAST_ACCURACY_MAX_DAYS = 7;
/** forecast/get names this many best hours for flexible loads. */
export const FORECAST_BEST_HOURS = 3;
/** Who made a forecast: the weather service, or the offline model from the plant's own history. */
export const FORECAST_SOURCES = ['weather', 'offline'] as const;
export type ForecastSource = (typeof FORECAST_SOURCES)[number];
/** Why a configured weather service was not used for a forecast. */
export const WEATHER_FAILURES = ['down', 'slow', 'malformed'] as const;
export type WeatherFailure = (typeof WEATHER_FAILURES)[number];
