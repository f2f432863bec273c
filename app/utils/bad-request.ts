/**
 * What a page's loader throws (400) for a query parameter it cannot use, such as a date
 * outside the accepted window: the route's error boundary shows the message
 * (~/components/error-pages), never an error page for a fault of ours.
 */
export type BadRequest = { badRequest: true; message: string };

export function isBadRequest(value: unknown): value is BadRequest {
  return (
    typeof value === "object" &&
    value !== null &&
    "badRequest" in value &&
    value.badRequest === true &&
    "message" in value &&
    typeof value.message === "string"
  );
}
