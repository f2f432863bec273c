/**
 * Who receives a patient's messages: the one question every mail of the clinic asks
 * (appointment mail, reminders, recall invitations, review requests, waiting-list offers;
 * docs/decisions/010-clinic-mail.md, 049-families.md).
 */
import { prisma } from "~/infra/db.server";
import { isNoEmailAddress } from "~/models/patients/no-email";
import { ACTIVE_LINK, hasOwnLogin } from "./links.server";

export type Recipient = {
  /** The address the message goes to. */
  to: string;
  /** Whose address it is: the patient's own account, or their guardian's. */
  accountId: string;
  /** Who the mail greets. */
  greet: string;
  /** Set when the message is about a family member the recipient looks after. */
  about: { id: string; name: string } | null;
};

const ADDRESS_FIELDS = {
  id: true,
  name: true,
  email: true,
  emailVerifiedAt: true,
  passwordHash: true,
  googleId: true,
} as const;

type Addressee = {
  email: string;
  emailVerifiedAt: Date | null;
  passwordHash: string | null;
  googleId: string | null;
};

/** The address the clinic may write to on this record itself, or null. */
function ownAddress(user: Addressee): string | null {
  // A record kept without an e-mail address (docs/decisions/042-patient-records-and-merges.md) is never mailed.
  if (isNoEmailAddress(user.email)) return null;
  if (user.emailVerifiedAt) return user.email;
  // A record the staff made for a caller (no password, no Google): the address they recorded.
  return hasOwnLogin(user) ? null : user.email;
}

/**
 * Where the messages of patient `patientId` go, or null when nobody may be mailed: the
 * patient's own address as ever, unless they are a family member someone looks after who
 * has no account of their own yet. Then their messages go to the (oldest) guardian whose
 * link receives them, and to no address of the record itself, even one entered for the
 * account they are about to get.
 */
export async function messageRecipient(patientId: string | null): Promise<Recipient | null> {
  if (!patientId) return null;
  const patient = await prisma.user.findUnique({
    where: { id: patientId },
    select: ADDRESS_FIELDS,
  });
  if (!patient) return null;
  const own = (): Recipient | null => {
    const to = ownAddress(patient);
    return to ? { to, accountId: patient.id, greet: patient.name, about: null } : null;
  };
  if (hasOwnLogin(patient)) return own();
  const links = await prisma.guardianLink.findMany({
    where: { dependantId: patientId, ...ACTIVE_LINK },
    select: { receivesMessages: true, guardian: { select: ADDRESS_FIELDS } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (links.length === 0) return own();
  for (const { receivesMessages, guardian } of links) {
    const to = receivesMessages ? ownAddress(guardian) : null;
    if (to) {
      return {
        to,
        accountId: guardian.id,
        greet: guardian.name,
        about: { id: patient.id, name: patient.name },
      };
    }
  }
  return null;
}

/**
 * Whose contact details carry a patient's messages on a channel other than e-mail (texts,
 * docs/decisions/052-text-messages.md), in the order `messageRecipient` tries them: the
 * patient's own record, or the guardians whose link receives their messages (oldest first)
 * for a family member without an account of their own. Never a record's own number when a
 * guardian's is the one to use.
 */
export async function messageAccounts(patientId: string | null): Promise<string[]> {
  if (!patientId) return [];
  const patient = await prisma.user.findUnique({
    where: { id: patientId },
    select: ADDRESS_FIELDS,
  });
  if (!patient) return [];
  if (hasOwnLogin(patient)) return [patient.id];
  const links = await prisma.guardianLink.findMany({
    where: { dependantId: patientId, ...ACTIVE_LINK },
    select: { receivesMessages: true, guardianId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (links.length === 0) return [patient.id];
  return links.flatMap((link) => (link.receivesMessages ? [link.guardianId] : []));
}

/**
 * The family members whose messages go to one of these accounts (a link in force that
 * receives them, to a member without an account of their own): whose visits a reply from
 * the account's number may be about.
 */
export async function membersMessagedThrough(accountIds: string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const links = await prisma.guardianLink.findMany({
    where: { guardianId: { in: accountIds }, receivesMessages: true, ...ACTIVE_LINK },
    select: { dependant: { select: { id: true, passwordHash: true, googleId: true } } },
  });
  return links.flatMap(({ dependant }) => (hasOwnLogin(dependant) ? [] : [dependant.id]));
}
