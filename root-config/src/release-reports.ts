// Tells the server which release of each module this page loaded and which failed to load or threw
// while mounting, so a canary is judged by its users' browsers. Each module counts once per page load
// (a failure counts as a load too); a module swapped by import-map-overrides is a developer's code,
// not the release, and is left out. Reports go only while signed in: the signed-out page (sign-in,
// password reset) is everyone's stable release, and an anonymous endpoint could be flooded. The first
// report after sign-in goes even when empty, so the server knows this browser's session for the next
// page load's releases. A page load's modules mostly load together, so they usually share one report.
import type { ReleaseReport } from '@helio/contracts';
import { RELEASE_ERROR_MESSAGE_MAX, RELEASE_REPORT_MAX_ERRORS, RELEASE_REPORT_MAX_LOADS } from '@helio/contracts';

export interface ReleaseReporter {
  loaded(name: string): void;
  failed(name: string, error: unknown): void;
  signedIn(): void;
  signedOut(): void;
}

interface Options {
  /** Module -> release name, as index.html says. */
  releases: Readonly<Record<string, string>>;
  isOverridden: (name: string) => boolean;
  send: (report: ReleaseReport) => Promise<unknown>;
  delayMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, RELEASE_ERROR_MESSAGE_MAX);
}

export function createReleaseReporter({ releases, isOverridden, send, delayMs = 1500, setTimer = setTimeout }: Options): ReleaseReporter {
  const counted = new Set<string>();
  const failedOnce = new Set<string>();
  let loads: ReleaseReport['loads'] = [];
  let errors: ReleaseReport['errors'] = [];
  let signed = false;
  let sentOnce = false;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (!signed || (sentOnce && loads.length === 0 && errors.length === 0)) return;
    const report = { loads: loads.slice(0, RELEASE_REPORT_MAX_LOADS), errors: errors.slice(0, RELEASE_REPORT_MAX_ERRORS) };
    loads = loads.slice(RELEASE_REPORT_MAX_LOADS);
    errors = errors.slice(RELEASE_REPORT_MAX_ERRORS);
    sentOnce = true;
    // A report that cannot be sent is dropped: retrying could turn one failure into a stream of them.
    send(report).catch(() => undefined);
    if (loads.length > 0 || errors.length > 0) schedule();
  };
  const schedule = (ms = delayMs) => {
    if (scheduled) return;
    scheduled = true;
    setTimer(flush, ms);
  };
  const releaseOf = (name: string) => (isOverridden(name) ? undefined : releases[name]);

  return {
    loaded(name) {
      const release = releaseOf(name);
      if (!release || counted.has(name)) return;
      counted.add(name);
      loads.push({ module: name, release });
      schedule();
    },
    failed(name, error) {
      const release = releaseOf(name);
      if (!release || failedOnce.has(name)) return;
      this.loaded(name);
      failedOnce.add(name);
      errors.push({ module: name, release, message: messageOf(error) });
      schedule();
    },
    signedIn() {
      signed = true;
      schedule();
    },
    signedOut() {
      signed = false;
    },
  };
}

/** The releases index.html names, and whether SystemJS resolves a module elsewhere than its import map said. */
export function pageReleases(doc: Document = document): { releases: Record<string, string>; isOverridden: (name: string) => boolean } {
  const read = (selector: string): unknown => {
    try {
      return JSON.parse(doc.querySelector(selector)?.textContent ?? 'null');
    } catch {
      return null;
    }
  };
  const releases = (read('#helio-releases') as Record<string, string> | null) ?? {};
  const map = (read('script[type="systemjs-importmap"]') as { imports?: Record<string, string> } | null)?.imports ?? {};
  const isOverridden = (name: string) => {
    try {
      return System.resolve(name) !== new URL(map[name] ?? '', doc.baseURI).href;
    } catch {
      return true;
    }
  };
  return { releases, isOverridden };
}
