import { Form, Link, useNavigation } from "@remix-run/react";
import type { DeskWaitlistEntry, WaitedTime } from "~/models/waitlist/desk.server";
import { partOfDayLabel } from "~/models/waitlist/rules";
import { type ClinicClock, formatDateRange, formatInstant } from "~/utils/clinic-format";
import { ColumnHeadings, PhoneLink, Timestamp } from "../staff-kit";

/** The desk booking of a waiting patient: their service and dentist, at `at` or from their first day. */
export function bookNowHref(entry: DeskWaitlistEntry, at: WaitedTime | null, today: string) {
  const params = new URLSearchParams({ patient: entry.patientId, service: entry.serviceId });
  if (at) {
    params.set("dentist", at.dentistId);
    params.set("date", at.date);
    params.set("time", at.time);
  } else {
    if (entry.dentist) params.set("dentist", entry.dentist.id);
    params.set("date", entry.fromDate > today ? entry.fromDate : today);
  }
  params.set("waitlist", entry.id);
  return `/staff/bookings/new?${params}`;
}

/**
 * The waiting entries, longest waiting first: who, what for, which days and part of the
 * day, since when, the offer standing for them; "Book now" for each and, for a time that can
 * still be offered by mail, "Offer".
 */
export function WaitlistTable({
  entries,
  clock,
  at,
  offerable,
  today,
}: {
  entries: DeskWaitlistEntry[];
  clock: ClinicClock;
  /** The time the list is for, if any: each entry can be offered it. */
  at: WaitedTime | null;
  offerable: boolean;
  today: string;
}) {
  const navigation = useNavigation();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <ColumnHeadings
          className="bg-slate-50 text-slate-800"
          cellClassName="p-2"
          columns={[
            "Patient",
            "Waiting for",
            "Days and time of day",
            "Waiting since",
            "Offer standing",
            <span key="actions" className="sr-only">
              Actions
            </span>,
          ]}
        />
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => {
            const busy =
              navigation.state === "submitting" && navigation.formData?.get("entryId") === entry.id;
            return (
              <tr key={entry.id} data-testid="waitlist-entry" className="align-top">
                <td className="p-2">
                  <Link
                    to={`/staff/patients/${entry.patientId}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {entry.patientName}
                  </Link>
                  <span className="block">
                    <PhoneLink phone={entry.phone} />
                  </span>
                </td>
                <td className="p-2">
                  {entry.serviceName}
                  <span className="block text-slate-700">
                    {entry.dentist ? `with ${entry.dentist.name}` : "any dentist"}
                  </span>
                </td>
                <td className="p-2">
                  {formatDateRange(entry.fromDate, entry.toDate, clock)}
                  <span className="block text-slate-700">
                    {partOfDayLabel(entry.partOfDay, clock)}
                  </span>
                </td>
                <td className="p-2">
                  <Timestamp iso={entry.since} />
                </td>
                <td className="p-2 text-slate-700">
                  {entry.openOffer
                    ? `${formatInstant(new Date(entry.openOffer.startsAt), clock)} with ${entry.openOffer.dentistName}, until ${formatInstant(new Date(entry.openOffer.expiresAt), clock)}`
                    : "None"}
                </td>
                <td className="p-2">
                  <span className="flex flex-wrap gap-2">
                    {at && offerable && !entry.openOffer ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="offer" />
                        <input type="hidden" name="entryId" value={entry.id} />
                        <input type="hidden" name="date" value={at.date} />
                        <input type="hidden" name="time" value={at.time} />
                        <input type="hidden" name="dentist" value={at.dentistId} />
                        <button
                          type="submit"
                          className="btn-primary"
                          aria-label={`Offer this time to ${entry.patientName}`}
                          disabled={busy}
                        >
                          {busy ? "Offering..." : "Offer"}
                        </button>
                      </Form>
                    ) : null}
                    <Link
                      to={bookNowHref(entry, at, today)}
                      className="btn-secondary"
                      aria-label={`Book ${entry.patientName} now`}
                    >
                      Book now
                    </Link>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
