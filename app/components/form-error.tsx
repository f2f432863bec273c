import { useEffect } from "react";
import { showAppToast } from "./toaster";

/**
 * A form's server-side refusal: shown in red under the form (works without JavaScript)
 * and, with JavaScript, also as the spec's error toast.
 */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  useEffect(() => {
    if (message) showAppToast({ type: "error", message });
  }, [message]);
  if (!message) return null;
  return (
    <p id={id} role="alert" className="form-error mt-3" data-testid="form-error">
      {message}
    </p>
  );
}
