// Parsing a gateway's report: anything malformed is rejected with a reason, never thrown. The shape is
// the device contract's ReportedMessage; the shadow's own limits (keys, depth, size) come on top.
import { MAX_REPORT_BYTES, thingNameOfReportedTopic } from '@helio/contracts';
import type { JsonObject } from '../shadows/json';
import { jsonBytes, SHADOW_LIMITS } from '../shadows/shadow-limits';
import { checkStatePatch } from '../shadows/state-patch';
import { reportedMessage } from './payload-checks';

/** Device clocks are trusted within this window; outside it the receive time is used. */
export const MAX_SAMPLE_AGE_MS = 7 * 24 * 3_600_000;
const MAX_SAMPLE_LEAD_MS = 60_000;

export type DropReason = 'oversized' | 'malformed';

export type ParsedReport =
  { ok: true; thingName: string; reported: JsonObject; sampledAt: number } | { ok: false; reason: DropReason; detail: string };

/** Reads `{"state":{"reported":{…}},"timestamp":<epoch ms>}` published on a thing's reported topic. */
export function parseReport(topic: string, payload: Buffer, receivedAt: number): ParsedReport {
  if (payload.length > MAX_REPORT_BYTES) {
    return { ok: false, reason: 'oversized', detail: `${payload.length} bytes (limit ${MAX_REPORT_BYTES})` };
  }
  const thingName = thingNameOfReportedTopic(topic);
  if (!thingName) return { ok: false, reason: 'malformed', detail: `not a reported topic: ${topic}` };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed', detail: 'payload is not JSON' };
  }
  const message = reportedMessage.read(body);
  if (!message.ok) return { ok: false, reason: 'malformed', detail: message.problem };
  const check = checkStatePatch(message.value.state.reported);
  if (!check.ok) return { ok: false, reason: 'malformed', detail: check.message };
  const bytes = jsonBytes(check.patch);
  if (bytes > SHADOW_LIMITS.maxSectionBytes) {
    return { ok: false, reason: 'oversized', detail: `reported document of ${bytes} bytes (limit ${SHADOW_LIMITS.maxSectionBytes})` };
  }
  const stamp = message.value.timestamp;
  const trusted = typeof stamp === 'number' && stamp >= receivedAt - MAX_SAMPLE_AGE_MS && stamp <= receivedAt + MAX_SAMPLE_LEAD_MS;
  return { ok: true, thingName, reported: check.patch, sampledAt: trusted ? stamp : receivedAt };
}
