import { enqueueText, textPlan } from "~/models/sms/outbound.server";
import { composeText } from "~/models/sms/texts";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { formatDate } from "~/utils/clinic-format";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { getEnv } from "~/infra/env.server";
import { LOCKS, lockUntilCommit } from "~/infra/sql-dialect.server";
import { limitLinkAction, type LinkClient } from "~/infra/rate-limit.server";
import { clinicOpenAt, stepDate, stepDue } from "./rules";
import { recallIdFromToken, recallLinkUrl } from "./links.server";
import { fail, ok, type Result } from "~/utils/result";
import { type BackgroundJob, startSweep } from "~/infra/sweep.server";
import { aboutOf } from "~/models/mail/appointment-mail.server";
import { messageRecipient } from "~/models/family/recipient.server";
import { firstName } from "~/models/family/rules";
import {
  closuresBetween,
  getClinicSettings,
  type Settings,
} from "~/models/settings/clinic-settings.server";
import { enqueueMail, wakeOutbox } from "~/models/mail/outbox.server";
import { bookedRecallKeys } from "./patient-recalls.server";
import { markReportDay } from "~/models/reports/summary.server";

/**
 * Recall invitations (docs/decisions/035-recall.md). The sweep writes the invitations due
 * today to the outbox, only while the clinic is open, at most the daily cap, none while a
 * visit of the recall's type is booked, none to a patient who opted out. Each one is a short
 * transaction: the recall's step moves on only if it is still the one read (so two sweeps,
 * or a sweep after a crash, never write a step twice), with the invitation row, its mail
 * (dedupe key per recall, due date and step) and its report day.
 */

export const RECALL_LINK_MESSAGES = {
  wrongLink: "This link is not valid. Please use the latest link the clinic sent you.",
  stopped:
    "You will get no more recall invitations from us. Your appointments and their reminders are not affected.",
  resumed: "You will get recall invitations again when your next visit is due.",
} as const;

type DueRecall = Prisma.PatientRecallGetPayload<{
  include: {
    recallType: { select: { name: true } };
    service: { select: { name: true } };
    dentist: { select: { name: true } };
    user: { select: { name: true } };
  };
}>;

export function composeInvitation(
  recall: DueRecall,
  settings: Settings,
  today: string,
  /** A family member's recall, mailed to their guardian (docs/decisions/049-families.md). */
  about: { greet: string; name: string } | null = null,
) {
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const what = recall.service?.name ?? recall.recallType.name;
  const due = formatDate(recall.dueDate, clock);
  const when = recall.dueDate < today ? `was due on ${due}` : `is due on ${due}`;
  const withWhom = recall.dentist ? ` with ${recall.dentist.name}` : "";
  const whose = about ? `${firstName(about.name)}'s` : "your";
  return {
    subject: `Time to book ${whose} ${recall.recallType.name.toLowerCase()}`,
    text: [
      `Hello ${about?.greet ?? recall.user.name},`,
      "",
      `${whose} ${recall.recallType.name.toLowerCase()} ${when}. Regular visits keep small problems small.`,
      "",
      `Book ${whose} ${what}${withWhom}: ${recallLinkUrl(recall.id, "book")}`,
      "",
      settings.phone ? `Or call us on ${settings.phone}.` : "",
      "",
      `No more recall invitations: ${recallLinkUrl(recall.id, "stop")}`,
      "",
      settings.clinicName,
    ]
      .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
      .join("\n"),
  };
}

export const recallInvitationKey = (recallId: string, dueDate: string, step: number) =>
  `recall:${recallId}:${dueDate}:${step}`;

export type RecallSweepSummary = {
  /** Why nothing was written, when nothing could be. */
  held: "closed" | "cap" | null;
  written: number;
  skipped: number;
};

/** How many due recalls one read takes. */
const BATCH = 200;

