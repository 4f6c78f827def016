// One configured device as the gateway keeps it: its SunSpec chain found once per connection, its
// facts (model 1), whether it answered, and a back-off after failures (1 s doubling to 60 s), so a
// device that is off does not hold up the others' cycles with its timeouts.
import type { GatewayDeviceHealth } from '@helio/contracts';
import type { DeviceConfig } from '../config';
import { readDevice } from '../drivers/drivers';
import { factsOf, type DeviceFacts, type DeviceReading } from '../drivers/readings';
import { isTransportError, type RegisterIo } from '../sunspec/chain';
import type { ModelLibrary } from '../sunspec/model-defs';
import { SunSpecDevice } from '../sunspec/sunspec-device';

export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_LONGEST_MS = 60_000;
const MAX_ERROR_LENGTH = 300;

export class DeviceSession {
  device: SunSpecDevice | undefined;
  facts: DeviceFacts | undefined;
  answering = false;
  lastAnswerAt: number | undefined;
  lastError: string | undefined;
  private failures = 0;
  private nextTryAt = 0;

  constructor(
    readonly id: string,
    readonly config: DeviceConfig,
    private readonly io: RegisterIo,
    private readonly library: ModelLibrary,
    private readonly now: () => number = Date.now,
  ) {}

  get address(): string {
    return `${this.config.host}:${this.config.port} unit ${this.config.unit}`;
  }

  /** Reads the device; undefined when it did not answer or is backing off. */
  async poll(): Promise<DeviceReading | undefined> {
    if (this.now() < this.nextTryAt) return undefined;
    try {
      if (!this.device) {
        this.device = await SunSpecDevice.discover(this.io, this.library);
        this.facts = factsOf((await this.device.read(1))?.root);
      }
      const reading = await this.read();
      this.failures = 0;
      this.answering = true;
      this.lastAnswerAt = this.now();
      this.lastError = undefined;
      return reading;
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  /** Reads the device again (after a write), without the back-off's bookkeeping. */
  read(): Promise<DeviceReading> {
    if (!this.device) return Promise.reject(new Error(`${this.id} is not connected`));
    return readDevice(this.config.kind, this.device, { invert: this.config.invert });
  }

  health(): GatewayDeviceHealth {
    return {
      id: this.id,
      kind: this.config.kind,
      address: this.address,
      answering: this.answering,
      ...(this.lastAnswerAt !== undefined ? { lastAnswerAt: this.lastAnswerAt } : {}),
      ...(this.lastError !== undefined ? { error: this.lastError.slice(0, MAX_ERROR_LENGTH) } : {}),
    };
  }

  private failed(error: unknown): void {
    this.failures++;
    this.answering = false;
    this.lastError = error instanceof Error ? error.message : String(error);
    this.nextTryAt = this.now() + Math.min(BACKOFF_LONGEST_MS, BACKOFF_FIRST_MS * 2 ** (this.failures - 1));
    // After the link failed the device may be another one (replaced, readdressed): find its chain again.
    if (isTransportError(error) || this.failures > 1) this.device = undefined;
  }
}
