// Errors per load of a release (distinct users who saw it fail per users who loaded it), as the page
// shows it, and whether a canary has had users enough to be judged.
import type { ReleaseModuleView, ReleaseView } from '@helio/contracts';
import { CANARY_MIN_REPORTERS } from '@helio/contracts/limits';

/** The users a canary needs before it is judged: its own minimum, and never fewer than the server's. */
export const judgedFrom = (module: Pick<ReleaseModuleView, 'minLoads'>): number => Math.max(module.minLoads, CANARY_MIN_REPORTERS);

export function errorRate(release: Pick<ReleaseView, 'loads' | 'errors'>): number | null {
  return release.loads === 0 ? null : release.errors / release.loads;
}

/** 'waiting': fewer users than the canary is judged from; 'failing': past its threshold; 'healthy' otherwise. */
export function canaryVerdict(module: Pick<ReleaseModuleView, 'canary' | 'minLoads' | 'maxErrorRate' | 'releases'>) {
  const canary = module.releases.find((r) => r.name === module.canary);
  if (!canary) return null;
  if (canary.loads < judgedFrom(module)) return 'waiting';
  return (errorRate(canary) ?? 0) > module.maxErrorRate ? 'failing' : 'healthy';
}
