import { data, type ActionFunctionArgs } from "@remix-run/node";
import { insideCutoffMessage } from "~/models/booking/cancellation-policy.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { type LinkVisit, rescheduleTimes } from "~/models/self-service/changes.server";
import { clinicNow } from "~/utils/clinic-time";
import { formAction, type FormArgs } from "~/http/form-action.server";
import type { Failure, Result } from "~/utils/result";

/**
 * What the confirm, reschedule and cancel pages (mail link or My appointments) load: the
 * visit, the clinic's clock and phone, the cutoff sentence and, with `?date=`, that day's
 * free times for a move. A refusal (wrong or expired link) is a page with its message.
 */
export async function visitPageData(
  found: Result<{ visit: LinkVisit }>,
  request: Request,
  options: { times?: boolean } = {},
) {
  const settings = await getClinicSettings();
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const base = {
    clock,
    phone: settings.phone,
    cutoff: insideCutoffMessage(settings),
    today: clinicNow(new Date(), settings.timeZone).date,
  };
  if (!found.ok) {
    return data(
      { ...base, visit: null, refusal: found.message, date: "", choice: null },
      { status: found.status },
    );
  }
  const date = new URL(request.url).searchParams.get("date")?.trim() ?? "";
  const choice =
    options.times && found.visit.changeable
      ? await rescheduleTimes(found.visit, date || null)
      : null;
  return data({
    ...base,
    visit: {
      firstName: found.visit.firstName,
      serviceId: found.visit.serviceId,
      serviceName: found.visit.serviceName,
      dentistName: found.visit.dentistName,
      date: found.visit.date,
      time: found.visit.time,
      changeable: found.visit.changeable,
    },
    refusal: null,
    date,
    choice: choice?.ok
      ? {
          date: choice.date,
          times: choice.times,
          labels: choice.labels,
          message: choice.message,
          sameDentist: choice.sameDentist,
        }
      : null,
    dateError: choice && !choice.ok ? choice.message : null,
  });
}

/** A refused press of a visit page's button: the page again with the message. */
export const linkRefusal = (failure: Failure) => ({ done: null, error: failure.message });

/**
 * The action of a page that answers in place (a mail link's button): the outcome, or the
 * refusal under its status. The domain function takes the mail-link limit.
 */
export function linkAction(
  args: ActionFunctionArgs,
  task: string,
  act: (args: FormArgs<"anyone">) => Promise<Result<{ message: string }>>,
) {
  return formAction(args, {
    access: "anyone",
    task,
    refusal: linkRefusal,
    handler: async (formArgs) => {
      const result = await act(formArgs);
      return result.ok ? data({ done: result.message, error: null }) : result;
    },
  });
}
