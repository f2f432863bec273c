// Families (issue 35, docs/decisions/049-families.md): a guardian adds a family member, books
// for them through the API, and the visit, its cap and its mail follow the rules; another
// family's ids answer "not found"; a young person gets an account of their own; removing a
// member and deleting the guardian's account settle each record.
import { beforeAll, describe, expect, it } from "vitest";
import { applyEmailVerification } from "~/models/accounts/email-verification.server";
import { bookAppointment } from "~/models/booking/book.server";
import { deleteAccountWithFamily, exportMyDataWithFamily } from "~/models/family/account.server";
import { familyOnCard, linkGuardian } from "~/models/family/desk.server";
import { mayActFor } from "~/models/family/links.server";
import { decideGuardian, offerOwnAccount } from "~/models/family/own-account.server";
import { messageRecipient } from "~/models/family/recipient.server";
import { removeFamilyMember } from "~/models/family/removal.server";
import { FAMILY_TEXT, MAX_DEPENDANTS } from "~/models/family/rules";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { action as createAppointmentApi } from "~/routes/api.create-appointment";
import { action as addFamilyApi, loader as listFamilyApi } from "~/routes/api.me.family";
import { actionArgs, jsonRequest, loaderArgs, outcome } from "../../support/auth-helpers";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor } from "../../support/factories";
import { TEST_PASSWORD } from "../../support/test-password";

let serviceId: string;
const today = clinicNow(new Date()).date;
/** A birth date `years` years (and a few days) before today. */
const bornYearsAgo = (years: number) =>
  `${Number(today.slice(0, 4)) - years}${addDays(today, -10).slice(4)}`;

beforeAll(async () => {
  serviceId = (await createService({ name: "Check-up", durationMinutes: 30 })).id;
});

async function guardianWithToken(name: string) {
  const user = await createUser({ name });
  return { user, token: (await sessionFor(user)).token };
}

async function addMember(token: string, body: Record<string, unknown>) {
  return outcome(
    await addFamilyApi(
      actionArgs(jsonRequest("/api/me/family", "POST", body, { authorization: `Bearer ${token}` })),
    ),
  );
}

function visitBody(date: string, patient?: string) {
  return {
    service: serviceId,
    name: "Whoever Books",
    email: "books@example.com",
    phone: "+1 555 0100",
    date,
    time: "10:00",
    message: "Check-up",
    ...(patient === undefined ? {} : { patient }),
  };
}

async function bookByApi(token: string, body: Record<string, unknown>) {
  return outcome(
    await createAppointmentApi(
      actionArgs(
        jsonRequest("/api/create-appointment", "POST", body, {
          authorization: `Bearer ${token}`,
        }),
      ),
    ),
  );
}

