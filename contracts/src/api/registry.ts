// Every JSON endpoint of the API in one object, keyed by its path under /api/: the server registers a
// route for each key (its schemas and access from here), the browser's apiPost is typed by it. An
// endpoint is added in its domain's group and that group is listed here once.
import { analyticsEndpoints } from './analytics';
import { auditEndpoints } from './audit';
import type { EndpointTypes } from './common';
import { deviceEndpoints } from './iot';
import { evEndpoints } from './ev';
import { ocppEndpoints } from './ocpp';
import { fleetEndpoints } from './fleet';
import { forecastEndpoints } from './forecast';
import { iamEndpoints } from './iam';
import { identityEndpoints } from './auth';
import { integrationEndpoints } from './integrations';
import { notificationEndpoints } from './notifications';
import { plantAccessEndpoints } from './plant-access';
import { pushEndpoints } from './push';
import { plantDeviceEndpoints } from './device';
import { plantEndpoints } from './plants';
import { rcEndpoints } from './rc';
import { releaseEndpoints } from './releases';
import { reportEndpoints } from './reports';
import { seriesEndpoints } from './series';
import { spotEndpoints } from './spot';
import { tagEndpoints } from './tags';
import { userEndpoints } from './users';

export const api = {
  ...identityEndpoints,
  ...userEndpoints,
  ...iamEndpoints,
  ...auditEndpoints,
  ...plantEndpoints,
  ...plantAccessEndpoints,
  ...plantDeviceEndpoints,
  ...tagEndpoints,
  ...fleetEndpoints,
  ...deviceEndpoints,
  ...seriesEndpoints,
  ...spotEndpoints,
  ...notificationEndpoints,
  ...pushEndpoints,
  ...forecastEndpoints,
  ...rcEndpoints,
  ...analyticsEndpoints,
  ...integrationEndpoints,
  ...evEndpoints,
  ...ocppEndpoints,
  ...releaseEndpoints,
  ...reportEndpoints,
};

/** A JSON endpoint's path under /api/. */
export type ApiPath = keyof typeof api;
/** path -> { request, response } of every JSON endpoint. */
export type ApiTypes = EndpointTypes<typeof api>;
