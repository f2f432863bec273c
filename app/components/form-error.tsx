import { useEffect } from "react";
import { toast } from "sonner";

/**
 * A form's server-side refusal: shown in red under the form (works without JavaScript)
 * and, with JavaScript, also as the spec's error toast.
 */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  useEffect(() => {
    if (message) toast.error(message, { id: `form-error:${message}` });
  }, [message]);
  if (!message) return null;
  return (
    <p id={id} role="alert" className="form-error mt-3" data-testid="form-error">
      {message}
    </p>
  );
}
