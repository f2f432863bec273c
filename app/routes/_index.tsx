import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import {
  ContactSection,
  Highlights,
  OpeningHoursSection,
  SectionHeading,
  TreatmentGrid,
} from "~/components/home-sections";
import { ReviewsCarousel } from "~/components/reviews-carousel";
import { ServicesList } from "~/components/services-list";
import { NextAppointmentPanel } from "~/components/next-appointment";
import { getCatalog } from "~/models/services/catalog.server";
import { getPublicClinic } from "~/models/settings/clinic-settings.server";
import { nextAppointmentPanel } from "~/models/self-service/next-appointment.server";
import { listReviews } from "~/models/reviews/reviews.server";
import { useNonce } from "~/hooks/nonce-provider";
import { jsonLd } from "~/utils/json-ld";
import type { loader as rootLoader } from "~/root";
import { getUser } from "~/http/auth.server";
import { publicPageHeaders } from "~/http/page-headers.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // The home list has paging but no filters: only ?page is read.
  const page = new URL(request.url).searchParams.get("page");
  const [catalog, reviews, clinic, next] = await Promise.all([
    getCatalog(new URLSearchParams(page ? { page } : {})),
    // A failed reviews load is shown as the spec's toast, not as an error page.
    listReviews().catch((error: unknown) => {
      console.error("Loading reviews for the home page failed", error);
      return null;
    }),
    getPublicClinic(),
    getUser(request).then((user) => nextAppointmentPanel(user?.id ?? null)),
  ]);
  return { catalog, reviews, clinic, next };
}

// The same for every visitor who is not signed in (app/http/page-headers.server.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Dental Clinic | High-quality dental care for the whole family" },
  {
    name: "description",
    content:
      "Gentle, modern dentistry: whitening, cleaning, fillings, crowns and Invisalign. Browse our services and patient reviews, and book an appointment online.",
  },
];

export default function Home() {
  const { catalog, reviews, clinic, next } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="grid items-center gap-8 py-12 md:grid-cols-2 md:py-16">
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Welcome to our Dental Clinic
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            High-quality dental care for the whole family, from check-ups to complete smile
            makeovers, by a team that takes the time to explain.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            {user ? (
              <Link to="/make-appointment" className="btn-primary">
                Book an appointment
              </Link>
            ) : (
              <>
                <Link to="/login" className="btn-primary">
                  Login
                </Link>
                <Link to="/register" className="btn-secondary">
                  Sign-up
                </Link>
              </>
            )}
          </div>
          {next ? <NextAppointmentPanel {...next} /> : null}
        </div>
        <img
          src="/images/hero.svg"
          alt="A bright, healthy smile"
          width={960}
          height={640}
          // The largest paint of the page: fetch it before the stylesheet settles.
          fetchPriority="high"
          className="w-full rounded-xl"
        />
      </section>

      <Highlights />

      <section id="services" aria-labelledby="services-heading" className="py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading id="services-heading">All Services</SectionHeading>
          <Link
            to="/all-service"
            className="text-sm font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Filter by category and price
          </Link>
        </div>
        <ServicesList
          key={catalog.pages}
          services={catalog.services}
          pages={catalog.pages}
          firstPage={catalog.firstPage}
          total={catalog.total}
          filter={catalog.filter}
          basePath="/"
        />
      </section>

      <section aria-labelledby="reviews-heading" className="py-12">
        <SectionHeading id="reviews-heading">What our patients say</SectionHeading>
        <div className="mt-6">
          <ReviewsCarousel reviews={reviews} />
        </div>
      </section>

      <TreatmentGrid />
      <OpeningHoursSection clinic={clinic} />
      <ContactSection clinic={clinic} />
      <script
        type="application/ld+json"
        nonce={nonce}
        // Data, not code: escaped so that no value can close the script element.
        dangerouslySetInnerHTML={{ __html: jsonLd(clinic.structuredData) }}
      />
    </div>
  );
}
