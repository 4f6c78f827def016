// Gathers work into batches, at most `atOnce` of them running: what arrives while they run waits and
// goes together in the next one. Under light load an item goes alone at the next turn of the event
// loop; under heavy load batches grow to `maxSize`, and so does the work each round trip does.
export interface BatchOptions {
  maxSize: number;
  atOnce: number;
}

interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
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
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** At the next turn of the event loop, so items arriving together (one socket read) go together. */
  private schedule(): void {
    if (this.scheduled || this.running >= this.opts.atOnce || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
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
    }
  }
}
