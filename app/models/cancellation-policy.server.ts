import type { Settings } from "./clinic-settings.server";

/** The cancellation cutoff (setting, 24 h by default): inside it, only the clinic changes a visit. */
export function isInsideCutoff(
  startsAt: Date,
  settings: Pick<Settings, "cancellationCutoffHours">,
  now: Date,
): boolean {
  return startsAt.getTime() - now.getTime() < settings.cancellationCutoffHours * 3_600_000;
}

export function insideCutoffMessage(settings: Pick<Settings, "cancellationCutoffHours" | "phone">) {
  return `Appointments starting within ${settings.cancellationCutoffHours} hours can only be changed or cancelled by phone. Please call the clinic${settings.phone ? ` on ${settings.phone}` : ""}.`;
}
