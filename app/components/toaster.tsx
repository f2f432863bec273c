import { lazy, Suspense, useEffect, useState } from "react";
import type { Toast } from "~/validation/toast";

const TOAST_TOP = "calc(var(--header-height) + 0.5rem)";

// sonner is a tenth of the site's JavaScript: it loads with the first toast, not with
// every page. Toasts asked for before it is on screen wait for it.
const loadSonner = () => import("sonner");
let toasterWanted = false;
let requestToaster: (() => void) | null = null;
let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => (toasterMounted = resolve));

const LazyToaster = lazy(async () => {
  const { Toaster, toast } = await loadSonner();
  /** The spec's toast settings (docs/spec/product-spec.md §9, docs/spec/decisions.md 3). */
  function SpecToaster() {
    useEffect(() => toasterMounted(), []);
    // Sonner pauses on hover and swipes away; clicking a toast closes it too.
    useEffect(() => {
      function closeOnClick(event: MouseEvent) {
        const target = event.target instanceof Element ? event.target : null;
        if (target?.closest("[data-sonner-toast]")) toast.dismiss();
      }
      document.addEventListener("click", closeOnClick);
      return () => document.removeEventListener("click", closeOnClick);
    }, []);
    return (
      <Toaster
        position="top-right"
        // Below the sticky header, never over its links, its user menu or the phone's Menu.
        offset={{ top: TOAST_TOP, right: "1rem" }}
        mobileOffset={{ top: TOAST_TOP, right: "0.5rem", left: "0.5rem" }}
        duration={5000}
        theme="light"
        closeButton
        richColors
        toastOptions={{ className: "toast" }}
      />
    );
  }
  return { default: SpecToaster };
});

/** Where toasts appear; rendered once the first toast is asked for. */
export function AppToaster() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    requestToaster = () => setShown(true);
    if (toasterWanted) setShown(true);
    return () => {
      requestToaster = null;
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

/**
 * Shows a toast. `id` names it: a toast shown again under the same id replaces the one on
 * screen (a form keeps one error toast, whose text follows its latest error).
 */
export function showAppToast(toast: Toast, id = `${toast.type}:${toast.message}`) {
  toasterWanted = true;
  requestToaster?.();
  void Promise.all([loadSonner(), toasterReady]).then(([{ toast: show }]) => {
    const options = { id, description: toast.description };
    if (toast.type === "success") show.success(toast.message, options);
    else if (toast.type === "error") show.error(toast.message, options);
    else show(toast.message, options);
  });
}

/** Removes the toast shown under `id`, if sonner has been loaded at all. */
export function dismissAppToast(id: string) {
  if (!toasterWanted) return;
  void loadSonner().then(({ toast }) => toast.dismiss(id));
}

/**
 * Shows a toast that arrived from the server (flash cookie or action data). Without
 * JavaScript the same message is rendered in place, so it is never lost.
 */
export function ServerToast({ toast }: { toast: Toast | null | undefined }) {
  useEffect(() => {
    if (toast) showAppToast(toast);
  }, [toast]);
  if (!toast) return null;
  return (
    <noscript>
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className={`noscript-toast fixed top-[calc(var(--header-height)+0.5rem)] right-4 z-50 max-w-sm rounded-md border px-4 py-3 text-sm shadow-lg ${
          toast.type === "error"
            ? "border-red-200 bg-red-50 text-red-800"
            : "border-emerald-200 bg-emerald-50 text-emerald-800"
        }`}
        data-testid="noscript-toast"
      >
        {toast.message}
        {toast.description ? <p className="mt-1">{toast.description}</p> : null}
      </div>
    </noscript>
  );
}
