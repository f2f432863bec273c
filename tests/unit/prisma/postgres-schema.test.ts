// One schema source (docs/decisions/051-postgresql.md): prisma/postgresql/schema.prisma is
// generated from prisma/schema.prisma and may differ from it only in the provider and where
// its client is generated.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  POSTGRES_CLIENT_OUTPUT,
  POSTGRES_SCHEMA,
  postgresSchema,
  SQLITE_SCHEMA,
} from "../../../scripts/postgres-schema.mjs";
import { isPostgresUrl, postgresSettings } from "../../../scripts/postgres-url.mjs";

const sqlite = readFileSync(SQLITE_SCHEMA, "utf8");
const postgres = readFileSync(POSTGRES_SCHEMA, "utf8");

/** The lines of `text` that are not comments, trimmed. */
const code = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("//"));

describe("the PostgreSQL schema", () => {
  it("is what scripts/postgres-schema.mjs writes from the SQLite schema", () => {
    expect(postgres).toBe(postgresSchema(sqlite));
  });

  it("differs from the SQLite schema in the provider and the client's output only", () => {
    const ours = code(sqlite);
    const theirs = code(postgres);
    const added = theirs.filter((line) => !ours.includes(line));
    const removed = ours.filter((line) => !theirs.includes(line));
    expect(removed).toEqual(['provider = "sqlite"']);
    expect(added).toEqual([`output     = "${POSTGRES_CLIENT_OUTPUT}"`, 'provider = "postgresql"']);
  });

  it("has its own migration history, locked to PostgreSQL", () => {
    const lock = readFileSync("prisma/postgresql/migrations/migration_lock.toml", "utf8");
    expect(lock).toMatch(/provider = "postgresql"/);
  });

  it("has, after its baseline, every migration SQLite has, under the same name", () => {
    const folders = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    const postgresHistory = folders("prisma/postgresql/migrations");
    const baseline = postgresHistory[0]!;
    expect(baseline).toMatch(/_baseline$/);
    const sqliteSince = folders("prisma/migrations").filter((name) => name > baseline);
    expect(postgresHistory.slice(1)).toEqual(sqliteSince);
  });

  it("is refused when the SQLite schema has no datasource to turn", () => {
    expect(() => postgresSchema(sqlite.replace('"sqlite"', '"mysql"'))).toThrow(/no sqlite/);
  });
});

describe("DATABASE_URL", () => {
  it("names PostgreSQL by its scheme, and SQLite otherwise", () => {
    expect(isPostgresUrl("postgresql://u@h/db")).toBe(true);
    expect(isPostgresUrl("postgres://u@h/db")).toBe(true);
    expect(isPostgresUrl("file:./data/clinic.db")).toBe(false);
    expect(isPostgresUrl("./postgresql.db")).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });

  it("is read into discrete settings, so another database on the server can be named", () => {
    const url = "postgresql://clinic:p%40ss@db.example:6432/clinic?schema=app&sslmode=require";
    expect(postgresSettings(url)).toMatchObject({
      host: "db.example",
      port: 6432,
      user: "clinic",
      password: "p@ss",
      database: "clinic",
      ssl: { rejectUnauthorized: false },
      options: '-c TimeZone=UTC -c search_path="app"',
    });
    expect(postgresSettings(url, "shadow").database).toBe("shadow");
    expect(() => postgresSettings("file:./x.db")).toThrow(/Not a PostgreSQL URL/);
  });
});
