// Gathers work into batches, at most `atOnce` of them running: what arrives while they run waits and
// goes together in the next one. Under light load an item goes alone at the next turn of the event
// loop (or after `lingerMs`); under heavy load batches grow to `maxSize`, and so does the work each
// round trip does.
export interface BatchOptions {
  maxSize: number;
  atOnce: number;
  /**
   * How long the first item waiting may wait for others before a batch that is not full starts (0: at
   * the next turn of the event loop). A fast database otherwise takes the items in batches of a few,
   * as fast as they come, and pays each statement's fixed cost for a few items (Kafka's linger.ms).
   */
  lingerMs?: number;
}

interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
  /** performance.now() when it arrived. */
  since: number;
}

export class Batches<I, R> {
  private waiting: Waiting<I, R>[] = [];
  private running = 0;
  private scheduled = false;

  /** `run` answers one result per item, in order; if it throws, every item of its batch fails. */
  constructor(
    private readonly run: (items: I[]) => Promise<R[]>,
    private readonly opts: BatchOptions,
  ) {}

  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject, since: performance.now() });
      // a full batch need not wait out the linger
      if (this.lingering && this.waiting.length >= this.opts.maxSize) {
        clearTimeout(this.lingering);
        this.lingering = undefined;
        this.scheduled = false;
      }
      this.schedule();
    });
  }

  private lingering: NodeJS.Timeout | undefined;

  /**
   * At the next turn of the event loop, so items arriving together (one socket read) go together; a
   * batch that would not be full waits until its first item has lingered `lingerMs`.
   */
  private schedule(): void {
    if (this.scheduled || this.running >= this.opts.atOnce || this.waiting.length === 0) return;
    this.scheduled = true;
    const linger = this.waiting.length >= this.opts.maxSize ? 0 : this.waiting[0]!.since + (this.opts.lingerMs ?? 0) - performance.now();
    const go = () => {
      this.scheduled = false;
      this.lingering = undefined;
      this.start();
    };
    if (linger > 0) this.lingering = setTimeout(go, linger);
    else setImmediate(go);
  }

  private start(): void {
    while (this.running < this.opts.atOnce && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.opts.maxSize);
      this.running++;
      this.run(batch.map((w) => w.item))
        .then(
          (results) => batch.forEach((w, i) => w.resolve(results[i] as R)),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          this.running--;
          this.schedule();
        });
      // the rest waits its own linger (a slot free now takes it only when full)
      if (this.waiting.length < this.opts.maxSize) break;
    }
    this.schedule();
  }
}
