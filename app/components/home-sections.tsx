import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CLINIC_PAGE, clinicDirectionsUrl, clinicMapUrl, telHref } from "~/data/clinic";
import type { PublicClinic } from "~/models/settings/clinic-settings.server";

export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
      {children}
    </h2>
  );
}

/** The three highlighted offerings; a length they state must be the service's (tests/unit/prisma/seed-texts.test.ts). */
export const HIGHLIGHTS = [
  {
    slug: "teeth-whitening",
    title: "Teeth Whitening",
    text: "Several shades brighter in a single one-hour visit, without the sensitivity.",
  },
  {
    slug: "teeth-cleaning",
    title: "Teeth Cleaning",
    text: "A hygienist removes plaque and tartar and shows you how to keep them away.",
  },
  {
    slug: "modern-anesthetic",
    title: "Modern Anesthetic",
    text: "Computer-controlled numbing that makes injections close to painless.",
  },
] as const;

/** The three highlighted offerings of the landing page. */
export function Highlights() {
  return (
    <section aria-labelledby="highlights-heading" className="py-12">
      <SectionHeading id="highlights-heading">Our Services</SectionHeading>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {HIGHLIGHTS.map((item) => (
          <li key={item.slug} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <img
              src={`/images/services/${item.slug}.svg`}
              alt=""
              width={96}
              height={72}
              loading="lazy"
              decoding="async"
              className="h-[72px] w-24 rounded-md object-cover"
            />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 text-sm text-slate-700">{item.text}</p>
            <Link
              to={`/product/${item.slug}`}
              className="mt-3 inline-block text-sm font-semibold text-brand-700 underline hover:text-brand-800"
            >
              About {item.title.toLowerCase()}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const TREATMENTS = [
  { slug: "teeth-cleaning", title: "Teeth Cleanings" },
  { slug: "cosmetic-fillings", title: "Cosmetic Fillings" },
  { slug: "invisalign", title: "Invisalign" },
  { slug: "dental-crowns", title: "Dental Crowns" },
] as const;

/** The photo grid of treatments. */
export function TreatmentGrid() {
  return (
    <section aria-labelledby="treatments-heading" className="py-12">
      <SectionHeading id="treatments-heading">Treatments</SectionHeading>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {TREATMENTS.map((treatment) => (
          <li key={treatment.slug}>
            <Link to={`/product/${treatment.slug}`} className="group block">
              <figure className="overflow-hidden rounded-lg border border-slate-200">
                <img
                  src={`/images/services/${treatment.slug}.svg`}
                  alt={treatment.title}
                  width={640}
                  height={480}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                />
                <figcaption
                  aria-hidden="true"
                  className="bg-white px-3 py-2 text-center text-sm font-semibold text-slate-900"
                >
                  {treatment.title}
                </figcaption>
              </figure>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The further section: when the clinic is open (from the clinic's settings). */
export function OpeningHoursSection({ clinic }: { clinic: PublicClinic }) {
  return (
    <section aria-labelledby="hours-heading" className="py-12">
      <div className="grid gap-6 rounded-xl bg-brand-50 p-6 sm:p-10 md:grid-cols-2">
        <div>
          <SectionHeading id="hours-heading">Opening hours</SectionHeading>
          <dl className="mt-4 space-y-2 text-slate-800">
            {clinic.hours.map((row) => (
              <div key={row.days} className="flex flex-wrap gap-x-2">
                <dt className="font-semibold">{row.days}:</dt>
                <dd>{row.text}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-700">
            Appointments start every {clinic.gridMinutes} minutes, up to {clinic.horizonDays} days
            ahead. Times are {clinic.zoneName}.
          </p>
        </div>
        <div className="flex flex-col justify-center gap-4">
          <p className="text-slate-800">{CLINIC_PAGE.emergencyNote}</p>
          <p className="font-semibold text-slate-900">
            Phone:{" "}
            <a href={telHref(clinic.phone)} className="text-brand-700 underline">
              {clinic.phone}
            </a>
          </p>
          <Link to="/make-appointment" className="btn-primary self-start">
            Book an appointment
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * Contact: an embedded map with directions beside it, the address, the e-mail and the
 * phone. The spec's e-mail link went nowhere; patients need it to work
 * (docs/decisions/018-patient-experience.md).
 */
export function ContactSection({ clinic }: { clinic: PublicClinic }) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="py-12">
      <SectionHeading id="contact-heading">Contact</SectionHeading>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="space-y-2">
          <iframe
            title="Map to the clinic"
            src={clinicMapUrl()}
            loading="lazy"
            referrerPolicy="no-referrer"
            width={600}
            height={320}
            className="h-80 w-full rounded-lg border border-slate-200"
          />
          <a
            href={clinicDirectionsUrl()}
            className="inline-block text-sm font-semibold text-brand-700 underline"
            data-testid="clinic-directions"
          >
            Get directions
          </a>
        </div>
        <address className="space-y-3 text-slate-800 not-italic">
          <p className="font-semibold text-slate-900">{clinic.name}</p>
          <p data-testid="clinic-address">{clinic.addressLine}</p>
          <p>
            E-mail:{" "}
            <a
              href={`mailto:${clinic.email}`}
              className="text-brand-700 underline"
              data-testid="clinic-email"
            >
              {clinic.email}
            </a>
          </p>
          <p>
            Phone:{" "}
            <a
              href={telHref(clinic.phone)}
              className="text-brand-700 underline"
              data-testid="clinic-phone"
            >
              {clinic.phone}
            </a>
          </p>
        </address>
      </div>
    </section>
  );
}
