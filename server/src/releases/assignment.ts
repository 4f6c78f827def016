// Which release of each module a person gets: the stable one, or the canary when their organisation
// is one the canary names or their sticky bucket falls under its share. Signed-out visitors get stable.
import { createHash } from 'node:crypto';

export interface ModuleRollout {
  module: string;
  stable: string;
  canary: string | null;
  /** Per cent, 0–100. */
  share: number;
  tenants: readonly string[];
}

export interface Visitor {
  userId: string;
  tenantId: string;
}

/** A number in [0, 100) fixed for a user and a module, so a canary's audience is stable across loads. */
export function bucketOf(userId: string, module: string): number {
  const digest = createHash('sha256').update(`${userId}\0${module}`).digest();
  return (digest.readUInt32BE(0) / 0x1_0000_0000) * 100;
}

export function getsCanary(rollout: ModuleRollout, visitor: Visitor | null): boolean {
  if (!rollout.canary || !visitor) return false;
  return rollout.tenants.includes(visitor.tenantId) || bucketOf(visitor.userId, rollout.module) < rollout.share;
}

/** Module -> release name for this visitor. */
export function assignReleases(rollouts: readonly ModuleRollout[], visitor: Visitor | null): Map<string, string> {
  return new Map(rollouts.map((r) => [r.module, getsCanary(r, visitor) && r.canary ? r.canary : r.stable]));
}
