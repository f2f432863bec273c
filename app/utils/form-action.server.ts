import { data } from "@remix-run/node";
import type { SelectOption } from "~/components/searchable-select";
import { getAllServices } from "~/models/service.server";
import { retryAfterHeaders, TRY_AGAIN_MESSAGE, unexpectedError, type Failure } from "./result";

/**
 * A page action's refusal: the form again with what the visitor typed, the message and
 * the field it is about (if any), under the refusal's status (and its Retry-After).
 */
export function formRefusal<Values extends Record<string, string>>(
  failure: Failure,
  values: Values,
) {
  return data(
    { error: failure.message, field: failure.field ?? null, values },
    { status: failure.status, headers: retryAfterHeaders(failure) },
  );
}

/**
 * A page action's answer when its domain call threw: logged for us, and for the patient
 * the form again with what they typed and a message (docs/spec/product-spec.md §8:
 * logged, error toast), never the error itself. A busy database asks them to try again in a moment (503).
 */
export function unexpectedFailure<Values extends Record<string, string>>(
  what: string,
  error: unknown,
  values: Values,
  message: string = TRY_AGAIN_MESSAGE,
) {
  return formRefusal(unexpectedError(what, error, message), values);
}

/**
 * The services a booking or review form offers, by name. If they cannot be read the
 * failure is only logged and the form still shows (docs/spec/product-spec.md §8); sending
 * it then says why.
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
