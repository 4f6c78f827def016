// POST /api/csp-reports: where browsers report Content-Security-Policy violations, both the Reporting
// API's batches (report-to, application/reports+json) and the older single reports (report-uri,
// application/csp-report). Public (a violation can happen before sign-in), small and rate-limited per
// client address; reports are counted and summed up in one log line a minute, never one per report.
import fastifyRateLimit from '@fastify/rate-limit';
import { cspReportContract } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';
import { CSP_REPORT_PATH } from './security-headers';

export const CSP_REPORT_BODY_LIMIT = 32 * 1024;
/** Distinct directive/source pairs kept per minute; the rest are counted under "other". */
const MAX_KINDS = 50;

interface LegacyReport {
  'csp-report': { 'effective-directive'?: string; 'violated-directive'?: string; 'blocked-uri'?: string };
}
type ReportingApiBatch = Array<{ type: string; body?: { effectiveDirective?: string; blockedURL?: string } }>;

export interface Violation {
  directive: string;
  blocked: string;
}

/** `https://x.example/a.js?b` -> `https://x.example`; keywords (inline, eval) stay as they are. */
function blockedSource(raw: string | undefined): string {
  if (!raw) return 'inline';
  try {
    const url = new URL(raw);
    return url.origin === 'null' ? url.protocol.replace(/:$/, '') : url.origin;
  } catch {
    return raw.slice(0, 64);
  }
}

export function violationsOf(body: LegacyReport | ReportingApiBatch): Violation[] {
  if (!Array.isArray(body)) {
    const report = body['csp-report'];
    const directive = report['effective-directive'] ?? report['violated-directive']?.split(' ')[0] ?? 'unknown';
    return [{ directive, blocked: blockedSource(report['blocked-uri']) }];
  }
  return body
    .filter((report) => report.type === 'csp-violation')
    .map((report) => ({ directive: report.body?.effectiveDirective ?? 'unknown', blocked: blockedSource(report.body?.blockedURL) }));
}

export interface CspViolationTally {
  record(violations: readonly Violation[]): void;
  /** Violations since start, for tests and health checks. */
  total(): number;
  /** Logs the last interval's count in one line (nothing when there were none) and starts anew. */
  flush(): void;
  stop(): void;
}

export function createCspViolationTally(warn: (line: string) => void, intervalMs = 60_000): CspViolationTally {
  let total = 0;
  let counts = new Map<string, number>();
  const tally: CspViolationTally = {
    record(violations) {
      for (const { directive, blocked } of violations) {
        total += 1;
        const kind = `${directive} ${blocked}`;
        const key = counts.has(kind) || counts.size < MAX_KINDS ? kind : 'other';
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    },
    total: () => total,
    flush() {
      if (counts.size === 0) return;
      const sum = [...counts.values()].reduce((a, b) => a + b, 0);
      const kinds = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ×${n}`);
      counts = new Map();
      warn(`Content-Security-Policy violations reported in the last ${Math.round(intervalMs / 1000)} s: ${sum} (${kinds.join(', ')})`);
    },
    stop: () => clearInterval(timer),
  };
  const timer = setInterval(() => tally.flush(), intervalMs);
  timer.unref();
  return tally;
}

export interface CspReportOptions {
  /** Reports accepted per client address and minute; the rest answer 429. */
  perMinute?: number;
  intervalMs?: number;
}

export async function registerCspReportRoute(app: FastifyInstance, options: CspReportOptions = {}): Promise<CspViolationTally> {
  const tally = createCspViolationTally((line) => app.log.warn(line), options.intervalMs);
  app.addHook('onClose', async () => {
    tally.flush();
    tally.stop();
  });
  // Its own scope: the report media types are JSON only for this route.
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, 'TooManyRequests', `At most ${context.max} reports a minute`, { retryAfterS: Math.ceil(context.ttl / 1000) }),
    });
    scope.addContentTypeParser([...cspReportContract.consumes], { parseAs: 'string' }, (_request, text, done) => {
      try {
        done(null, JSON.parse(String(text)));
      } catch {
        done(new ApiError(400, 'BadRequest', 'The report is not JSON'), undefined);
      }
    });
    scope.post<{ Body: LegacyReport | ReportingApiBatch }>(
      CSP_REPORT_PATH,
      {
        bodyLimit: CSP_REPORT_BODY_LIMIT,
        config: { public: true, rateLimit: { max: options.perMinute ?? 60, timeWindow: 60_000 } },
        schema: { body: cspReportContract.body },
      },
      async (request, reply) => {
        tally.record(violationsOf(request.body));
        return reply.code(204).send();
      },
    );
  });
  return tally;
}