describe("a family member booked through the API", () => {
  it("is a record of its own: the visit, its cap and its mail are the member's, named to the guardian", async () => {
    const { user: jane, token } = await guardianWithToken("Jane Parent");
    const added = await addMember(token, {
      name: "Emma Parent",
      dateOfBirth: bornYearsAgo(7),
      relationship: "child",
    });
    expect(added).toMatchObject({
      status: 201,
      body: { success: true, member: { name: "Emma Parent", relationship: "child" } },
    });
    const emma = (added.body!.member as { id: string; permissions: Record<string, boolean> }).id;
    // A child: every permission, without asking.
    expect((added.body!.member as { permissions: unknown }).permissions).toEqual({
      book: true,
      messages: true,
      forms: true,
      visits: true,
    });
    const listed = await outcome(
      await listFamilyApi(
        loaderArgs(
          new Request("http://localhost/api/me/family", {
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      ),
    );
    expect(listed.body).toMatchObject({ success: true, members: [{ id: emma }] });

    const dates = [2, 3, 4, 5].map((weeks) => upcoming(TUESDAY, weeks));
    for (const date of dates.slice(0, 3)) {
      const booked = await bookByApi(token, visitBody(date, emma));
      expect(booked.status).toBe(201);
      const visit = await prisma.appointment.findUniqueOrThrow({
        where: { id: (booked.body!.appointment as { _id: string })._id },
      });
      expect(visit.userId).toBe(emma);
      expect(visit.createdById).toBe(jane.id);
    }
    // The cap is Emma's: her fourth is refused, naming her; Jane still books for herself.
    const fourth = await bookByApi(token, visitBody(dates[3]!, emma));
    expect(fourth).toMatchObject({
      status: 409,
      body: {
        success: false,
        message:
          "Emma Parent already has 3 upcoming appointments. Please cancel one before booking another.",
      },
    });
    expect((await bookByApi(token, visitBody(dates[3]!))).status).toBe(201);

    // The confirmation goes to Jane, greets her and names Emma; nothing to Emma's record.
    const mail = await prisma.outboxMessage.findMany({
      where: {
        appointmentId: {
          in: (await prisma.appointment.findMany({ where: { userId: emma } })).map((v) => v.id),
        },
        kind: "booking",
      },
    });
    expect(mail).toHaveLength(3);
    for (const message of mail) {
      expect(message.toAddress).toBe(jane.email);
      expect(message.userId).toBe(jane.id);
      expect(message.subject).toMatch(/^Emma's Check-up on .+ is booked$/);
      expect(message.text).toMatch(/^Hello Jane Parent,\n\nEmma's appointment is booked\./);
    }
  });

  it("refuses another family's member as not found, like an id that exists nowhere", async () => {
    const { token: first } = await guardianWithToken("First Guardian");
    const { token: other } = await guardianWithToken("Other Guardian");
    const added = await addMember(first, {
      name: "Sam Child",
      dateOfBirth: bornYearsAgo(5),
      relationship: "child",
    });
    const sam = (added.body!.member as { id: string }).id;
    const refused = await bookByApi(other, visitBody(upcoming(TUESDAY, 6), sam));
    expect(refused).toMatchObject({
      status: 404,
      body: { success: false, message: FAMILY_TEXT.notFound },
    });
    // Not found is also what an id that exists nowhere answers: nothing tells them apart.
    const nowhere = await bookByApi(other, visitBody(upcoming(TUESDAY, 6), "no-such-record"));
    expect(nowhere.body).toEqual(refused.body);
    expect(await prisma.appointment.count({ where: { userId: sam } })).toBe(0);
  });

  it("refuses a service's age range on the visit's day", async () => {
    const { token } = await guardianWithToken("Age Guardian");
    const adults = await createService({ name: "Adult Whitening", durationMinutes: 30 });
    await prisma.service.update({ where: { id: adults.id }, data: { minAgeYears: 18 } });
    const added = await addMember(token, {
      name: "Tom Young",
      dateOfBirth: bornYearsAgo(9),
      relationship: "child",
    });
    const tom = (added.body!.member as { id: string }).id;
    const refused = await bookByApi(token, {
      ...visitBody(upcoming(TUESDAY, 7), tom),
      service: adults.id,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message:
          "Adult Whitening is for patients aged 18 and over. Please choose a service for the patient's age.",
      },
    });
  });
});

describe("the cap on family members", () => {
  it("holds when one account adds several at once (each server, each connection racing)", async () => {
    const guardian = await guardianWithToken("Racing Parent");
    for (let i = 0; i < MAX_DEPENDANTS - 2; i += 1) {
      const child = await createUser({ name: `Child ${i}` });
      await prisma.guardianLink.create({
        data: { guardianId: guardian.user.id, dependantId: child.id, relationship: "child" },
      });
    }
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        addMember(guardian.token, {
          name: `Racer ${i}`,
          dateOfBirth: bornYearsAgo(6),
          relationship: "child",
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409)[0]!.body).toMatchObject({
      message: FAMILY_TEXT.tooMany,
    });
    expect(
      await prisma.guardianLink.count({ where: { guardianId: guardian.user.id, endedAt: null } }),
    ).toBe(MAX_DEPENDANTS);
  });
});

describe("one reminder for a family's day", () => {
  it("goes to the guardian once for two children's visits on the same day", async () => {
    const { user: guardian } = await guardianWithToken("Day Guardian");
    const members = [];
    for (const name of ["Ada Day", "Ben Day"]) {
      const added = await addMember((await sessionFor(guardian)).token, {
        name,
        dateOfBirth: bornYearsAgo(8),
        relationship: "child",
      });
      members.push((added.body!.member as { id: string }).id);
    }
    const date = upcoming(TUESDAY, 8);
    for (const [index, patient] of members.entries()) {
      const booked = await bookAppointment(
        { ...visitBody(date, patient), time: index === 0 ? "11:00" : "11:30" },
        guardian.id,
      );
      expect(booked.ok).toBe(true);
    }
    const { sweepReminders } = await import("~/models/mail/reminders.server");
    const startsAt = (
      await prisma.appointment.findFirstOrThrow({
        where: { userId: members[0] },
        select: { startsAt: true },
      })
    ).startsAt;
    await sweepReminders(new Date(startsAt.getTime() - 47 * 3_600_000));
    const reminders = await prisma.outboxMessage.findMany({
      where: { toAddress: guardian.email, kind: "reminder" },
    });
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(/^Reminder: 2 family appointments on /);
    expect(reminders[0]!.text).toContain("Ada's Check-up");
    expect(reminders[0]!.text).toContain("Ben's Check-up");
  });
});

describe("growing up", () => {
  it("mails the young person a link; until they claim it, their mail goes to the guardian only", async () => {
    const { user: mum, token } = await guardianWithToken("Mia Mum");
    const young = await addMember(token, {
      name: "Leo Mum",
      dateOfBirth: bornYearsAgo(16),
      relationship: "child",
    });
    const leo = (young.body!.member as { id: string }).id;
    const small = await addMember(token, {
      name: "Kim Mum",
      dateOfBirth: bornYearsAgo(10),
      relationship: "child",
    });
    const kim = (small.body!.member as { id: string }).id;
    const giver = { kind: "guardian" as const, account: mum };
    expect(await offerOwnAccount(giver, kim, { email: "kim@example.com" })).toMatchObject({
      ok: false,
      message: FAMILY_TEXT.ownAccountTooYoung(16),
    });

    const offered = await offerOwnAccount(giver, leo, { email: "Leo@Example.com" });
    expect(offered).toMatchObject({ ok: true, email: "leo@example.com" });
    const link = await prisma.outboxMessage.findFirstOrThrow({
      where: { toAddress: "leo@example.com" },
    });
    const claimToken = /\/own-account\/([A-Za-z0-9_-]+)/.exec(link.text)?.[1];
    expect(claimToken).toBeTruthy();
    // The address is stored, not verified: Leo's mail still goes to his mother.
    expect((await messageRecipient(leo))?.to).toBe(mum.email);

    const claimed = await applyEmailVerification(claimToken!, {
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(claimed.ok).toBe(true);
    expect(await messageRecipient(leo)).toMatchObject({ to: "leo@example.com", about: null });

    // Now Leo decides: his mother may no longer book for him, then not at all.
    const leoAccount = await prisma.user.findUniqueOrThrow({ where: { id: leo } });
    const chosen = await decideGuardian(leoAccount, mum.id, { visits: "on" });
    expect(chosen.ok).toBe(true);
    expect(await mayActFor(mum.id, leo, "book")).toBe(false);
    expect(await mayActFor(mum.id, leo, "visits")).toBe(true);
    // A guardian cannot decide for someone who has grown up.
    expect((await decideGuardian(mum, leo, { book: "on" })).ok).toBe(false);
    expect((await decideGuardian(leoAccount, mum.id, { intent: "stop" })).ok).toBe(true);
    expect(await mayActFor(mum.id, leo, "visits")).toBe(false);
    expect(
      await prisma.auditEntry.count({
        where: {
          patientId: leo,
          action: { in: ["family.own_account", "family.permissions", "family.unlink"] },
        },
      }),
    ).toBe(3);
  });
});

describe("removing and deleting", () => {
  it("removes a member's record and link (audited) and refuses another family's", async () => {
    const { user: dad, token } = await guardianWithToken("Dan Dad");
    const { user: stranger } = await guardianWithToken("Stranger Danger");
    const added = await addMember(token, {
      name: "Ivy Dad",
      dateOfBirth: bornYearsAgo(4),
      relationship: "child",
    });
    const ivy = (added.body!.member as { id: string }).id;
    const booked = await bookAppointment(visitBody(upcoming(TUESDAY, 9), ivy), dad.id);
    expect(booked.ok).toBe(true);

    expect(await removeFamilyMember(stranger, ivy)).toMatchObject({
      ok: false,
      status: 404,
      message: FAMILY_TEXT.notFound,
    });
    const removed = await removeFamilyMember(dad, ivy);
    expect(removed).toMatchObject({ ok: true, removed: true });
    expect(await prisma.user.findUnique({ where: { id: ivy } })).toBeNull();
    expect(await prisma.guardianLink.count({ where: { dependantId: ivy } })).toBe(0);
    expect(
      await prisma.auditEntry.count({ where: { action: "family.remove", entityId: ivy } }),
    ).toBe(1);
  });

  it("asks what becomes of each member when the guardian deletes the account", async () => {
    const { user: gran, token } = await guardianWithToken("Gail Gran");
    const ids: string[] = [];
    for (const name of ["Kept Child", "Gone Child"]) {
      const added = await addMember(token, {
        name,
        dateOfBirth: bornYearsAgo(6),
        relationship: "child",
      });
      ids.push((added.body!.member as { id: string }).id);
    }
    const [kept, gone] = ids as [string, string];
    const exported = await exportMyDataWithFamily(gran);
    expect(exported.ok && exported.document.familyMembers).toHaveLength(2);

    const request = new Request("http://localhost/user/delete-account", { method: "POST" });
    const unanswered = await deleteAccountWithFamily(
      gran,
      { [`family-${kept}`]: "keep" },
      {
        request,
      },
    );
    expect(unanswered).toMatchObject({
      ok: false,
      message: FAMILY_TEXT.dependantChoice("Gone Child"),
    });
    expect(await prisma.user.count({ where: { id: { in: [gran.id, kept, gone] } } })).toBe(3);

    const deleted = await deleteAccountWithFamily(
      gran,
      { password: TEST_PASSWORD, [`family-${kept}`]: "keep", [`family-${gone}`]: "remove" },
      { request },
    );
    expect(deleted.ok).toBe(true);
    expect(await prisma.user.findUnique({ where: { id: gran.id } })).toBeNull();
    expect(await prisma.user.findUnique({ where: { id: gone } })).toBeNull();
    expect(await prisma.user.findUnique({ where: { id: kept } })).not.toBeNull();
    expect(await prisma.guardianLink.count({ where: { dependantId: kept } })).toBe(0);
  });
});

describe("the desk", () => {
  it("links a child's record to a guardian (audited) and shows the family on both cards", async () => {
    const reception = {
      id: (await createUser({ role: "reception" })).id,
      role: "reception" as const,
    };
    const parent = await createUser({ name: "Pat Parent" });
    const child = await prisma.user.create({
      data: {
        name: "Chris Parent",
        email: `chris-${Date.now()}@example.com`,
        dateOfBirth: bornYearsAgo(6),
      },
    });
    const linked = await linkGuardian(reception, child.id, {
      guardian: parent.email,
      relationship: "child",
    });
    expect(linked.ok).toBe(true);
    expect(await mayActFor(parent.id, child.id, "book")).toBe(true);
    expect((await familyOnCard(child.id)).guardians).toMatchObject([{ id: parent.id }]);
    expect((await familyOnCard(parent.id)).dependants).toMatchObject([{ id: child.id }]);
    expect(
      await prisma.auditEntry.count({ where: { action: "family.link", entityId: child.id } }),
    ).toBe(1);
    // A patient cannot be linked to themselves.
    expect(
      (await linkGuardian(reception, child.id, { guardian: child.email, relationship: "child" }))
        .ok,
    ).toBe(false);
  });
});
