// @ts-check
// A password-hashing worker thread (app/infra/password.server.ts keeps a small pool of
// them): bcryptjs is deliberately slow, synchronous JavaScript, so it runs here, never on
// the request thread. Plain JavaScript that TypeScript checks, like backup-worker.mjs.
import os from "node:os";
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";

/**
 * @typedef {{ op: "hash", password: string, cost: number } | { op: "compare", password: string, hash: string }} PasswordJob
 * @typedef {{ id: number, result?: string | boolean, error?: string }} PasswordAnswer
 */

// On Linux a worker is its own thread with its own nice value: let request handling win
// the CPU when both want it.
try {
  os.setPriority(10);
} catch {
  // Not allowed here: hashing runs at the server's own priority.
}

parentPort?.on("message", (/** @type {PasswordJob & { id: number }} */ job) => {
  /** @type {PasswordAnswer} */
  let answer;
  try {
    const result =
      job.op === "hash"
        ? bcrypt.hashSync(job.password, job.cost)
        : bcrypt.compareSync(job.password, job.hash);
    answer = { id: job.id, result };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
