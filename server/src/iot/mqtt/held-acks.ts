// A report is acknowledged to the broker (PUBACK) once it is stored, not when it arrives: a server
// killed between the two leaves the report unacknowledged in its broker session, and the broker
// sends it again when the server returns, so nothing acknowledged is ever lost. mqtt.js sends a
// PUBACK as soon as the message handler returns and reads the next packet only after that; waiting
// there would store one report at a time. So the PUBACK mqtt.js is about to send is held back here,
// mqtt.js goes on reading, and the PUBACK goes out when its report's work settles, on the same
// connection only: after a reconnect the broker sends every unacknowledged report again (the same
// report stored twice adds nothing: samples are keyed by time).
import type { MqttClient } from 'mqtt';

/** What a report's work tells: acknowledge it (stored, or dropped for good), or leave it to be sent again. */
export type Acknowledge = boolean;

interface AckPacket {
  cmd: string;
  messageId?: number;
}
type SendPacket = (packet: AckPacket, cb?: (error?: Error) => void, ...rest: unknown[]) => void;

export class HeldAcks {
  private readonly waiting = new Map<number, Promise<Acknowledge>>();
  /** Counts connections: a PUBACK belongs to the connection its report came on. */
  private connection = 0;
  private held = 0;

  constructor(private readonly client: MqttClient) {
    // _sendPacket is mqtt.js's one way out for packets; it has no public hook for a deferred PUBACK.
    const internals = client as unknown as { _sendPacket: SendPacket };
    const send = internals._sendPacket.bind(client);
    internals._sendPacket = (packet, cb, ...rest) => {
      const work = packet.cmd === 'puback' && packet.messageId !== undefined ? this.waiting.get(packet.messageId) : undefined;
      if (work === undefined) {
        send(packet, cb, ...rest);
        return;
      }
      this.waiting.delete(packet.messageId!);
      const connection = this.connection;
      this.held++;
      cb?.(); // mqtt.js reads the next packet meanwhile
      void work.then(
        (acknowledge) => {
          this.held--;
          if (acknowledge && connection === this.connection && client.connected) send(packet, undefined, ...rest);
        },
        () => this.held--,
      );
    };
    client.on('close', () => {
      this.connection++;
      this.waiting.clear();
    });
  }

  /** The PUBACK of message `messageId` (QoS 1) waits for `work`. */
  hold(messageId: number | undefined, work: Promise<Acknowledge>): void {
    if (messageId !== undefined) this.waiting.set(messageId, work);
  }

  /** PUBACKs held back now, waiting for their reports to be stored. */
  pending(): number {
    return this.held;
  }
}
