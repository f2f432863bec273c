import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { PageLinks, StaffScreenHeader } from "~/components/staff-kit";
import { WaitlistTable } from "~/components/staff/waitlist-table";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import type { StaffHandle } from "~/models/permissions";
import {
  listWaitingEntries,
  waitedTimeOf,
  waitingForTime,
  waitlistFilters,
} from "~/models/waitlist/desk.server";
import { offerTimeByHand } from "~/models/waitlist/desk-offer.server";
import { partOfDayLabel } from "~/models/waitlist/rules";
import { formatDateTime, formatInstant } from "~/utils/clinic-format";
import { clinicNow } from "~/utils/clinic-time";
import { invalid } from "~/utils/result";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { badRequest, tooManyReads } from "~/http/http.server";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";

const PATH = "/staff/waitlist";
export const handle: StaffHandle = { permission: "waitlist.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const actor = staffActor(user);
  const filters = waitlistFilters(url.searchParams);
  const [choices, clock, named] = await Promise.all([
    bookingChoices(),
    getClinicClock(),
    waitedTimeOf(url.searchParams),
  ]);
  const today = clinicNow(new Date(), clock.timeZone).date;
  if (named && !named.ok) throw badRequest(named.message);
  if (named) {
    // Who waits for one time (a freed time in the diary): each can be offered it.
    const waiting = await waitingForTime(actor, named.at, named.dentistName);
    if (!waiting.ok) throw tooManyReads(waiting);
    return { choices, clock, today, filters, time: waiting, entries: waiting.entries, pages: null };
  }
  const listed = await listWaitingEntries(actor, filters, url.searchParams.get("after"));
  if (!listed.ok) throw tooManyReads(listed);
  const query = new URLSearchParams(
    Object.entries(filters).filter(([, value]) => value !== ""),
  ).toString();
  const pages = {
    next: listed.next
      ? `${PATH}?${query ? `${query}&` : ""}after=${encodeURIComponent(listed.next)}`
      : null,
    first: url.searchParams.has("after") ? `${PATH}${query ? `?${query}` : ""}` : null,
  };
  return { choices, clock, today, filters, time: null, entries: listed.entries, pages };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    task: "An offer from the waiting list",
    handler: async ({ request, form, actor }) => {
      if (form.intent !== "offer") return invalid("Please choose a patient to offer the time to.");
      const offered = await offerTimeByHand(actor, form);
      if (!offered.ok) return offered;
      const back = new URL(request.url);
      return redirectWithToast(safeRedirect(`${back.pathname}${back.search}`, PATH), {
        type: "success",
        message: offered.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Waiting list | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

const select = "field-input";
const label = "flex flex-col text-sm font-medium text-slate-800";

export default function WaitlistScreen() {
  const { choices, clock, today, filters, time, entries, pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Waiting list">
        Patients waiting for a time to free up, longest waiting first. Freed times are offered by
        e-mail on their own; offer one by hand, or call and book the patient now.
      </StaffScreenHeader>
      <FormError message={actionData?.error} />
      {time ? (
        <section aria-labelledby="time-heading" className="space-y-3">
          <h2 id="time-heading" className="text-lg font-semibold text-slate-900">
            Waiting for {formatDateTime(time.at.date, time.at.time, clock)} with {time.dentistName}{" "}
            ({entries.length})
          </h2>
          <p className="text-slate-700" data-testid="offer-note">
            {time.offerUntil
              ? `An offer made now stands until ${formatInstant(new Date(time.offerUntil), clock)}; the first patient to accept gets the time.`
              : "This time is too close to offer by e-mail: call a patient and book them now."}{" "}
            <Link to={PATH} className="text-brand-700 underline">
              The whole waiting list
            </Link>
          </p>
        </section>
      ) : (
        <Form
          method="get"
          className="flex flex-wrap items-end gap-3"
          aria-label="Filter the waiting list"
        >
          <label className={label}>
            Service
            <select name="service" defaultValue={filters.service} className={select}>
              <option value="">All services</option>
              {choices.services.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            Dentist
            <select name="dentist" defaultValue={filters.dentist} className={select}>
              <option value="">All dentists</option>
              {choices.dentists.map((dentist) => (
                <option key={dentist.value} value={dentist.value}>
                  {dentist.label}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            Time of day
            <select name="partOfDay" defaultValue={filters.partOfDay} className={select}>
              <option value="">Any time of day</option>
              <option value="morning">{partOfDayLabel("morning", clock)}</option>
              <option value="afternoon">{partOfDayLabel("afternoon", clock)}</option>
            </select>
          </label>
          <button type="submit" className="btn-primary">
            Show
          </button>
        </Form>
      )}
      {entries.length > 0 ? (
        <WaitlistTable
          entries={entries}
          clock={clock}
          at={time?.at ?? null}
          offerable={Boolean(time?.offerUntil)}
          today={today}
        />
      ) : (
        <p className="text-slate-700" data-testid="waitlist-empty">
          {time
            ? "Nobody on the waiting list suits this time."
            : Object.values(filters).some(Boolean)
              ? "Nobody waiting matches these filters."
              : "Nobody is on the waiting list."}
        </p>
      )}
      {pages ? (
        <PageLinks
          first={pages.first}
          older={pages.next}
          labels={{ first: "Back to the longest waiting", next: "Next page" }}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
