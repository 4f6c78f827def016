import { LiveHub, shadowEvent } from './live-hub';
import { applyUpdate, emptyShadow } from '../shadows/shadow-doc';

const eventFor = (thingName: string, value: number) =>
  shadowEvent(thingName, applyUpdate(emptyShadow(), 'reported', { ActPwrPve: value }, 1000).doc);

describe('LiveHub', () => {
  it('delivers a thing’s events to its subscribers only', () => {
    const hub = new LiveHub();
    const a: number[] = [];
    const b: number[] = [];
    hub.subscribe(['plant-a'], (e) => a.push(Number(e.state.reported.ActPwrPve)));
    hub.subscribe(['plant-b'], (e) => b.push(Number(e.state.reported.ActPwrPve)));
    hub.publish(eventFor('plant-a', 1));
    hub.publish(eventFor('plant-b', 2));
    expect(a).toEqual([1]);
    expect(b).toEqual([2]);
  });

  it('stops delivering after unsubscribe and forgets empty things', () => {
    const hub = new LiveHub();
    const seen: string[] = [];
    const unsubscribe = hub.subscribe(['x', 'y'], (e) => seen.push(e.thingName));
    expect(hub.listenerCount()).toBe(2);
    unsubscribe();
    hub.publish(eventFor('x', 1));
    expect(seen).toEqual([]);
    expect(hub.listenerCount()).toBe(0);
  });

  it('keeps delivering to others when one listener throws', () => {
    const hub = new LiveHub();
    const seen: string[] = [];
    hub.subscribe(['x'], () => {
      throw new Error('broken stream');
    });
    hub.subscribe(['x'], (e) => seen.push(e.thingName));
    hub.publish(eventFor('x', 1));
    expect(seen).toEqual(['x']);
  });

  it('builds events with the shadow view fields', () => {
    const event = eventFor('x', 5);
    expect(event).toEqual({
      thingName: 'x',
      state: { reported: { ActPwrPve: 5 }, desired: {}, delta: {} },
      metadata: { reported: { ActPwrPve: { timestamp: 1000 } }, desired: {} },
      version: 1,
      timestamp: 1000,
      hasDelta: false,
    });
  });
});
