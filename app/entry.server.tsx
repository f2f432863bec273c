import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { BackgroundJobs, ServerHooks } from "../server/config";
import { reportDemoAccountsAtStart } from "~/models/accounts/demo-accounts.server";
import { startRecallSweep } from "~/models/recall/invitations.server";
import { startReminderSweep } from "~/models/mail/reminders.server";
import { startReportSweep } from "~/models/reports/summary.server";
import { startWaitlistSweep } from "~/models/waitlist/sweep.server";
import { startFormRetentionSweep } from "~/models/forms/records.server";
import { startOutboxWorker } from "./models/mail/outbox.server";
import { hearVisitEvents } from "~/models/visit-subscribers.server";
import { backupSettings, startBackupSchedule } from "~/infra/backup.server";
import { lockDatabase } from "~/infra/database-lock.server";
import { pageCachePolicy } from "~/http/page-headers.server";
import { databaseEngine, prisma } from "~/infra/db.server";
import { getEnv, serverConfig } from "~/infra/env.server";
import { healthReport } from "~/infra/health.server";
import { NonceProvider } from "~/hooks/nonce-provider";
import { limitWrite } from "~/infra/rate-limit.server";
import { generationOf, PUBLIC_AREAS } from "~/infra/read-cache.server";

hearVisitEvents();

/**
 * Called by the server once it listens, stopped on shutdown; never started by importing a
 * module. The server claims its database first (a restore waits for it to stop, and a
 * second server on the same file refuses to start), then the backups run on their
 * schedule, the outbox worker delivers mail, the reminder and waiting-list sweeps run
 * every minute, the recall sweep every RECALL_SWEEP_SECONDS, the reports' day figures
 * are kept current every minute, signed forms past their retention go daily, and demo
 * accounts left where they are off are reported once.
 * On PostgreSQL there is no file to claim or copy: several servers share the database, and
 * its backups are the server's own (docs/operations/postgresql.md).
 */
export function startBackgroundJobs(): BackgroundJobs {
  const sqlite = databaseEngine() === "sqlite";
  const settings = backupSettings(getEnv());
  const lock = sqlite ? lockDatabase(settings.databaseFile) : null;
  const backups = sqlite ? startBackupSchedule(settings) : null;
  const outbox = startOutboxWorker();
  const reminders = startReminderSweep();
  const waitlist = startWaitlistSweep();
  const recall = startRecallSweep();
  const reports = startReportSweep();
  const formRetention = startFormRetentionSweep();
  reportDemoAccountsAtStart(prisma, { demoAccounts: getEnv().DEMO_ACCOUNTS }).catch(
    (error: unknown) => console.error("Looking for demo accounts failed", error),
  );
  return {
    async stop() {
      await formRetention.stop();
      await reports.stop();
      await recall.stop();
      await waitlist.stop();
      await reminders.stop();
      await outbox.stop();
      await backups?.stop();
      lock?.release();
    },
  };
}

/** What the Express server (server/index.ts) takes from this build instead of importing app/. */
export const server: ServerHooks = {
  config: () => serverConfig(),
  cacheGeneration: () => generationOf(PUBLIC_AREAS),
  limitWrite,
  closeDatabase: () => prisma.$disconnect(),
  startBackgroundJobs,
  health: healthReport,
};

const ABORT_DELAY = 5_000;

// Remix reports a post to a page without an action (405), an unknown path (404) and an
// old-style `?_data=` request (refused in handleDataRequest) here too: the client's
// mistake, not something for the error log.
const CLIENT_MISTAKE =
  /did not provide an `action`|No route matches URL|Invalid request method|should not be making \?_data requests/;

/**
 * Page data (single fetch, `/path.data`) gets the same cache policy as the page. The old
 * `?_data=` requests of Remix before single fetch are refused: no client of this site
 * makes them, and Remix would log a warning for each one.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (new URL(request.url).searchParams.has("_data")) {
    return Response.json(
      { success: false, message: "Page data is served at /path.data" },
      { status: 400, headers: { "cache-control": "no-store" } },
    );
  }
  pageCachePolicy(request, response.status, response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && CLIENT_MISTAKE.test(error.message)) return;
  console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Set by the Express server for its Content-Security-Policy; every inline script
  // Remix renders must carry it.
  const nonce = loadContext.cspNonce;
  pageCachePolicy(request, responseStatusCode, responseHeaders);
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already on their way to the error boundary.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
