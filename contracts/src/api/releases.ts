// Releases of the console's modules (releases/*): each module's stable and canary release, the canary's
// audience and judgement, error rates per release, and what browsers report about loading modules.
import { Type, type Static } from '@sinclair/typebox';
import {
  CANARY_MIN_LOADS_LIMITS,
  CANARY_ORGANISATIONS_MAX,
  CANARY_SHARE_MAX,
  RELEASE_ERROR_MESSAGE_MAX,
  RELEASE_MODULE_PATTERN,
  RELEASE_NAME_PATTERN,
  RELEASE_REPORT_MAX_ERRORS,
  RELEASE_REPORT_MAX_LOADS,
} from '../limits/releases';
import { Dictionary, endpoint, Id, NoBody, Nullable, type EndpointTypes, access, SIGNED_IN } from './common';

const ModuleName = Type.String({ pattern: RELEASE_MODULE_PATTERN, maxLength: 50, examples: ['@helio/ev-app'] });
const ReleaseName = Type.String({ pattern: RELEASE_NAME_PATTERN, maxLength: 64, examples: ['0.1.0-1a2b3c4d'] });

export const ReleaseView = Type.Object({
  name: Type.String(),
  version: Type.String(),
  /** 'build': the output of `npm run build`; 'cli': registered with `npm run release`. */
  source: Type.String(),
  createdAt: Type.String(),
  createdBy: Nullable(Type.String()),
  loads: Type.Integer(),
  errors: Type.Integer(),
  lastError: Nullable(Type.String()),
});
export type ReleaseView = Static<typeof ReleaseView>;

export const AutoRollbackView = Type.Object({
  at: Type.String(),
  release: Type.String(),
  loads: Type.Integer(),
  errors: Type.Integer(),
});

export const ReleaseModuleView = Type.Object({
  module: Type.String(),
  stable: Type.String(),
  canary: Nullable(Type.String()),
  /** Per cent of users (sticky by user) that get the canary, besides its organisations. */
  share: Type.Integer(),
  organisations: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  minLoads: Type.Integer(),
  maxErrorRate: Type.Number(),
  /** The release a rollback of the stable one returns to. */
  previousStable: Nullable(Type.String()),
  autoRollback: Nullable(AutoRollbackView),
  updatedAt: Type.String(),
  updatedBy: Nullable(Type.String()),
  releases: Type.Array(ReleaseView),
});
export type ReleaseModuleView = Static<typeof ReleaseModuleView>;

export const ReleaseHistoryEntry = Type.Object({
  at: Type.String(),
  action: Type.String(),
  /** null: the server itself (an automatic rollback). */
  actor: Nullable(Type.String()),
  module: Type.String(),
  details: Dictionary(Type.Unknown()),
});

const ModuleRequest = Type.Object({ module: ModuleName }, { additionalProperties: false });

export const CanaryRequest = Type.Object(
  {
    module: ModuleName,
    release: ReleaseName,
    share: Type.Integer({ minimum: 0, maximum: CANARY_SHARE_MAX }),
    organisations: Type.Array(Id, { maxItems: CANARY_ORGANISATIONS_MAX, uniqueItems: true }),
    minLoads: Type.Optional(Type.Integer(CANARY_MIN_LOADS_LIMITS)),
    maxErrorRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
export type CanaryRequest = Static<typeof CanaryRequest>;

const LoadedRelease = Type.Object({ module: ModuleName, release: ReleaseName }, { additionalProperties: false });
const FailedRelease = Type.Object(
  { module: ModuleName, release: ReleaseName, message: Type.String({ maxLength: RELEASE_ERROR_MESSAGE_MAX }) },
  { additionalProperties: false },
);

export const ReleaseReport = Type.Object(
  {
    loads: Type.Array(LoadedRelease, { maxItems: RELEASE_REPORT_MAX_LOADS }),
    errors: Type.Array(FailedRelease, { maxItems: RELEASE_REPORT_MAX_ERRORS }),
  },
  { additionalProperties: false },
);
export type ReleaseReport = Static<typeof ReleaseReport>;

export const releaseEndpoints = {
  'releases/list': endpoint(
    NoBody,
    Type.Object({
      modules: Type.Array(ReleaseModuleView),
      organisations: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
      history: Type.Array(ReleaseHistoryEntry),
    }),
    access('releases:manage'),
  ),
  'releases/canary': endpoint(CanaryRequest, ReleaseModuleView, access('releases:manage')),
  'releases/promote': endpoint(ModuleRequest, ReleaseModuleView, access('releases:manage')),
  'releases/rollback': endpoint(ModuleRequest, ReleaseModuleView, access('releases:manage')),
  /** Counted only for the releases the caller is served: nobody can judge a release they do not get. */
  'releases/report': endpoint(ReleaseReport, Type.Object({ counted: Type.Integer() }), access(SIGNED_IN)),
};
export type ReleaseEndpoints = EndpointTypes<typeof releaseEndpoints>;
