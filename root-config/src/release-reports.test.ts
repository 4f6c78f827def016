import type { ReleaseReport } from '@helio/contracts';
import { createReleaseReporter } from './release-reports';

function setup(overridden: string[] = []) {
  const sent: ReleaseReport[] = [];
  const timers: Array<() => void> = [];
  const reporter = createReleaseReporter({
    releases: { '@helio/ev-app': '0.1.0-aaaaaaaa', '@helio/fep-app': '0.1.0-bbbbbbbb' },
    isOverridden: (name) => overridden.includes(name),
    send: async (report) => void sent.push(report),
    setTimer: (run) => void timers.push(run),
  });
  const runTimers = () => timers.splice(0).forEach((run) => run());
  return { reporter, sent, runTimers };
}

describe('release reports', () => {
  it('sends nothing while signed out, then every load once per page, with its release', () => {
    const { reporter, sent, runTimers } = setup();
    reporter.loaded('@helio/ev-app');
    reporter.loaded('@helio/ev-app');
    runTimers();
    expect(sent).toEqual([]);
    reporter.signedIn();
    runTimers();
    expect(sent).toEqual([{ loads: [{ module: '@helio/ev-app', release: '0.1.0-aaaaaaaa' }], errors: [] }]);
  });

  it('counts a failure as a load and an error, each once, with the message cut to the contract bound', () => {
    const { reporter, sent, runTimers } = setup();
    reporter.signedIn();
    reporter.failed('@helio/fep-app', new Error('x'.repeat(1000)));
    reporter.failed('@helio/fep-app', new Error('again'));
    runTimers();
    const [report] = sent;
    expect(report?.loads).toEqual([{ module: '@helio/fep-app', release: '0.1.0-bbbbbbbb' }]);
    expect(report?.errors).toHaveLength(1);
    expect(report?.errors[0]?.message).toHaveLength(300);
  });

  it('leaves out modules the page has no release for and modules swapped by an override', () => {
    const { reporter, sent, runTimers } = setup(['@helio/ev-app']);
    reporter.signedIn();
    reporter.loaded('@helio/ev-app');
    reporter.failed('@helio/nav-app', new Error('nav'));
    runTimers();
    // the first report after sign-in goes even empty: it tells the server this browser's session
    expect(sent).toEqual([{ loads: [], errors: [] }]);
    reporter.loaded('@helio/fep-app');
    runTimers();
    expect(sent[1]).toEqual({ loads: [{ module: '@helio/fep-app', release: '0.1.0-bbbbbbbb' }], errors: [] });
  });
});
