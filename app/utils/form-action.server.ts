import { data } from "@remix-run/node";
import type { SelectOption } from "~/components/searchable-select";
import { getAllServices } from "~/models/service.server";

export const TRY_AGAIN_MESSAGE = "Something went wrong. Please try again.";

/**
 * A page action's answer when its domain call threw: logged for us, and for the patient
 * the form again with what they typed and a message (spec 8: logged, error toast), never
 * the error itself.
 */
export function unexpectedFailure(
  what: string,
  error: unknown,
  values: Record<string, string>,
  message: string = TRY_AGAIN_MESSAGE,
) {
  console.error(`${what} failed`, error);
  return data({ error: message, values }, { status: 500 });
}

/**
 * The services a booking or review form offers, by name. If they cannot be read the
 * failure is only logged and the form still shows (spec 8); sending it then says why.
 */
export async function serviceOptions(): Promise<SelectOption[]> {
  try {
    const services = await getAllServices();
    return services.map((service) => ({ value: service._id, label: service.name }));
  } catch (error) {
    console.error("Loading the services for a form failed", error);
    return [];
  }
}
