// The server Playwright tests run against: the run's shared production build (made here
// when no suite has made it yet), a fresh database file (never the development one), and
// a real SMTP server on loopback whose messages land as JSON files the tests read.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { e2eSettings } from "./e2e-settings";
import { migratedDatabaseFile } from "./migrated-db";
import { startSmtpSink } from "./smtp-sink";
import { ensureTestBuild } from "../../scripts/test-build.mjs";

const settings = e2eSettings();

for (const suffix of ["", "-wal", "-shm", "-journal"]) {
  rmSync(settings.databaseFile + suffix, { force: true });
}
// A copy of the checkout's migrated database, which the start seeds: the Prisma CLI runs
// here only when the migrations changed since the last run (a start on a file that does
// not exist is tests/security/fresh-start.test.ts's).
copyFileSync(migratedDatabaseFile(), settings.databaseFile);
const backupDir = `${settings.databaseFile}-backups`;
rmSync(backupDir, { recursive: true, force: true });
rmSync(settings.mailDir, { recursive: true, force: true });
mkdirSync(settings.mailDir, { recursive: true });

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR: settings.buildDir,
  PORT: String(settings.port),
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${settings.databaseFile}`,
  // The specs write their fixtures straight into this file from their own processes, which
  // a busy CI machine may starve mid-transaction: the server waits for them rather than
  // answering a patient's form with "busy" after the production 5 s.
  DATABASE_BUSY_TIMEOUT_MS: "30000",
  BACKUP_DIR: backupDir,
  SESSION_SECRET: settings.sessionSecret,
  APP_URL: settings.baseURL,
  // Playwright prints the server's output: one line per request would bury the results.
  REQUEST_LOG: process.env.REQUEST_LOG ?? "false",
  // Google sign-in against the stand-in for Google's endpoints preloaded below.
  GOOGLE_CLIENT_ID: "e2e-google-client",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_CALLBACK_URL: `${settings.baseURL}/auth/google/callback`,
  // Every test comes from 127.0.0.1; specs that post many sign-in forms give each test
  // its own X-Forwarded-For so per-client rate limits count tests apart, as they would
  // count patients apart behind the clinic's proxy.
  TRUST_PROXY: "true",
  // Texts as files (docs/decisions/052-text-messages.md): the messages inbox answers through them.
  SMS_PROVIDER: "file",
  SMS_DIR: `${settings.mailDir}-sms`,
};

try {
  ensureTestBuild();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let count = 0;
const sink = await startSmtpSink({
  onMessage(mail) {
    count += 1;
    // Written under a hidden name, then renamed: a test polling the folder never reads a
    // file half-written (a rename within one folder is atomic).
    const name = `${Date.now()}-${count}.json`;
    const partial = path.join(settings.mailDir, `.${name}.tmp`);
    writeFileSync(partial, JSON.stringify(mail, null, 2));
    renameSync(partial, path.join(settings.mailDir, name));
  },
});
env.SMTP_URL = sink.url;

// msw answers the server's calls to Google's token and userinfo endpoints (tests/mocks).
const app = spawn(
  process.execPath,
  ["--import", "./tests/mocks/google-server.mjs", "scripts/start.mjs"],
  { stdio: "inherit", env },
);
app.on("exit", (code) => {
  void sink.close();
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => app.kill(signal));
}
