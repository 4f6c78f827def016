// Errors per load of a release, as the page shows it, and whether a canary has had loads enough to be judged.
import type { ReleaseModuleView, ReleaseView } from '@helio/contracts';

export function errorRate(release: Pick<ReleaseView, 'loads' | 'errors'>): number | null {
  return release.loads === 0 ? null : release.errors / release.loads;
}

/** 'waiting': fewer loads than the canary's minimum; 'failing': past its threshold; 'healthy' otherwise. */
export function canaryVerdict(module: Pick<ReleaseModuleView, 'canary' | 'minLoads' | 'maxErrorRate' | 'releases'>) {
  const canary = module.releases.find((r) => r.name === module.canary);
  if (!canary) return null;
  if (canary.loads < module.minLoads) return 'waiting';
  return (errorRate(canary) ?? 0) > module.maxErrorRate ? 'failing' : 'healthy';
}
