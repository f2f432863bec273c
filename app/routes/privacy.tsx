import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { telHref } from "~/data/clinic";
import { getPublicClinic } from "~/models/settings/clinic-settings.server";
import { RESET_LINK_TTL_MS } from "~/models/accounts/password-reset.server";
import { DRAFT_TTL_SECONDS } from "~/http/form-draft.server";
import { SESSION_TTL_MS } from "~/infra/session.server";

/** The periods the notice names, from the code that enforces them. */
export async function loader() {
  const { name, email, phone, addressLine } = await getPublicClinic();
  return {
    clinic: { name, email, phone, addressLine },
    sessionDays: Math.round(SESSION_TTL_MS / 86_400_000),
    resetHours: RESET_LINK_TTL_MS / 3_600_000,
    draftMinutes: DRAFT_TTL_SECONDS / 60,
  };
}

export const meta: MetaFunction = () => [
  { title: "Privacy notice | Dental Clinic" },
  {
    name: "description",
    content:
      "What the clinic's website stores about you, why, for how long, and how to get a copy or have it deleted.",
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-800">{children}</div>
    </section>
  );
}

export default function Privacy() {
  const { clinic, sessionDays, resetHours, draftMinutes } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Privacy notice</h1>
      <p className="mt-4 text-lg text-slate-700">
        What this website keeps about you, why, for how long, and how you can see it or have it
        deleted. {clinic.name} is responsible for it.
      </p>

      <Section id="what" title="What we store">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Your account:</strong> your name, e-mail address, the picture you chose (or the
            link to it), your address if you give one, and your password as a one-way hash (never
            the password itself). If you sign in with Google, Google gives us your name, e-mail
            address and picture, and we keep your Google account number to recognise you.
          </li>
          <li>
            <strong>Your appointments:</strong> the service, the date and time, and the name, e-mail
            address, phone number and message you give with each booking, with whether it is booked
            or cancelled. Your message may say something about your teeth or your health: it is read
            only by the clinic.
          </li>
          <li>
            <strong>The waiting list:</strong> the service, dentist, days and time of day you wait
            for, the phone number for the booking, and the times we offered you with your answer.
          </li>
          <li>
            <strong>Your reviews:</strong> the name you give, the rating, the service and your text.
            Reviews are published on the service&apos;s page.
          </li>
          <li>
            <strong>Services you add</strong> to the catalogue, with you as their author.
          </li>
          <li>
            <strong>Signing in:</strong> a cookie holding a random sign-in key, and on our side a
            hash of that key with the time it runs out.
          </li>
          <li>
            <strong>E-mails we send you:</strong> booking confirmations and cancellations, offers of
            a time from the waiting list, and password reset links.
          </li>
          <li>
            <strong>Our server&apos;s log:</strong> which pages were asked for, when, and from which
            internet address.
          </li>
        </ul>
        <p>
          The website sets only the cookies it needs to work: no advertising, no tracking, no
          analytics. The map on the home page comes from OpenStreetMap, which sees your internet
          address when your browser loads it.
        </p>
      </Section>

      <Section id="why" title="Why">
        <ul className="list-disc space-y-2 pl-6">
          <li>To give you your account and keep it yours (sign-in, password reset).</li>
          <li>
            To book your appointments, keep the diary, send you confirmations, and reach you about a
            visit.
          </li>
          <li>To show other patients your review, under the name you gave.</li>
          <li>To keep the website safe: to limit repeated sign-in attempts and find faults.</li>
        </ul>
        <p>We do not sell your details or share them with anyone for marketing.</p>
      </Section>

      <Section id="how-long" title="How long we keep it">
        <ul className="list-disc space-y-2 pl-6">
          <li>Your account, appointments, reviews and services: until you delete your account.</li>
          <li>
            A place on the waiting list: until you leave it, book from it, or its last day passes,
            and then with your account (it is deleted with it).
          </li>
          <li>
            A sign-in: {sessionDays} days, or until you log out. A password reset link:{" "}
            {resetHours === 1 ? "one hour" : `${resetHours} hours`}, and it works once.
          </li>
          <li>
            A form you were filling in when we asked you to log in: {draftMinutes} minutes, in a
            cookie in your browser. A message shown after a form: until the next page.
          </li>
          <li>
            When you delete your account, upcoming appointments are cancelled, and past ones and
            your reviews are kept without your name, e-mail address or phone number, so that the
            clinic&apos;s diary stays complete.
          </li>
        </ul>
      </Section>

      <Section id="your-data" title="Getting a copy, or having it deleted">
        <p>
          Signed in, you can download everything we hold about you, and delete your account, from
          your account&apos;s{" "}
          <Link to="/user/data" className="text-brand-700 underline">
            My data page
          </Link>
          . You can change your name, picture and address on your profile at any time.
        </p>
        <p>
          You can also ask us by e-mail or by phone (below); we answer within one month. You may
          also complain to your data protection or consumer protection authority.
        </p>
      </Section>

      <Section id="contact" title="Whom to contact">
        <address className="space-y-1 not-italic">
          <p className="font-semibold">{clinic.name}</p>
          <p>{clinic.addressLine}</p>
          <p>
            E-mail:{" "}
            <a href={`mailto:${clinic.email}`} className="text-brand-700 underline">
              {clinic.email}
            </a>
          </p>
          <p>
            Phone:{" "}
            <a href={telHref(clinic.phone)} className="text-brand-700 underline">
              {clinic.phone}
            </a>
          </p>
        </address>
      </Section>
    </article>
  );
}
