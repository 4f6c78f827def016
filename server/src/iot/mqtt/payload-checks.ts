// The device contract's payload schemas, compiled once: what the server receives on the device topics
// is checked against the same shapes a gateway's maker reads in the contract. Compiled code runs on the
// server only (the browser's CSP allows no eval, and browsers never check payloads).
import { ReportedMessage, StatusMessage } from '@helio/contracts';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

export interface PayloadCheck<T> {
  /** The value as T, or the first thing wrong with it (`/path: message`). */
  read(value: unknown): { ok: true; value: T } | { ok: false; problem: string };
}

function compiled<T>(schema: TSchema): PayloadCheck<T> {
  const check = TypeCompiler.Compile(schema);
  return {
    read(value) {
      if (check.Check(value)) return { ok: true, value: value as T };
      const first = check.Errors(value).First();
      return { ok: false, problem: first ? `${first.path || '/'}: ${first.message}` : 'does not match the contract' };
    },
  };
}

export const reportedMessage = compiled<ReportedMessage>(ReportedMessage);
export const statusMessage = compiled<StatusMessage>(StatusMessage);
