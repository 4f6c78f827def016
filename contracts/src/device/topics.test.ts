import { deltaTopic, reportedTopic, statusTopic, thingNameOfReportedTopic, thingNameOfStatusTopic } from './topics';

describe('topics', () => {
  it('name a thing’s reported and delta topics', () => {
    expect(reportedTopic('plant-1')).toBe('helio/things/plant-1/shadow/reported');
    expect(deltaTopic('plant-1')).toBe('helio/things/plant-1/shadow/delta');
  });

  it('read the thing name back from a reported topic and reject other topics', () => {
    expect(thingNameOfReportedTopic('helio/things/plant-1/shadow/reported')).toBe('plant-1');
    expect(thingNameOfReportedTopic('helio/things/plant-1/shadow/delta')).toBeUndefined();
    expect(thingNameOfReportedTopic('helio/things//shadow/reported')).toBeUndefined();
    expect(thingNameOfReportedTopic('other/things/p/shadow/reported')).toBeUndefined();
    expect(thingNameOfReportedTopic('helio/things/a/b/shadow/reported')).toBeUndefined();
  });

  it('name a thing’s status topic and read the thing name back from it', () => {
    expect(statusTopic('plant-1')).toBe('helio/things/plant-1/status');
    expect(thingNameOfStatusTopic('helio/things/plant-1/status')).toBe('plant-1');
    expect(thingNameOfStatusTopic('helio/things/plant-1/shadow/reported')).toBeUndefined();
    expect(thingNameOfStatusTopic('helio/things//status')).toBeUndefined();
  });
});