/** Writes the invitations due at `now` (docs/decisions/035-recall.md). */
export async function sweepRecallInvitations(now: Date = new Date()): Promise<RecallSweepSummary> {
  const settings = await getClinicSettings();
  const { date: today, time } = clinicNow(now, settings.timeZone);
  const summary: RecallSweepSummary = { held: null, written: 0, skipped: 0 };
  if (!clinicOpenAt(settings.weeklyHours, await closuresBetween(today, today), today, time)) {
    return { ...summary, held: "closed" };
  }
  let room =
    settings.recallDailyCap - (await prisma.recallInvitation.count({ where: { sentOn: today } }));
  let after: { nextInvitationOn: string; id: string } | null = null;
  while (room > 0) {
    const due: DueRecall[] = await prisma.patientRecall.findMany({
      where: {
        nextInvitationOn: { lte: today },
        ...(after
          ? {
              OR: [
                { nextInvitationOn: { gt: after.nextInvitationOn } },
                { nextInvitationOn: after.nextInvitationOn, id: { gt: after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ nextInvitationOn: "asc" }, { id: "asc" }],
      take: BATCH,
      include: {
        recallType: { select: { name: true } },
        service: { select: { name: true } },
        dentist: { select: { name: true } },
        user: { select: { name: true } },
      },
    });
    if (due.length === 0) break;
    const last = due.at(-1)!;
    after = { nextInvitationOn: last.nextInvitationOn!, id: last.id };
    const userIds = [...new Set(due.map((recall) => recall.userId))];
    const [booked, optedOut] = await Promise.all([
      bookedRecallKeys(userIds, now),
      prisma.recallOptOut.findMany({
        where: { userId: { in: userIds } },
        select: { userId: true },
      }),
    ]);
    const stopped = new Set(optedOut.map((row) => row.userId));
    for (const recall of due) {
      if (room <= 0) break;
      const written = await prisma.$transaction(() =>
        inviteOne(recall, settings, today, now, {
          booked: booked.has(`${recall.userId}|${recall.recallTypeId}`),
          optedOut: stopped.has(recall.userId),
        }),
      );
      if (written === "cap") {
        room = 0;
        break;
      }
      if (written) {
        summary.written += 1;
        room -= 1;
      } else summary.skipped += 1;
      // Between two transactions, whatever waits for the database goes first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (room <= 0 && summary.written === 0) summary.held = "cap";
  if (summary.written > 0) wakeOutbox();
  return summary;
}

/**
 * One due recall, in its own transaction: the invitation (true), or the recall's next day
 * moved on without one (false), or nothing ("cap": the day's invitations are all sent).
 * Every change is conditional on the step read, so a second sweep that read the same
 * recall changes nothing; the day's cap is counted again under the day's lock, so two
 * sweeps at once (two instances on PostgreSQL) cannot both fill the last places.
 */
async function inviteOne(
  recall: DueRecall,
  settings: Settings,
  today: string,
  now: Date,
  state: { booked: boolean; optedOut: boolean },
): Promise<boolean | "cap"> {
  const read = {
    id: recall.id,
    dueDate: recall.dueDate,
    invitationsSent: recall.invitationsSent,
    nextInvitationOn: recall.nextInvitationOn,
  };
  const cadence = settings.recallCadenceDays;
  const step = stepDue(recall.dueDate, cadence, recall.invitationsSent, today);
  // By mail, text or both as the clinic settings say (docs/decisions/052-text-messages.md).
  const plan =
    state.optedOut || step === null
      ? null
      : await textPlan(recall.userId, "recall_invitation", settings);
  const recipient = plan?.mailToo ? await messageRecipient(recall.userId) : null;
  const to = recipient?.to ?? plan?.textTo?.to ?? null;
  if (step === null || state.optedOut || !to || state.booked) {
    // Nothing to send: the next step's day (cadence changed), none (opted out, no address
    // to write to), or tomorrow while a visit of this type is booked (it may be cancelled).
    const next =
      step === null && !state.optedOut
        ? stepDate(recall.dueDate, cadence, recall.invitationsSent)
        : state.booked && to
          ? addDays(today, 1)
          : null;
    await prisma.patientRecall.updateMany({ where: read, data: { nextInvitationOn: next } });
    return false;
  }
  await lockUntilCommit([LOCKS.recallDay(today)]);
  if (
    (await prisma.recallInvitation.count({ where: { sentOn: today } })) >= settings.recallDailyCap
  ) {
    return "cap";
  }
  const { count } = await prisma.patientRecall.updateMany({
    where: read,
    data: {
      invitationsSent: step + 1,
      nextInvitationOn: stepDate(recall.dueDate, cadence, step + 1),
    },
  });
  if (count === 0) return false;
  await prisma.recallInvitation.create({
    data: {
      recallId: recall.id,
      step: step + 1,
      dueDate: recall.dueDate,
      sentAt: now,
      sentOn: today,
      dentistId: recall.dentistId,
    },
  });
  const dedupeKey = recallInvitationKey(recall.id, recall.dueDate, step + 1);
  if (recipient) {
    await enqueueMail(
      {
        dedupeKey,
        kind: "recall_invitation",
        to: recipient.to,
        ...composeInvitation(recall, settings, today, aboutOf(recipient)),
        userId: recipient.accountId,
      },
      now,
    );
  }
  if (plan?.textTo) {
    const body = composeText("recall_invitation", {
      clinicName: settings.clinicName,
      when: "",
      link: recallLinkUrl(recall.id, "book"),
      about: plan.textTo.about,
    });
    const text = { dedupeKey, kind: "recall_invitation" as const, to: plan.textTo.to, body };
    await enqueueText({ ...text, userId: plan.textTo.accountId }, now);
  }
  await markReportDay(today);
  return true;
}

/** Sweeps every `RECALL_SWEEP_SECONDS`. */
export function startRecallSweep(seconds = getEnv().RECALL_SWEEP_SECONDS): BackgroundJob {
  return startSweep("recall", () => sweepRecallInvitations(), {
    pattern: "* * * * * *",
    intervalSeconds: seconds,
  });
}

/**
 * What the booking form needs from an invitation's book link: the service and the usual
 * dentist to preselect, and the token to send back with the booking.
 */
export async function recallBookingChoice(token: string | undefined) {
  const recallId = recallIdFromToken(token, "book");
  if (!recallId) return null;
  const recall = await prisma.patientRecall.findUnique({
    where: { id: recallId },
    select: { serviceId: true, dentistId: true, userId: true },
  });
  return recall
    ? {
        service: recall.serviceId,
        dentist: recall.dentistId,
        // The form books a family member's recall for them when they are in the family.
        patient: recall.userId,
        recall: token!,
      }
    : null;
}

/** The recall a booking form's `recall` field (the invitation's book link) names, or null. */
export function recallOfBookLink(token: unknown): string | null {
  return recallIdFromToken(typeof token === "string" ? token : undefined, "book");
}

/**
 * A booking made through an invitation's link converts that recall's latest invitation
 * (counted once, in the reports' day of the invitation): a handler of the `booked` event,
 * in the booking's transaction, so the two commit or fail together. Only the recall's own
 * patient counts; another's recall converts nothing and the booking stands.
 */
export async function convertRecallInvitation(
  recallId: string,
  visit: { id: string; userId: string },
  now: Date,
): Promise<boolean> {
  const invitation = await prisma.recallInvitation.findFirst({
    where: { recallId, recall: { userId: visit.userId }, convertedAt: null },
    orderBy: { sentAt: "desc" },
  });
  if (!invitation) return false;
  const { count } = await prisma.recallInvitation.updateMany({
    where: { id: invitation.id, convertedAt: null },
    data: { convertedAt: now, appointmentId: visit.id },
  });
  if (count === 1) await markReportDay(invitation.sentOn);
  return count === 1;
}

/** What the stop link's page shows: the patient's first name and whether they opted out. */
export async function optOutState(token: string | undefined) {
  const recallId = recallIdFromToken(token, "stop");
  const recall = recallId
    ? await prisma.patientRecall.findUnique({
        where: { id: recallId },
        select: { user: { select: { id: true, name: true, recallOptOut: true } } },
      })
    : null;
  if (!recall) return fail(404, RECALL_LINK_MESSAGES.wrongLink);
  return ok({
    userId: recall.user.id,
    firstName: recall.user.name.split(" ")[0] ?? "",
    optedOut: recall.user.recallOptOut !== null,
  });
}

/**
 * The stop link's button: no more invitations for any of the patient's recalls (`stop`),
 * or invitations again from each recall's next step (`resume`). One transaction; the
 * mail-link limit first, for this client.
 */
export async function setRecallOptOut(
  token: string | undefined,
  stop: boolean,
  client: LinkClient,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitLinkAction("recall-stop", client);
  if (limited) return limited;
  const state = await optOutState(token);
  if (!state.ok) return state;
  const settings = await getClinicSettings();
  await prisma.$transaction(async () => {
    if (stop) {
      await prisma.recallOptOut.upsert({
        where: { userId: state.userId },
        create: { userId: state.userId, at: now },
        update: {},
      });
      await prisma.patientRecall.updateMany({
        where: { userId: state.userId },
        data: { nextInvitationOn: null },
      });
      return;
    }
    await prisma.recallOptOut.deleteMany({ where: { userId: state.userId } });
    const recalls = await prisma.patientRecall.findMany({ where: { userId: state.userId } });
    for (const recall of recalls) {
      await prisma.patientRecall.update({
        where: { id: recall.id },
        data: {
          nextInvitationOn: stepDate(
            recall.dueDate,
            settings.recallCadenceDays,
            recall.invitationsSent,
          ),
        },
      });
    }
  });
  return ok({ message: stop ? RECALL_LINK_MESSAGES.stopped : RECALL_LINK_MESSAGES.resumed });
}
