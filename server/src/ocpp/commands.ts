// What the central system tells a charger, as a service other code calls: every call is recorded
// first (pending), sent by the replica holding the charger's socket, and settled by the charger's
// answer: accepted, rejected (the answer's status says no), failed (a CALLERROR, or the connection
// went while it waited) or timed out. A call recorded on a replica that does not hold the socket
// reaches the one that does over the cluster bus; one that no replica sends (the charger is offline)
// times out like one the charger never answers. Like /rc's command history, the rows stay.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { TimeoutError, type RPCClient } from 'ocpp-rpc';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import type { OutboundAction, OutboundCalls } from './messages';
import { ocppDb, type ChargerCommandState, type ChargerCommandTable } from './tables';

/** How long the charger has to answer a call (OCPP leaves it to the central system; 30 s is usual). */
export const COMMAND_TIMEOUT_MS = 30_000;

export interface CommandOrigin {
  source: ChargerCommandTable['source'];
  user?: { id: string; email: string };
}

export interface ChargerCommand {
  id: string;
  chargerId: string;
  action: string;
  payload: unknown;
  state: ChargerCommandState;
  answerStatus: string | null;
  answer: unknown;
  source: ChargerCommandTable['source'];
  userEmail: string | null;
  sentAt: string;
  answeredAt: string | null;
  answerMs: number | null;
}

export function commandView(row: ChargerCommandTable): ChargerCommand {
  return {
    id: row.id,
    chargerId: row.charger_id,
    action: row.action,
    payload: JSON.parse(row.payload) as unknown,
    state: row.state,
    answerStatus: row.answer_status,
    answer: row.answer === null ? null : (JSON.parse(row.answer) as unknown),
    source: row.source,
    userEmail: row.user_email,
    sentAt: row.sent_at,
    answeredAt: row.answered_at,
    answerMs: row.answer_ms === null ? null : Number(row.answer_ms),
  };
}

/** An answer's verdict: Accepted and Scheduled are yes; Rejected, NotSupported, Unknown, NotImplemented no. */
export function answerState(answer: unknown): { state: ChargerCommandState; status: string | null } {
  const status =
    typeof answer === 'object' && answer !== null && 'status' in answer ? String((answer as { status: unknown }).status) : null;
  if (status === null) return { state: 'accepted', status };
  return { state: status === 'Accepted' || status === 'Scheduled' ? 'accepted' : 'rejected', status };
}

export interface ChargerCommandsOptions {
  db: Kysely<Database>;
  bus: ClusterBus;
  /** This replica's socket of the charger, if it holds it. */
  socketOf(chargerId: string): RPCClient | undefined;
  timeoutMs?: number;
  onError?(error: unknown): void;
}

