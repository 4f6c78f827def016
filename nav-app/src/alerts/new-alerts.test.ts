import { alertOpened, detectNewAlerts, INITIAL_WATCH } from './new-alerts';

const alert = (id: string) => ({ id });

describe('detecting new open alerts', () => {
  it('treats the first answer as the baseline, not as news', () => {
    const { fresh, watch } = detectNewAlerts(INITIAL_WATCH, [alert('a'), alert('b')]);
    expect(fresh).toEqual([]);
    expect([...watch.seen].sort()).toEqual(['a', 'b']);
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

describe('an alert the live stream says opened', () => {
  it('is news at once, even before the poll has answered', () => {
    const { watch, fresh } = alertOpened(INITIAL_WATCH, alert('a'));
    expect(fresh).toEqual([alert('a')]);
    // the poll's first answer is still only the baseline, and it already knows this one
    expect(detectNewAlerts(watch, [alert('a'), alert('b')]).fresh).toEqual([]);
  });

  it('is not news twice: not when the poll shows it afterwards, nor when the stream says it again', () => {
    const baseline = detectNewAlerts(INITIAL_WATCH, []).watch;
    const told = alertOpened(baseline, alert('c'));
    expect(told.fresh).toEqual([alert('c')]);
    expect(detectNewAlerts(told.watch, [alert('c')]).fresh).toEqual([]);
    expect(alertOpened(told.watch, alert('c')).fresh).toEqual([]);
  });

  it('is not news when the poll showed it first', () => {
    const polled = detectNewAlerts(detectNewAlerts(INITIAL_WATCH, []).watch, [alert('d')]);
    expect(polled.fresh).toEqual([alert('d')]);
    expect(alertOpened(polled.watch, alert('d')).fresh).toEqual([]);
  });
});
