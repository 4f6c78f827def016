import { detectNewAlerts, INITIAL_WATCH } from './new-alerts';

const alert = (id: string) => ({ id });

describe('detecting new open alerts', () => {
  it('treats the first answer as the baseline, not as news', () => {
    const { fresh, watch } = detectNewAlerts(INITIAL_WATCH, [alert('a'), alert('b')]);
    expect(fresh).toEqual([]);
    expect([...(watch.seen ?? [])].sort()).toEqual(['a', 'b']);
  });

  it('reports an alert that appeared since the last poll exactly once', () => {
    const first = detectNewAlerts(INITIAL_WATCH, [alert('a')]);
    const second = detectNewAlerts(first.watch, [alert('c'), alert('a')]);
    expect(second.fresh).toEqual([alert('c')]);
    const third = detectNewAlerts(second.watch, [alert('c'), alert('a')]);
    expect(third.fresh).toEqual([]);
  });

  it('does not announce an alert again when it drops off the page and comes back', () => {
    const first = detectNewAlerts(INITIAL_WATCH, [alert('a')]);
    const gone = detectNewAlerts(first.watch, []);
    expect(detectNewAlerts(gone.watch, [alert('a')]).fresh).toEqual([]);
  });
});