export class ChargerCommands {
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly opts: ChargerCommandsOptions) {
    this.unsubscribe = [
      opts.bus.subscribe('ocpp-command', ({ commandId, chargerId }, origin) => {
        if (origin === 'remote') this.sendIfHere(chargerId, commandId);
      }),
      opts.bus.subscribe('ocpp-command-settled', ({ commandId }) => this.wake(commandId)),
    ];
  }

  private get timeoutMs(): number {
    return this.opts.timeoutMs ?? COMMAND_TIMEOUT_MS;
  }

  /** Records the call (pending) and has it sent; answers the pending row at once. */
  async send<A extends OutboundAction>(
    chargerId: string,
    action: A,
    payload: OutboundCalls[A],
    origin: CommandOrigin,
  ): Promise<ChargerCommand> {
    const row: ChargerCommandTable = {
      id: randomUUID(),
      charger_id: chargerId,
      action,
      payload: JSON.stringify(payload),
      state: 'pending',
      answer_status: null,
      answer: null,
      source: origin.source,
      user_id: origin.user?.id ?? null,
      user_email: origin.user?.email ?? null,
      sent_at: new Date().toISOString(),
      answered_at: null,
      answer_ms: null,
    };
    await ocppDb(this.opts.db).insertInto('charger_commands').values(row).execute();
    // Whoever sends it, a call nobody answers in time is timed out here (a no-op once settled).
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.settle(row.id, { state: 'timed_out', status: null, answer: null }).catch((error: unknown) => this.opts.onError?.(error));
    }, this.timeoutMs + 1000);
    timer.unref();
    this.timers.add(timer);
    if (this.opts.socketOf(chargerId)) this.sendIfHere(chargerId, row.id);
    else this.opts.bus.publish('ocpp-command', { commandId: row.id, chargerId });
    return commandView(row);
  }

  /** Sends and waits until the call is settled (answered, refused, failed or timed out). */
  async sendAndWait<A extends OutboundAction>(
    chargerId: string,
    action: A,
    payload: OutboundCalls[A],
    origin: CommandOrigin,
  ): Promise<ChargerCommand> {
    const pending = await this.send(chargerId, action, payload, origin);
    return this.settled(pending.id);
  }

  /** The call once it is no longer pending. */
  async settled(commandId: string): Promise<ChargerCommand> {
    for (;;) {
      const woken = new Promise<void>((resolve) => {
        let set = this.waiting.get(commandId);
        if (!set) this.waiting.set(commandId, (set = new Set()));
        set.add(resolve);
      });
      const row = await this.read(commandId);
      if (!row) throw new Error(`no command ${commandId}`);
      if (row.state !== 'pending') {
        this.waiting.delete(commandId);
        return commandView(row);
      }
      await woken;
    }
  }

  async read(commandId: string): Promise<ChargerCommandTable | undefined> {
    return ocppDb(this.opts.db).selectFrom('charger_commands').selectAll().where('id', '=', commandId).executeTakeFirst();
  }

  /** A charger's calls, newest first. */
  async list(chargerId: string, limit = 100): Promise<ChargerCommand[]> {
    const rows = await ocppDb(this.opts.db)
      .selectFrom('charger_commands')
      .selectAll()
      .where('charger_id', '=', chargerId)
      .orderBy('sent_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(commandView);
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private sendIfHere(chargerId: string, commandId: string): void {
    const socket = this.opts.socketOf(chargerId);
    if (!socket) return;
    this.dispatch(socket, commandId).catch((error: unknown) => this.opts.onError?.(error));
  }

  private async dispatch(socket: RPCClient, commandId: string): Promise<void> {
    const row = await this.read(commandId);
    if (!row || row.state !== 'pending') return;
    let outcome: { state: ChargerCommandState; status: string | null; answer: unknown };
    try {
      const answer = await socket.call(row.action, JSON.parse(row.payload) as unknown, { callTimeoutMs: this.timeoutMs });
      outcome = { ...answerState(answer), answer };
    } catch (error) {
      outcome = failureOf(error);
    }
    await this.settle(commandId, outcome);
  }

  private async settle(commandId: string, outcome: { state: ChargerCommandState; status: string | null; answer: unknown }): Promise<void> {
    const now = Date.now();
    const row = await this.read(commandId);
    if (!row || row.state !== 'pending') return;
    const result = await ocppDb(this.opts.db)
      .updateTable('charger_commands')
      .set({
        state: outcome.state,
        answer_status: outcome.status,
        answer: outcome.answer === null ? null : JSON.stringify(outcome.answer),
        answered_at: new Date(now).toISOString(),
        answer_ms: Math.max(0, now - Date.parse(row.sent_at)),
      })
      .where('id', '=', commandId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) this.opts.bus.publish('ocpp-command-settled', { commandId });
  }

  private wake(commandId: string): void {
    const set = this.waiting.get(commandId);
    if (!set) return;
    this.waiting.delete(commandId);
    for (const resolve of set) resolve();
  }
}

/** A call that got no answer: a CALLERROR (its code), a timeout, or the connection lost meanwhile. */
function failureOf(error: unknown): { state: ChargerCommandState; status: string | null; answer: unknown } {
  if (error instanceof TimeoutError) return { state: 'timed_out', status: null, answer: null };
  const e = error as { rpcErrorCode?: string; message?: string };
  if (typeof e.rpcErrorCode === 'string') return { state: 'failed', status: e.rpcErrorCode, answer: e.message ?? null };
  return { state: 'failed', status: 'ConnectionLost', answer: e.message ?? null };
}
