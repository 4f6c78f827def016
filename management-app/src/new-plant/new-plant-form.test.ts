import { EMPTY_NEW_PLANT, createRequest, newPlantProblems } from './new-plant-form';

const filled = {
  ...EMPTY_NEW_PLANT,
  name: 'Jihlava – Hala',
  location: 'Jihlava',
  latitude: '49,4',
  longitude: '15.59',
  pvPeakKw: '12.5',
  batteryKwh: '',
};

describe('the new plant form', () => {
  it('asks for name, location, coordinates and PV power, and no thing name (the server issues it)', () => {
    expect(Object.keys(newPlantProblems(EMPTY_NEW_PLANT)).sort()).toEqual(['latitude', 'location', 'longitude', 'name', 'pvPeakKw']);
    expect(newPlantProblems(filled)).toEqual({});
  });

  it('checks the limits', () => {
    expect(newPlantProblems({ ...filled, latitude: '95', chargerKw: 'fast', timezone: 'Nowhere' })).toEqual({
      latitude: { problem: 'range', min: -90, max: 90 },
      chargerKw: { problem: 'number' },
      timezone: { problem: 'timezone' },
    });
  });

  it('builds the request with numbers and no battery when none is given', () => {
    expect(createRequest(filled)).toEqual({
      name: 'Jihlava – Hala',
      location: 'Jihlava',
      address: '',
      timezone: 'Europe/Prague',
      latitude: 49.4,
      longitude: 15.59,
      pvPeakKw: 12.5,
      batteryKwh: null,
      chargerKw: null,
    });
  });
});
