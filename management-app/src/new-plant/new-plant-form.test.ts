import { EMPTY_NEW_PLANT, createRequest, newPlantProblems, suggestThingName } from './new-plant-form';

const filled = {
  ...EMPTY_NEW_PLANT,
  name: 'Jihlava – Hala',
  thingName: 'jihlava-hala',
  location: 'Jihlava',
  latitude: '49,4',
  longitude: '15.59',
  pvPeakKw: '12.5',
  batteryKwh: '',
};

describe('the new plant form', () => {
  it('asks for name, thing name, location, coordinates and PV power', () => {
    expect(Object.keys(newPlantProblems(EMPTY_NEW_PLANT)).sort()).toEqual([
      'latitude',
      'location',
      'longitude',
      'name',
      'pvPeakKw',
      'thingName',
    ]);
    expect(newPlantProblems(filled)).toEqual({});
  });

  it('checks the limits and the thing name pattern', () => {
    expect(newPlantProblems({ ...filled, latitude: '95', thingName: 'Jihlava Hala', chargerKw: 'fast', timezone: 'Nowhere' })).toEqual({
      latitude: { problem: 'range', min: -90, max: 90 },
      thingName: { problem: 'thingName' },
      chargerKw: { problem: 'number' },
      timezone: { problem: 'timezone' },
    });
  });

  it('builds the request with numbers and no battery when none is given', () => {
    expect(createRequest(filled)).toEqual({
      name: 'Jihlava – Hala',
      thingName: 'jihlava-hala',
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

  it('suggests a thing name from the plant name', () => {
    expect(suggestThingName('Plzeň – Kancelář 2')).toBe('plzen-kancelar-2');
  });
});
