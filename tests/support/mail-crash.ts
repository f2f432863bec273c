// What the outbox crash tests (the outbox, recall, reminder and text ones in tests/crash/) share: a
// real SMTP server (or Twilio's stand-in, for texts) on loopback, a production server whose
// outbox delivers to it, SIGKILL once some of the test's messages arrived, a restart on the
// same database, and the wait until every message of the test is sent. Each test writes its
// own data and asserts its own messages (docs/decisions/014-mail-outbox.md states the
// guarantee: at most the one message in flight at the kill arrives twice).
import { rmSync } from "node:fs";
import path from "node:path";
import type { Prisma, PrismaClient } from "@prisma/client";
import { afterAll } from "vitest";
import { TMP_DIR } from "./paths";
import { startProductionServer, type ProductionServer } from "./production-server";
import { type ReceivedMail, startSmtpSink } from "./smtp-sink";
import { startTwilioStandIn, type ReceivedText, type TwilioStandIn } from "./twilio-stand-in";
import { until } from "./until";

export type MailCrash = {
  /** The restarted server's database. */
  after: PrismaClient;
  /** The test's messages in the outbox after the restart. */
  rows: { id: string; dedupeKey: string; toAddress: string; appointmentId: string | null }[];
  /** The test's mail the SMTP server received, the killed server's and the restarted one's. */
  arrivals: ReceivedMail[];
  /** How many times each outbox message (by Message-ID) arrived. */
  perMessage: Map<string, number>;
  duplicates: number;
  arrivedBeforeKill: number;
  /** The test's rows in the outbox when the server was killed. */
  writtenBeforeKill: number;
  killedAfterMs: number;
  startedAt: number;
};

/**
 * Registers the clean-up of one crash test (its server, its SMTP server, the outbox folder of
 * its port) and answers how to run it.
 */
export function mailCrashTest(port: number) {
  let server: ProductionServer | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    rmSync(path.join(TMP_DIR, `outbox-${port}`), { recursive: true, force: true });
  }, 30_000);

  return async function crashMidDelivery(options: {
    /** The server's environment besides the mail's (a sweep's schedule, say). */
    env?: Record<string, string>;
    /** Starts the first server with `env` (the restart is a plain one on its database). */
    start: (env: Record<string, string>) => Promise<ProductionServer>;
    /** Writes the test's data once the server runs. */
    seed: (db: PrismaClient) => Promise<unknown>;
    /** Which recipients are the test's. */
    ours: (to: string) => boolean;
    /** The kill comes once this many of the test's mails arrived. */
    killAfter: number;
    /** The test's rows in the outbox, and how many it ends with. */
    where: Prisma.OutboxMessageWhereInput;
    expected: number;
  }): Promise<MailCrash> {
    const startedAt = Date.now();
    let arrived = 0;
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    sink = await startSmtpSink({
      onMessage: (mail) => {
        if (!mail.to.some(options.ours)) return;
        arrived += 1;
        if (arrived >= options.killAfter) reachedKillPoint();
      },
    });
    const env = { SMTP_URL: sink.url, ...options.env };
    const run = await killAndRestart(
      port,
      env,
      options,
      killPoint,
      () => arrived,
      (started) => {
        server = started;
      },
    );
    const after = run.after;
    await sink.idle();

    const rows = await after.outboxMessage.findMany({
      where: options.where,
      select: { id: true, dedupeKey: true, toAddress: true, appointmentId: true },
    });
    const arrivals = sink.messages.filter((mail) => mail.to.some(options.ours));
    const perMessage = new Map<string, number>();
    for (const mail of arrivals) {
      perMessage.set(mail.messageId, (perMessage.get(mail.messageId) ?? 0) + 1);
    }
    const duplicates = [...perMessage.values()].reduce((sum, count) => sum + count - 1, 0);
    return {
      after,
      rows,
      arrivals,
      perMessage,
      duplicates,
      arrivedBeforeKill: run.arrivedBeforeKill,
      writtenBeforeKill: run.writtenBeforeKill,
      killedAfterMs: run.killedAfterMs,
      startedAt,
    };
  };
}

type CrashOptions = {
  start: (env: Record<string, string>) => Promise<ProductionServer>;
  seed: (db: PrismaClient) => Promise<unknown>;
  where: Prisma.OutboxMessageWhereInput;
  expected: number;
};

/**
 * Starts the server, seeds, kills it with SIGKILL at `killPoint`, restarts it on the same
 * database and waits until every one of the test's messages is marked sent.
 */
async function killAndRestart(
  port: number,
  deliveryEnv: Record<string, string>,
  options: CrashOptions,
  killPoint: Promise<void>,
  arrived: () => number,
  /** Told of each server started, so the test's clean-up stops whichever runs. */
  track: (server: ProductionServer) => void,
) {
  const startedAt = Date.now();
  const env = {
    OUTBOX_POLL_SECONDS: "1",
    // A claim left by the killed process is taken back this soon after the restart.
    OUTBOX_LOCK_SECONDS: "2",
    ...deliveryEnv,
  };
  let server = await options.start(env);
  track(server);
  await options.seed(server.db());

  await killPoint;
  await server.kill("SIGKILL");
  const arrivedBeforeKill = arrived();
  const killedAfterMs = Date.now() - startedAt;
  const writtenBeforeKill = await server.db().outboxMessage.count({ where: options.where });

  const databaseFile = server.databaseFile;
  await server.stop({ removeDatabase: false });
  server = await startProductionServer({ port, databaseFile, env });
  track(server);
  const after = server.db();
  await until(
    async () =>
      (await after.outboxMessage.count({ where: { ...options.where, status: "sent" } })) ===
      options.expected,
    `all ${options.expected} messages written and marked sent after the restart`,
  );
  return { after, arrivedBeforeKill, writtenBeforeKill, killedAfterMs };
}

export type TextCrash = {
  after: PrismaClient;
  /** The test's texts Twilio's stand-in received, the killed server's and the restarted one's. */
  arrivals: ReceivedText[];
  arrivedBeforeKill: number;
};

/**
 * The text outbox's crash test (docs/decisions/052-text-messages.md): as `mailCrashTest`,
 * with Twilio's stand-in at TWILIO_API_BASE in place of the SMTP server.
 */
export function textCrashTest(port: number) {
  let server: ProductionServer | undefined;
  let twilio: TwilioStandIn | undefined;

  afterAll(async () => {
    await server?.stop();
    await twilio?.close();
  }, 30_000);

  return async function crashMidDelivery(
    options: CrashOptions & {
      env?: Record<string, string>;
      ours: (to: string) => boolean;
      killAfter: number;
    },
  ): Promise<TextCrash> {
    let arrived = 0;
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    twilio = await startTwilioStandIn(0, (text) => {
      if (!options.ours(text.to)) return;
      arrived += 1;
      if (arrived >= options.killAfter) reachedKillPoint();
    });
    const env = {
      SMS_PROVIDER: "twilio",
      TWILIO_API_BASE: twilio.url,
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "crash-test-token",
      TWILIO_FROM: "+15550100999",
      ...options.env,
    };
    const run = await killAndRestart(
      port,
      env,
      options,
      killPoint,
      () => arrived,
      (started) => {
        server = started;
      },
    );
    return {
      after: run.after,
      arrivals: twilio.texts.filter((text) => options.ours(text.to)),
      arrivedBeforeKill: run.arrivedBeforeKill,
    };
  };
}

/** The Message-ID the outbox gives a row's mail, by which the SMTP server received it. */
export const messageIdOf = (rowId: string) => `<outbox-${rowId}@127.0.0.1>`;
