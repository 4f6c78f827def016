// Remote control: a plant's writable settings confirmed by the device (rc/set and the SPEC's
// iot/thing/shadow/desired), the command history, schedules and fleet commands. Routes need device services (the shadows and the broker's gateway statuses).
import type { FastifyInstance } from 'fastify';
import { registerDesiredRoute } from './desired-route';
import { registerRcFleetRoutes } from './fleet-routes';
import { registerRcRoutes, type RcDeps } from './routes';
import { registerRcScheduleRoutes } from './schedule-routes';

import { trackConfirmations } from './command-tracker';
export { startScheduleRunner, type ScheduleRunner } from './schedule-runner';

/** The routes, and the confirmation of commands by the devices' reports for as long as the app runs. */
export async function registerRemoteControl(app: FastifyInstance, deps: RcDeps): Promise<void> {
  const untrack = trackConfirmations(deps.db, deps.devices.shadows, (error) =>
    app.log.error(`rc: confirming a command failed: ${String(error)}`),
  );
  app.addHook('onClose', async () => untrack());
  await registerRcRoutes(app, deps);
  await registerDesiredRoute(app, deps);
  await registerRcScheduleRoutes(app, deps);
  await registerRcFleetRoutes(app, deps);
}
