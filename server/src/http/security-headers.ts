// The browser-side protection of the console, by helmet: on pages and static files a strict
// Content-Security-Policy (scripts only from this origin plus index.html's own inline scripts, by
// hash); on every answer no framing, only the origin as referrer across origins, a browsing context
// group of its own, and HSTS behind HTTPS. helmet knows neither Permissions-Policy nor
// Reporting-Endpoints, so those two are set here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import { cspReportContract } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { createInlineScriptHashes } from './inline-script-hashes';
import { isApiPath } from './static';

/** Where browsers send CSP violation reports (see csp-reports.ts), and its Reporting API name. */
export const CSP_REPORT_PATH = cspReportContract.path;
export const CSP_REPORT_GROUP = 'csp';

/** Powerful features the console never uses: off for it and for anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A directive's value, or a function helmet calls per request for it. */
type CspSource = string | (() => string);
type Hashes = readonly string[];

export interface CspInputs {
  /** `'sha256-…'` of each inline script index.html carries (the theme and the SystemJS bootstrap). */
  inlineScriptHashes: Hashes | (() => Hashes);
  /** Developers' dev servers for import-map-overrides (CSP_DEV_ORIGINS); empty in production. */
  devOrigins: readonly string[];
  https: boolean;
}

/**
 * The policy, directive by directive. Styles: stylesheet files from this origin only (production
 * builds extract every app's CSS to files), no <style> elements, no style attributes; React,
 * Blueprint, xyflow and uPlot set styles through the CSSOM, which CSP does not govern. Only with dev
 * origins listed may <style> elements run, since development builds inject CSS with style-loader.
 */
export function cspDirectives({ inlineScriptHashes, devOrigins, https }: CspInputs): Record<string, CspSource[]> {
  const dev = [...devOrigins];
  const own = (hashes: Hashes) => ["'self'", ...hashes].join(' ');
  const ownScripts: CspSource = typeof inlineScriptHashes === 'function' ? () => own(inlineScriptHashes()) : own(inlineScriptHashes);
  const directives: Record<string, CspSource[]> = {
    'default-src': ["'self'"],
    'script-src': [ownScripts, ...dev],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(dev.length > 0 ? ["'unsafe-inline'", ...dev] : [])],
    'style-src-attr': ["'none'"],
    // data: for Blueprint's inline SVG backgrounds and the empty favicon
    'img-src': ["'self'", 'data:', ...dev],
    'font-src': ["'self'", ...dev],
    // the API, the live stream (server-sent events), translations
    'connect-src': ["'self'", ...dev],
    // the console's service worker (/sw.js) and its web app manifest, both from this origin
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
  };
  // Chromium takes report-to only from a secure (HTTPS) page and then ignores report-uri; over plain
  // HTTP, even on loopback, a report-to would silence every report. So report-to only behind HTTPS,
  // report-uri always (Firefox and Safari use it, and Chromium over HTTP).
  if (https) {
    directives['report-to'] = [CSP_REPORT_GROUP];
    directives['upgrade-insecure-requests'] = [];
  }
  return directives;
}

/**
 * The headers helmet sets for a configuration, worked out once: @fastify/helmet builds every header
 * anew on each request (tens of µs), too much for the API's small answers.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const hashes = createInlineScriptHashes(config.publicDir);
  // Read per request (from a short cache), so a console rebuilt under a running server is served
  // with its own hashes.
  const directives = cspDirectives({
    inlineScriptHashes: () => hashes.current(),
    devOrigins: config.cspDevOrigins,
    https: config.secureCookies,
  });

  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only behind HTTPS (SECURE_COOKIES): over plain HTTP the header is meaningless and a mistake
    // would pin browsers to an HTTPS that does not exist.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
  // API answers are JSON or an event stream, never a document: no policy for documents, and the rest
  // of helmet's headers computed once rather than per request.
  const apiHeaders = helmetHeaders({ ...options, contentSecurityPolicy: false });
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && route.helmet === undefined) route.helmet = false;
  });
  await app.register(fastifyHelmet, options);
  const reportingEndpoints = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== undefined && isApiPath(request.routeOptions.url)) reply.headers(apiHeaders);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (config.secureCookies) reply.header('Reporting-Endpoints', reportingEndpoints);
  });
}
