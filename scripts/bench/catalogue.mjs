// Fills a migrated, seeded database up to `count` services (straight SQL, in one
// transaction), for the benchmark of list cost against catalogue size.
import { createHash, randomBytes } from "node:crypto";
import Database from "better-sqlite3";

const CATEGORIES = ["Preventive", "Cosmetic", "Restorative", "Orthodontics", "Oral surgery"];

export function fillCatalogue(file, count) {
  const db = new Database(file);
  try {
    const existing = db.prepare("SELECT COUNT(*) AS n FROM Product").get().n;
    const insert = db.prepare(
      `INSERT INTO Product (id, slug, name, description, priceCents, photo, category, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const start = Date.parse("2020-01-01T00:00:00Z");
    db.transaction(() => {
      for (let i = existing; i < count; i += 1) {
        const id = `bench${randomBytes(10).toString("hex")}`;
        const at = new Date(start + i * 60_000).toISOString().replace("Z", "+00:00");
        insert.run(
          id,
          `bench-service-${i}`,
          `Bench service ${i}`,
          `A generated service number ${i}, with a description long enough to be cut on the card.`,
          5_000 + (i % 500) * 100,
          "/images/services/teeth-cleaning.svg",
          CATEGORIES[i % CATEGORIES.length],
          at,
          at,
        );
      }
    })();
    return db.prepare("SELECT COUNT(*) AS n FROM Product").get().n;
  } finally {
    db.close();
  }
}

/** Users with one known password hash, for the sign-in load. */
export function addUsers(file, count, passwordHash) {
  const db = new Database(file);
  try {
    const insert = db.prepare(
      `INSERT INTO User (id, name, email, passwordHash, userImage, address, provider, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, '', '', 'local', ?, ?)`,
    );
    const now = new Date().toISOString().replace("Z", "+00:00");
    const emails = [];
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const email = `bench-${i}-${randomBytes(3).toString("hex")}@example.com`;
        insert.run(
          `benchuser${randomBytes(8).toString("hex")}`,
          `Bench ${i}`,
          email,
          passwordHash,
          now,
          now,
        );
        emails.push(email);
      }
    })();
    return emails;
  } finally {
    db.close();
  }
}

/** A user with a verified address (it writes reviews) and a session; returns its API token. */
export function addSession(file) {
  const db = new Database(file);
  try {
    const token = randomBytes(32).toString("base64url");
    const userId = `benchuser${randomBytes(8).toString("hex")}`;
    const now = new Date().toISOString().replace("Z", "+00:00");
    const expires = new Date(Date.now() + 86_400_000).toISOString().replace("Z", "+00:00");
    db.prepare(
      `INSERT INTO User (id, name, email, userImage, address, provider, emailVerifiedAt, createdAt, updatedAt)
       VALUES (?, 'Bench writer', ?, '', '', 'local', ?, ?, ?)`,
    ).run(userId, `${userId}@example.com`, now, now, now);
    db.prepare(
      `INSERT INTO Session (id, tokenHash, userId, expiresAt, createdAt) VALUES (?, ?, ?, ?, ?)`,
    ).run(
      `benchsession${randomBytes(8).toString("hex")}`,
      createHash("sha256").update(token).digest("hex"),
      userId,
      expires,
      now,
    );
    return token;
  } finally {
    db.close();
  }
}
