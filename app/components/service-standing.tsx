import { serviceStandingLabel, type ServiceStatus } from "~/models/services/status";

type Standing = { status: ServiceStatus; hidden: boolean; reason?: string | null };

const TONES: Record<ServiceStatus, string> = {
  published: "border-emerald-700 bg-emerald-50 text-emerald-900",
  awaiting_review: "border-amber-600 bg-amber-50 text-amber-900",
  rejected: "border-red-700 bg-red-50 text-red-800",
};

/** Where a service stands, as a word (never colour alone). */
export function ServiceStatusBadge({ standing }: { standing: Standing }) {
  const tone =
    standing.status === "published" && standing.hidden
      ? "border-slate-400 bg-slate-100 text-slate-800"
      : TONES[standing.status];
  return (
    <span
      className={`inline-block rounded border px-1.5 py-0.5 text-xs font-semibold ${tone}`}
      data-testid="service-status"
    >
      {serviceStandingLabel(standing)}
    </span>
  );
}

/** Shown above a service page that only its author and staff can open. */
export function ServiceStandingNotice({ standing }: { standing: Standing }) {
  const explanation =
    standing.status === "awaiting_review"
      ? "The clinic reviews new services before they appear on the site. Only you and the clinic's staff can see this page for now."
      : standing.status === "rejected"
        ? "The clinic decided not to publish this service. Only you and the clinic's staff can see this page."
        : "The clinic has taken this service off the site. Only you and the clinic's staff can see this page.";
  return (
    <div
      role="status"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
      data-testid="service-standing"
    >
      <p className="font-semibold">
        <ServiceStatusBadge standing={standing} />
      </p>
      <p className="mt-2 text-sm">{explanation}</p>
      {standing.reason ? (
        <p className="mt-2 text-sm" data-testid="rejection-reason">
          Reason: {standing.reason}
        </p>
      ) : null}
    </div>
  );
}
