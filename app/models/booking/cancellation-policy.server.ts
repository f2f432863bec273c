import type { Settings } from "~/models/settings/clinic-settings.server";

type Cutoff = Pick<Settings, "cancellationCutoffHours">;

/** When the cancellation cutoff (setting, 24 h by default) begins for a visit starting then. */
export function cutoffStart(startsAt: Date, settings: Cutoff): Date {
  return new Date(startsAt.getTime() - settings.cancellationCutoffHours * 3_600_000);
}

/**
 * Inside the cutoff only the clinic changes a visit: the patient's links and pages refuse,
 * and everything the patient reads about it gives the clinic's phone instead.
 */
export function isInsideCutoff(startsAt: Date, settings: Cutoff, now: Date): boolean {
  return now > cutoffStart(startsAt, settings);
}

export function insideCutoffMessage(settings: Pick<Settings, "cancellationCutoffHours" | "phone">) {
  return `Appointments starting within ${settings.cancellationCutoffHours} hours can only be changed or cancelled by phone. Please call the clinic${settings.phone ? ` on ${settings.phone}` : ""}.`;
}
