// A `postgresql://` DATABASE_URL as pg's discrete settings, for the app's adapter
// (app/infra/postgres-adapter.server.ts) and the start-up and operators' scripts alike.
// Discrete, never the URL itself: given a connection string, pg lets it win over
// `database`, so a connection meant for another database (Prisma's shadow database, the
// server's `postgres` database) would open the URL's (../shared/ENVIRONMENT.md, fault 3).

/**
 * Whether DATABASE_URL names PostgreSQL (`postgresql://` or `postgres://`); anything else
 * is a SQLite file (docs/decisions/051-postgresql.md).
 * @param {string | undefined} url
 */
export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//i.test(url ?? "");
}

/**
 * @param {string} url `postgresql://user:password@host:port/database?schema=...&sslmode=...`
 * @param {string} [database] another database on the same server, with the same credentials
 * @returns {import("pg").ClientConfig}
 */
export function postgresSettings(url, database) {
  const parsed = new URL(url);
  if (parsed.protocol !== "postgresql:" && parsed.protocol !== "postgres:") {
    throw new Error(`Not a PostgreSQL URL: ${parsed.protocol}//...`);
  }
  const schema = parsed.searchParams.get("schema");
  const sslmode = parsed.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(parsed.hostname) || "localhost",
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    database: database ?? (decodeURIComponent(parsed.pathname.slice(1)) || undefined),
    ssl:
      sslmode && sslmode !== "disable"
        ? { rejectUnauthorized: sslmode === "verify-full" }
        : undefined,
    application_name: parsed.searchParams.get("application_name") ?? "clinic",
    // Every session in UTC: CURRENT_TIMESTAMP in SQL is then what Prisma writes.
    options: `-c TimeZone=UTC${schema ? ` -c search_path="${schema}"` : ""}`,
  };
}

/**
 * The schema a URL names (`?schema=`), `public` when none.
 * @param {string} url
 */
export function postgresSchemaOf(url) {
  return new URL(url).searchParams.get("schema") ?? "public";
}
