// Many readers or one writer at a time, admitted in arrival order. The feed's flush is the writer
// and the websocket hub's reads of the record are the readers: a topic that loads its state from
// the database and then follows flush events must never see a flush half-way, or land between
// a commit and the event that announces it. Arrival order keeps either side from starving.

interface Waiting {
  write: boolean;
  enter: () => void;
}

export class ReadWriteGate {
  /** Readers inside, or -1 while the writer is inside. */
  private inside = 0;
  private readonly queue: Waiting[] = [];

  read<T>(fn: () => Promise<T>): Promise<T> {
    return this.run(false, fn);
  }

  write<T>(fn: () => Promise<T>): Promise<T> {
    return this.run(true, fn);
  }

  /** Nobody inside and nobody waiting (tests). */
  get idle(): boolean {
    return this.inside === 0 && this.queue.length === 0;
  }

  private async run<T>(write: boolean, fn: () => Promise<T>): Promise<T> {
    if (this.queue.length === 0 && this.fits(write)) this.admit(write);
    // The one who leaves admits the next in line, so `inside` is right before this resumes.
    else await new Promise<void>((enter) => this.queue.push({ write, enter }));
    try {
      return await fn();
    } finally {
      this.inside = write ? 0 : this.inside - 1;
      this.admitWaiting();
    }
  }

  private fits(write: boolean): boolean {
    return write ? this.inside === 0 : this.inside >= 0;
  }

  private admit(write: boolean): void {
    this.inside = write ? -1 : this.inside + 1;
  }

  private admitWaiting(): void {
    for (let next = this.queue[0]; next && this.fits(next.write); next = this.queue[0]) {
      this.queue.shift();
      this.admit(next.write);
      next.enter();
      if (next.write) return;
    }
  }
}
