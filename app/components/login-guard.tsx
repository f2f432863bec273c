import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { loginPathFor } from "~/utils/safe-redirect";

export const GUARD_START = 3;
export const GUARD_TICK_MS = 1500;

/**
 * The spec's guard screen: 'Loading.. 3 second', 2, 1, one step every 1.5 s, then the
 * login page with the original path remembered. Without JavaScript a meta refresh
 * does the same after the same total time. Its heading says why, and where it goes.
 */
export function LoginGuard({ redirectTo }: { redirectTo: string }) {
  const [count, setCount] = useState(GUARD_START);
  const navigate = useNavigate();
  const loginPath = loginPathFor(redirectTo);

  useEffect(() => {
    const timer = setInterval(() => setCount((value) => value - 1), GUARD_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (count <= 0) navigate(loginPath, { replace: true });
  }, [count, loginPath, navigate]);

  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <noscript>
        <meta
          httpEquiv="refresh"
          content={`${(GUARD_START * GUARD_TICK_MS) / 1000};url=${loginPath}`}
        />
      </noscript>
      <h1 className="text-2xl font-bold text-slate-900">Please login to see this page</h1>
      <p className="text-slate-700">
        This page is for signed-in patients. We are taking you to the login page, and back here once
        you are signed in.
      </p>
      <p role="status" aria-live="polite" className="text-xl font-semibold text-slate-800">
        Loading.. {Math.max(count, 1)} second
      </p>
      <a href={loginPath} className="text-sm text-brand-700 underline">
        Go to login now
      </a>
    </section>
  );
}
