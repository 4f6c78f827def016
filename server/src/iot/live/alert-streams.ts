// This replica's open live streams that hear alert news, by user and by organisation: an alert change
// concerns only the users of its organisation (each checked again before it is told), a change of
// read marks only that user's streams.
import type { LiveAlertEvent } from '@helio/contracts';

export interface AlertListener {
  userId: string;
  tenantId: string;
  send(event: LiveAlertEvent): void;
}

export class AlertStreams {
  private readonly byUser = new Map<string, Set<AlertListener>>();
  private readonly usersByTenant = new Map<string, Set<string>>();

  /** Registers a stream; returns the function that removes it. */
  add(listener: AlertListener): () => void {
    let own = this.byUser.get(listener.userId);
    if (!own) this.byUser.set(listener.userId, (own = new Set()));
    own.add(listener);
    let users = this.usersByTenant.get(listener.tenantId);
    if (!users) this.usersByTenant.set(listener.tenantId, (users = new Set()));
    users.add(listener.userId);
    return () => {
      own.delete(listener);
      if (own.size > 0 || this.byUser.get(listener.userId) !== own) return;
      this.byUser.delete(listener.userId);
      users.delete(listener.userId);
      if (users.size === 0 && this.usersByTenant.get(listener.tenantId) === users) this.usersByTenant.delete(listener.tenantId);
    };
  }

  /** The users of the organisation with a stream here. */
  usersOf(tenantId: string): string[] {
    return [...(this.usersByTenant.get(tenantId) ?? [])];
  }

  /** Tells every stream of the user. */
  sendTo(userId: string, event: LiveAlertEvent): void {
    for (const listener of this.byUser.get(userId) ?? []) deliver(listener, event);
  }

  /** Tells every stream. */
  sendAll(event: LiveAlertEvent): void {
    for (const own of this.byUser.values()) for (const listener of own) deliver(listener, event);
  }

  /** Open streams that hear alerts (shows that closed streams were cleaned up). */
  size(): number {
    let total = 0;
    for (const own of this.byUser.values()) total += own.size;
    return total;
  }
}

function deliver(listener: AlertListener, event: LiveAlertEvent): void {
  try {
    listener.send(event);
  } catch {
    // One broken stream must not keep the others from the news.
  }
}
