import { data } from "@remix-run/node";

export const TRY_AGAIN_MESSAGE = "Something went wrong. Please try again.";

/**
 * A page action's answer when its domain call threw: logged for us, and for the patient
 * the form again with what they typed and a message (spec 8: logged, error toast), never
 * the error itself.
 */
export function unexpectedFailure(what: string, error: unknown, values: Record<string, string>) {
  console.error(`${what} failed`, error);
  return data({ error: TRY_AGAIN_MESSAGE, values }, { status: 500 });
}
