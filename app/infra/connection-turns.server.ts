/**
 * Turns at the process's one SQLite connection, first come first served. A transaction
 * holds the connection alone from its BEGIN to its COMMIT or ROLLBACK, across as many
 * turns of the event loop as its callback takes; statements outside transactions may run
 * together (better-sqlite3 runs each one synchronously), between transactions.
 *
 * Arrival order decides, whatever the kind: a read that arrives while a transaction is
 * open runs as soon as that transaction ends, before any transaction that arrived after
 * it. (The adapter's own mutex only orders transactions among themselves, so a stream of
 * transactions could hold off every read of the process.)
 */
export class ConnectionTurns {
  #waiting: Array<{ transaction: boolean; admit: () => void }> = [];
  #transactionOpen = false;
  /** Statements outside transactions that were let in and have not finished. */
  #statements = 0;

  /** Runs a statement outside any transaction, in its turn. */
  async statement<T>(run: () => Promise<T>): Promise<T> {
    if (!this.#transactionOpen && this.#waiting.length === 0) this.#statements += 1;
    else await new Promise<void>((admit) => this.#waiting.push({ transaction: false, admit }));
    try {
      return await run();
    } finally {
      this.#statements -= 1;
      this.#admitNext();
    }
  }

  /** Waits for the connection to be free for a transaction; call the answer once it ends. */
  async transaction(): Promise<() => void> {
    if (!this.#transactionOpen && this.#statements === 0 && this.#waiting.length === 0) {
      this.#transactionOpen = true;
    } else {
      await new Promise<void>((admit) => this.#waiting.push({ transaction: true, admit }));
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#transactionOpen = false;
      this.#admitNext();
    };
  }

  /** Lets in the statements at the head of the line, or the transaction there once they are done. */
  #admitNext() {
    while (!this.#transactionOpen && this.#waiting.length > 0) {
      const next = this.#waiting[0]!;
      if (next.transaction) {
        if (this.#statements > 0) return;
        this.#transactionOpen = true;
      } else {
        this.#statements += 1;
      }
      this.#waiting.shift();
      next.admit();
    }
  }
}
