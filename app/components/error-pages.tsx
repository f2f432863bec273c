import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { isBadRequest } from "~/utils/bad-request";
import { isStaffOnly } from "~/models/roles";
import { LoginGuard } from "./login-guard";
import { isSignInRequired } from "~/utils/sign-in-required";

export const UNEXPECTED_ERROR_HEADING = "Unexpected Application Error!";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-700">
        We could not find the page you were looking for. It may have moved, or the link may be
        mistyped.
      </p>
      <Link to="/" className="btn-primary">
        Back to the home page
      </Link>
    </section>
  );
}

export function StaffOnlyPage({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">403</p>
      <h1 className="text-3xl font-bold text-slate-900">Staff only</h1>
      <p className="text-slate-700">{message}</p>
      <Link to="/" className="btn-primary">
        Back to the home page
      </Link>
    </section>
  );
}

export function BadRequestPage({ message, status = 400 }: { message: string; status?: number }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{status}</p>
      <h1 className="text-3xl font-bold text-slate-900">
        {status === 429 ? "Please wait a little" : "This address cannot be shown"}
      </h1>
      <p className="text-slate-700" data-testid="bad-request">
        {message}
      </p>
      <Link to="." className="btn-primary">
        Open the page without it
      </Link>
    </section>
  );
}

export function UnexpectedErrorPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{UNEXPECTED_ERROR_HEADING}</h1>
      <p className="text-slate-700">
        Something went wrong on our side. Please try again in a moment.
      </p>
      <Link to="/" className="btn-primary">
        Back to the home page
      </Link>
    </section>
  );
}

/**
 * Route error boundary: a protected page seen signed out gets the guard, a parameter the
 * page cannot use its message, 404s the not-found page, everything else the generic one.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isSignInRequired(error.data)) {
    return <LoginGuard redirectTo={error.data.redirectTo} />;
  }
  if (isRouteErrorResponse(error) && isStaffOnly(error.data)) {
    return <StaffOnlyPage message={error.data.message} />;
  }
  if (isRouteErrorResponse(error) && isBadRequest(error.data)) {
    return <BadRequestPage message={error.data.message} status={error.status} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Never show the error itself: it may hold internals. The server log has it.
  return <UnexpectedErrorPage />;
}
