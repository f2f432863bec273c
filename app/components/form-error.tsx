import { useEffect, useRef } from "react";
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
  // Each error given gets a toast of its own id: sonner drops a toast that reuses the id
  // of one just dismissed (the field was fixed, then the form sent again at once).
  const shownToast = useRef<string | null>(null);
  useEffect(() => {
    if (shownToast.current) dismissAppToast(shownToast.current);
    shownToast.current = null;
    if (!message) return;
    const toastId = `form-error:${id}:${version}:${message}`;
    shownToast.current = toastId;
    showAppToast({ type: "error", message }, toastId);
  }, [message, id, version]);
  useEffect(
    () => () => {
      if (shownToast.current) dismissAppToast(shownToast.current);
    },
    [],
  );
  if (!message) return null;
  return (
    <p id={id} role="alert" className="form-error mt-3" data-testid="form-error">
      {message}
    </p>
  );
}
