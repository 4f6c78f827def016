import { DEFAULT_CO2_KG_PER_KWH, loadAnalyticsConfig } from './analytics-config';

describe('analytics configuration', () => {
  it('takes the CO₂ factor and the exchange rate from the environment, with defaults', () => {
    expect(loadAnalyticsConfig({})).toEqual({ co2KgPerKwh: DEFAULT_CO2_KG_PER_KWH, spotArea: 'CZ', eurCzk: 25 });
    expect(loadAnalyticsConfig({ ANALYTICS_CO2_KG_PER_KWH: '0.3', EUR_CZK: '24.5' })).toEqual({
      co2KgPerKwh: 0.3,
      spotArea: 'CZ',
      eurCzk: 24.5,
    });
  });

  it('refuses a factor that is not a plausible number', () => {
    expect(() => loadAnalyticsConfig({ ANALYTICS_CO2_KG_PER_KWH: 'lots' })).toThrow(/ANALYTICS_CO2_KG_PER_KWH/);
    expect(() => loadAnalyticsConfig({ ANALYTICS_CO2_KG_PER_KWH: '-1' })).toThrow(/ANALYTICS_CO2_KG_PER_KWH/);
  });
});
