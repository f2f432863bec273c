import { Link } from "@remix-run/react";

/**
 * "No free time that suits you? Join the waiting list": under the booking and reschedule
 * forms, carrying what the patient chose so far (service, dentist, date) to the join form.
 */
export function WaitlistLink({
  service,
  dentist,
  date,
}: {
  service?: string;
  dentist?: string;
  date?: string;
}) {
  const query = new URLSearchParams(
    Object.entries({ service, dentist, date }).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    ),
  ).toString();
  return (
    <p className="mt-4 text-sm text-slate-700">
      No free time that suits you?{" "}
      <Link
        to={`/user/waitlist${query ? `?${query}` : ""}`}
        className="text-brand-700 font-semibold underline"
      >
        Join the waiting list
      </Link>{" "}
      and we e-mail you when one frees up.
    </p>
  );
}
