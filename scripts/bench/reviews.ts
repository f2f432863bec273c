// Benchmark of reviews held for moderation (docs/decisions/040-reviews-held-for-moderation.md),
// in-process on the app's own code (tsx). A clinic with 1,000 reviews and one with 200,000
// (200 waiting for moderation at both sizes, as a queue staff keep short; some hidden and
// rejected; among the newest, reviews of a service the clinic hid): the moderation screen's reads
// (the reviews waiting, oldest first, with their count; the newest page of all reviews)
// and the public reads that now leave held reviews out (the home page's newest, a
// service's first page with its average), each uncached. The reads go through the
// (status, createdAt), (createdAt) and (productId, createdAt) indexes, so both sizes must
// cost about the same. Goal: at most 1.5x.
// Run by `npm run bench` (scripts/bench/run.mjs), or alone:
// `npx tsx scripts/bench/reviews.ts [--json]`.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { inChild, medianMs, migratedDatabase, storedInstant as iso } from "./in-process";

const TMP = path.resolve("tests/.tmp/bench-reviews");
const SIZES = [1_000, 200_000];
const SERVICES = 26;
/** Reviews waiting for moderation, at both sizes: the newest of every fifth. */
const WAITING = 200;
/** Rounds of both sizes, each in a fresh process, so drift on a busy machine hits both. */
const ROUNDS = 3;

function prepareDatabase(name: string, reviews: number) {
  const file = path.join(TMP, `${name}.db`);
  const db = migratedDatabase(file);
  const now = Date.now();
  const service = db.prepare(
    `INSERT INTO Product (id, slug, name, description, priceCents, photo, category, createdAt, updatedAt)
     VALUES (?, ?, ?, 'Bench', 5000, '', 'Preventive', ?, ?)`,
  );
  const review = db.prepare(
    `INSERT INTO Review (id, name, message, rating, productId, createdAt, status, heldFor, hidden)
     VALUES (?, 'Bench Reviewer', 'A visit like any other.', 4, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let s = 0; s < SERVICES; s += 1) {
      service.run(`bench-service-${s}`, `bench-service-${s}`, `Service ${s}`, iso(now), iso(now));
    }
    db.prepare(`UPDATE Product SET hidden = 1 WHERE id = 'bench-service-0'`).run();
    for (let i = 0; i < reviews; i += 1) {
      // One a minute back from now; the newest of every fifth wait, one in fifty is hidden,
      // one in a hundred rejected. Service 0 (hidden) has every 26th.
      const status =
        i % 5 === 3 && i < WAITING * 5
          ? "awaiting_review"
          : i % 100 === 7
            ? "rejected"
            : "published";
      review.run(
        `bench-review-${i}`,
        `bench-service-${i % SERVICES}`,
        iso(now - i * 60_000),
        status,
        status === "published" ? "" : "no_visit",
        status === "published" && i % 50 === 11 ? 1 : 0,
      );
    }
  })();
  db.close();
  return file;
}

/** In the child: the median of each read, uncached. */
async function measure() {
  const { listReviewsAwaitingModeration, listReviewsForModeration } =
    await import("~/models/reviews/moderation.server");
  const { getServiceReviews, listReviews } = await import("~/models/reviews/reviews.server");
  const { clearReadCache } = await import("~/infra/read-cache.server");
  const awaitingMs = await medianMs(() => listReviewsAwaitingModeration(), 30);
  const pageMs = await medianMs(() => listReviewsForModeration(), 30);
  const moderationMs = awaitingMs + pageMs;
  const publicMs = await medianMs(async () => {
    clearReadCache();
    await Promise.all([listReviews(), getServiceReviews("bench-service-5")]);
  }, 30);
  const { total } = await listReviewsAwaitingModeration();
  if ((await listReviews()).length !== 20) throw new Error("The carousel read fewer than 20");
  return { moderationMs, awaitingMs, pageMs, publicMs, waiting: total };
}

const [mode] = process.argv.slice(2);
if (mode === "read") {
  process.env.SESSION_SECRET ??= "bench-session-secret";
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
  process.exit(0);
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const files = SIZES.map((size) => prepareDatabase(`size-${size}`, size));
const best = SIZES.map(() => ({}) as Record<string, number>);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [index, file] of files.entries()) {
    const result = inChild("scripts/bench/reviews.ts", "read", file);
    for (const [key, value] of Object.entries(result)) {
      best[index]![key] = Math.min(best[index]![key] ?? Infinity, value);
    }
  }
}
const [small, large] = best as [Record<string, number>, Record<string, number>];
rmSync(TMP, { recursive: true, force: true });
const figures = {
  moderationSmallMs: small.moderationMs!,
  moderationLargeMs: large.moderationMs!,
  moderationRatio: large.moderationMs! / small.moderationMs!,
  publicSmallMs: small.publicMs!,
  publicLargeMs: large.publicMs!,
  publicRatio: large.publicMs! / small.publicMs!,
  waiting: large.waiting!,
  parts: [small, large].map((size) => ({ awaitingMs: size.awaitingMs!, pageMs: size.pageMs! })),
};
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  console.info(
    `Moderation screen's reads (best of ${ROUNDS} medians): ${figures.moderationSmallMs.toFixed(1)} ms at 1,000 reviews, ${figures.moderationLargeMs.toFixed(1)} ms at 200,000 (${figures.waiting} waiting): ratio ${figures.moderationRatio.toFixed(2)} (goal <= 1.5)`,
  );
  console.info(
    `Public reads, uncached: ${figures.publicSmallMs.toFixed(1)} ms at 1,000, ${figures.publicLargeMs.toFixed(1)} ms at 200,000: ratio ${figures.publicRatio.toFixed(2)} (goal <= 1.5)`,
  );
}
