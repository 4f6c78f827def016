// Gateways' connection state as the broker tells it: the retained status each gateway publishes when
// it connects, or its last will when the connection is lost. Kept in memory: the broker redelivers
// the retained statuses whenever the server (re)subscribes. Every replica subscribes to them plainly
// (not shared), so each one knows every gateway's connection.
import { thingNameOfStatusTopic, type GatewayHealth } from '@helio/contracts';
import { statusMessage } from './payload-checks';

export interface GatewayConnection {
  connected: boolean;
  /** Epoch ms the gateway connected (connected) or the server heard it left (not connected). */
  since: number;
  /** The gateway's own word on its devices and outbox (the Helio gateway sends it); kept after it leaves. */
  health?: GatewayHealth;
}

/** A status is `{"online":…,"since":…,"health":…}` (a health of at most 32 devices): anything longer is not one. */
export const MAX_STATUS_BYTES = 16 * 1024;

/** The broker's word on every gateway, as the registry and the fleet lists read it. */
export interface GatewayConnectionsView {
  connectionOf(thingName: string): GatewayConnection | undefined;
  /** The gateways the broker last said are disconnected: offline whatever they reported last. */
  disconnected(): readonly string[];
}

export class GatewayConnections {
  private readonly byThing = new Map<string, GatewayConnection>();
  private readonly gone = new Set<string>();

  /** Takes a status message; answers false when the topic or payload is not one. */
  receive(topic: string, payload: Buffer, receivedAt: number): boolean {
    const thingName = thingNameOfStatusTopic(topic);
    if (!thingName) return false;
    if (payload.length === 0) {
      this.byThing.delete(thingName); // a cleared retained status: nothing known
      this.gone.delete(thingName);
      return true;
    }
    if (payload.length > MAX_STATUS_BYTES) return false;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return false;
    }
    const status = statusMessage.read(body);
    if (!status.ok) return false;
    const { online, since } = status.value;
    // The last will carries no health: the last one heard stays, for what it said before the gateway left.
    const health = status.value.health ?? this.byThing.get(thingName)?.health;
    this.byThing.set(thingName, {
      connected: online,
      since: since !== undefined && since <= receivedAt ? since : receivedAt,
      ...(health ? { health } : {}),
    });
    if (online) this.gone.delete(thingName);
    else this.gone.add(thingName);
    return true;
  }

  get(thingName: string): GatewayConnection | undefined {
    return this.byThing.get(thingName);
  }

  disconnected(): string[] {
    return [...this.gone];
  }
}
