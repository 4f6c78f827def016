// The cluster bus: what one server replica tells every other one, so their open live streams follow
// changes made elsewhere. Messages are small (ids and versions); a replica reads what it needs. Every
// message also reaches this replica's own listeners at once, marked local, so a listener that already
// acted on the event where it happened can skip it.
//
// Two implementations behind one interface, chosen with the database: on SQLite (one process) the bus
// is in-process; on PostgreSQL it is LISTEN/NOTIFY (pg-bus.ts).
import type { AccessEnded } from '../auth/access-ended';
import type { AlertChange } from '../notifications/alert-news';

export interface ClusterMessages {
  /**
   * A shadow was stored (a report or a desired write), at this version and document timestamp (a
   * report that changes no value keeps the version but not the timestamps).
   */
  shadow: { thingName: string; version: number; timestamp: number };
  /** A user or one session lost access (signed out, session revoked, user disabled or deleted). */
  'access-ended': AccessEnded;
  /** A user lost access to one plant. */
  'plant-access-revoked': { userId: string; plantId: string };
  /** An alert opened or ended (told by the replica whose alert engine changed it). */
  alert: AlertChange;
  /** A user's read marks of alerts changed. */
  'alerts-read': { userId: string };
  /** An OCPP charger connected here: a replica holding an older connection of it closes that one. */
  'ocpp-connected': { chargerId: string; connectionId: string; since: number };
  /** A call for an OCPP charger was recorded: the replica holding its socket sends it (ocpp/commands.ts). */
  'ocpp-command': { commandId: string; chargerId: string };
  /** An OCPP charger was removed or got a new password: the replica holding its socket closes it. */
  'ocpp-disconnect': { chargerId: string; reason: 'removed' | 'password-changed' };
  /** The charger answered a call (or it timed out): whoever waits for it reads the row. */
  'ocpp-command-settled': { commandId: string };
  /** An OCPP charger's settings changed: the replica holding its socket runs its charging control now. */
  'ocpp-settings-changed': { chargerId: string };
}

export type ClusterTopic = keyof ClusterMessages;

/** `local`: published by this replica; `remote`: by another one. */
export type MessageOrigin = 'local' | 'remote';

export type ClusterListener<T extends ClusterTopic> = (message: ClusterMessages[T], origin: MessageOrigin) => void;

export interface ClusterBus {
  readonly kind: 'in-process' | 'postgres';
  /** Tells this replica's listeners now and every other replica as soon as the database passes it on. */
  publish<T extends ClusterTopic>(topic: T, message: ClusterMessages[T]): void;
  subscribe<T extends ClusterTopic>(topic: T, listener: ClusterListener<T>): () => void;
  /**
   * Called after the bus lost its connection and has it back: messages of the gap are gone, so what
   * depends on them reads the current state again.
   */
  onResync(listener: () => void): () => void;
  /**
   * The same number for as long as every replica's messages reach this one; undefined while they do
   * not (a PostgreSQL bus whose listening connection is down, or an in-process bus over a database
   * other processes may write). What the bus keeps fresh in memory may be trusted only while this
   * answers what it answered when that memory was read from the database.
   */
  hearing(): number | undefined;
  /** How many listeners this replica holds, of a topic or of resyncs (shows that closed streams let go). */
  listenerCount(topic: ClusterTopic | 'resync'): number;
  close(): Promise<void>;
}

/** Listener sets per topic; both buses deliver through it. */
export class ClusterListeners {
  private readonly byTopic = new Map<ClusterTopic, Set<ClusterListener<never>>>();
  private readonly resync = new Set<() => void>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  add<T extends ClusterTopic>(topic: T, listener: ClusterListener<T>): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener as ClusterListener<never>);
    return () => set.delete(listener as ClusterListener<never>);
  }

  deliver<T extends ClusterTopic>(topic: T, message: ClusterMessages[T], origin: MessageOrigin): void {
    for (const listener of this.byTopic.get(topic) ?? []) {
      try {
        (listener as ClusterListener<T>)(message, origin);
      } catch (error) {
        // one failing listener must not keep the others (other streams) from the message
        this.onListenerError(error);
      }
    }
  }

  addResync(listener: () => void): () => void {
    this.resync.add(listener);
    return () => this.resync.delete(listener);
  }

  count(topic: ClusterTopic | 'resync'): number {
    return topic === 'resync' ? this.resync.size : (this.byTopic.get(topic)?.size ?? 0);
  }

  deliverResync(): void {
    for (const listener of this.resync) {
      try {
        listener();
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}

/** The single-process bus (SQLite): every message is local. */
export class InProcessBus implements ClusterBus {
  readonly kind = 'in-process' as const;
  private readonly listeners: ClusterListeners;

  /**
   * `alone`: nothing but this process writes the database (SQLite), so it hears every change there is;
   * a PostgreSQL database without a bus of its own may have other writers it never hears.
   */
  constructor(
    onListenerError?: (error: unknown) => void,
    private readonly alone = false,
  ) {
    this.listeners = new ClusterListeners(onListenerError);
  }

  hearing(): number | undefined {
    return this.alone ? 0 : undefined;
  }

  publish<T extends ClusterTopic>(topic: T, message: ClusterMessages[T]): void {
    this.listeners.deliver(topic, message, 'local');
  }

  subscribe<T extends ClusterTopic>(topic: T, listener: ClusterListener<T>): () => void {
    return this.listeners.add(topic, listener);
  }

  onResync(listener: () => void): () => void {
    return this.listeners.addResync(listener);
  }

  listenerCount(topic: ClusterTopic | 'resync'): number {
    return this.listeners.count(topic);
  }

  async close(): Promise<void> {}
}
