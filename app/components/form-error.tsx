import { useEffect } from "react";
import { dismissAppToast, showAppToast } from "./toaster";

/**
 * A form's refusal: shown in red under the form (works without JavaScript) and, with
 * JavaScript, also as the spec's error toast. The form has one error toast at a time: a
 * new error replaces it, and it goes when the error does (the field was fixed, the form
 * was sent and left the page). `version` counts the times the error was given, so the
 * same message given again shows its toast again.
 */
export function FormError({
  message,
  id = "form-error",
  version = 0,
}: {
  message: string | null | undefined;
  id?: string;
  version?: number;
}) {
  const toastId = `form-error:${id}`;
  useEffect(() => {
    if (message) showAppToast({ type: "error", message }, toastId);
    else dismissAppToast(toastId);
  }, [message, toastId, version]);
  useEffect(() => () => dismissAppToast(toastId), [toastId]);
  if (!message) return null;
  return (
    <p id={id} role="alert" className="form-error mt-3" data-testid="form-error">
      {message}
    </p>
  );
}
