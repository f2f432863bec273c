import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { PasswordAnswer, PasswordJob } from "~/infra/password-worker.mjs";
import { workerScript } from "~/infra/worker-script.server";

export const BCRYPT_COST = 10;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; busy: number | null };

const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * bcrypt is deliberately slow (about 70 ms of CPU at cost 10) and bcryptjs is plain
 * JavaScript: on the request thread, every sign-in would stall every other request.
 * Hashing runs in a small pool of worker threads instead (app/infra/password-worker.mjs).
 */
class HashPool {
  private slots: Slot[] = [];
  private queue: Array<{ id: number; job: PasswordJob }> = [];
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly script = workerScript("password-worker");

  run<T>(job: PasswordJob): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.queue.push({ id, job });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.busy === null);
      if (!slot && this.slots.length < POOL_SIZE) slot = this.spawn();
      if (!slot) return;
      const next = this.queue.shift()!;
      slot.busy = next.id;
      // A busy worker keeps the process alive until it answers; an idle one must not.
      slot.worker.ref();
      slot.worker.postMessage({ id: next.id, ...next.job });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.script, {
      // bcrypt needs a few kilobytes: a small heap keeps the worker's share of memory small.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    const slot: Slot = { worker, busy: null };
    worker.unref();
    worker.on("message", (message: PasswordAnswer) => {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      slot.busy = null;
      worker.unref();
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.result);
      this.dispatch();
    });
    worker.on("error", (error) => this.retire(slot, error));
    worker.on("exit", (code) => this.retire(slot, new Error(`Hash worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** A worker that died fails only the job it held; the next job gets a new worker. */
  private retire(slot: Slot, error: Error) {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (slot.busy !== null) {
      this.pending.get(slot.busy)?.reject(error);
      this.pending.delete(slot.busy);
    }
    this.dispatch();
  }
}

let pool: HashPool | undefined;
const hashPool = () => (pool ??= new HashPool());

export function hashPassword(password: string): Promise<string> {
  return hashPool().run<string>({ op: "hash", password, cost: BCRYPT_COST });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return hashPool().run<boolean>({ op: "compare", password, hash });
}
