import { prisma } from "~/infra/db.server";
import { cachedRead } from "~/infra/read-cache.server";
import { PUBLICLY_LISTED } from "~/models/services/catalog.server";

export type TeamMember = {
  id: string;
  slug: string;
  name: string;
  title: string;
  kind: string;
  photo: string;
  bio: string;
  /** Services this dentist performs (published, not hidden), by name. */
  services: { id: string; slug: string; name: string }[];
};

/** The active dentists in their order, with what they perform (the team page, pickers). */
export function listTeam(): Promise<TeamMember[]> {
  return cachedRead(["team", "catalogue"], "team", async () => {
    const rows = await prisma.dentist.findMany({
      where: { active: true },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      include: {
        services: {
          where: { service: { hidden: false, status: "published" } },
          select: { service: { select: { id: true, slug: true, name: true } } },
          orderBy: { service: { name: "asc" } },
        },
      },
    });
    return rows.map(({ services, ...dentist }) => ({
      id: dentist.id,
      slug: dentist.slug,
      name: dentist.name,
      title: dentist.title,
      kind: dentist.kind,
      photo: dentist.photo,
      bio: dentist.bio,
      services: services.map((link) => link.service),
    }));
  });
}

/**
 * Who performs a service: the dentists linked to it, or the whole team while nobody is
 * (the same rule as the slot engine's, ~/models/booking/availability.server).
 */
export async function dentistsFor(serviceId: string): Promise<TeamMember[]> {
  const team = await listTeam();
  const linked = team.filter((dentist) => dentist.services.some((s) => s.id === serviceId));
  return linked.length > 0 ? linked : team;
}

export type BookableService = {
  value: string;
  label: string;
  durationMinutes: number;
  priceCents: number;
  /** Dentists who perform it (every dentist while nobody is linked). */
  dentistIds: string[];
};

/** The booking form's choices: bookable services with length and price, and the team. */
export async function bookingChoices(): Promise<{
  services: BookableService[];
  dentists: { value: string; label: string }[];
}> {
  const [team, services] = await Promise.all([
    listTeam(),
    cachedRead(["catalogue"], "services:bookable", () =>
      prisma.service.findMany({
        where: PUBLICLY_LISTED,
        orderBy: [{ name: "asc" }, { id: "asc" }],
        select: { id: true, name: true, durationMinutes: true, priceCents: true },
      }),
    ),
  ]);
  return {
    services: services.map((service) => {
      const linked = team.filter((d) => d.services.some((s) => s.id === service.id));
      return {
        value: service.id,
        label: service.name,
        durationMinutes: service.durationMinutes,
        priceCents: service.priceCents,
        dentistIds: (linked.length > 0 ? linked : team).map((dentist) => dentist.id),
      };
    }),
    dentists: team.map((dentist) => ({
      value: dentist.id,
      label: `${dentist.name}, ${dentist.title}`,
    })),
  };
}

/** A service page's diary facts: how long the visit is and who performs it. */
export async function serviceVisit(serviceId: string) {
  const [row, dentists] = await Promise.all([
    cachedRead(["catalogue"], `service-times:${serviceId}`, () =>
      prisma.service.findUnique({
        where: { id: serviceId },
        select: { durationMinutes: true },
      }),
    ),
    dentistsFor(serviceId),
  ]);
  return {
    durationMinutes: row?.durationMinutes ?? 0,
    dentists: dentists.map(({ slug, name, title }) => ({ slug, name, title })),
  };
}
