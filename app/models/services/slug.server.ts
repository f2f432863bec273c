import { randomBytes } from "node:crypto";
import { prisma } from "~/infra/db.server";
import { isUniqueViolation } from "~/utils/result";

/** The slug a service name gives: "Teeth Whitening!" -> "teeth-whitening". */
function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return slug || "service";
}

/** `base`, else `base-2`, `base-3`, ...: the first slug no service has yet. */
async function freeSlug(base: string): Promise<string> {
  const rows = await prisma.service.findMany({
    where: { slug: { startsWith: base } },
    select: { slug: true },
  });
  const taken = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/**
 * Runs `create` with the first slug `name` gives that no service has yet. Two services of
 * one name created at once can pick the same free slug; the unique index refuses the
 * second, which looks again, and finally takes a random suffix.
 */
export async function withFreeSlug<T>(name: string, create: (slug: string) => Promise<T>) {
  const base = slugify(name);
  for (let attempt = 0; ; attempt += 1) {
    const slug = attempt < 3 ? await freeSlug(base) : `${base}-${randomBytes(4).toString("hex")}`;
    try {
      return await create(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
