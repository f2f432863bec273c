/**
 * Two records of one person made one (docs/decisions/042-patient-records-and-merges.md):
 * the family links of the duplicate follow the person to the record kept
 * (docs/decisions/049-families.md).
 */
import { prisma } from "~/infra/db.server";

/**
 * Moves every link of record `duplicateId` (as guardian or as family member) to `keepId`,
 * inside the merge's transaction. A link between the two records themselves goes; where
 * both were linked to the same person, one link stays: in force if either was, with what
 * either allowed. Answers how many links moved.
 */
export async function moveFamilyLinks(keepId: string, duplicateId: string) {
  const links = await prisma.guardianLink.findMany({
    where: { OR: [{ guardianId: duplicateId }, { dependantId: duplicateId }] },
  });
  for (const link of links) {
    const guardianId = link.guardianId === duplicateId ? keepId : link.guardianId;
    const dependantId = link.dependantId === duplicateId ? keepId : link.dependantId;
    if (guardianId === dependantId) {
      await prisma.guardianLink.delete({ where: { id: link.id } });
      continue;
    }
    const same = await prisma.guardianLink.findUnique({
      where: { guardianId_dependantId: { guardianId, dependantId } },
    });
    if (!same) {
      await prisma.guardianLink.update({
        where: { id: link.id },
        data: { guardianId, dependantId },
      });
      continue;
    }
    const both = [same, link].filter((entry) => entry.endedAt === null);
    const from = both.length > 0 ? both : [same];
    await prisma.guardianLink.update({
      where: { id: same.id },
      data: {
        endedAt: both.length > 0 ? null : same.endedAt,
        mayBook: from.some((entry) => entry.mayBook),
        receivesMessages: from.some((entry) => entry.receivesMessages),
        mayFillForms: from.some((entry) => entry.mayFillForms),
        maySeeVisits: from.some((entry) => entry.maySeeVisits),
      },
    });
    await prisma.guardianLink.delete({ where: { id: link.id } });
  }
  return links.length;
}
