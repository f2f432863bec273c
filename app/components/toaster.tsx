import { useEffect } from "react";
import { Toaster, toast as showToast } from "sonner";
import type { Toast } from "~/utils/toast.server";

/** The spec's toast settings (section 9, decisions.md 3). */
export function AppToaster() {
  // Sonner pauses on hover and swipes away; clicking a toast closes it too.
  useEffect(() => {
    function closeOnClick(event: MouseEvent) {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("[data-sonner-toast]")) showToast.dismiss();
    }
    document.addEventListener("click", closeOnClick);
    return () => document.removeEventListener("click", closeOnClick);
  }, []);
  return (
    <Toaster
      position="top-right"
      duration={5000}
      theme="light"
      closeButton
      richColors
      toastOptions={{ className: "toast" }}
    />
  );
}

export function showAppToast(toast: Toast) {
  const options = { id: `${toast.type}:${toast.message}` };
  if (toast.type === "success") showToast.success(toast.message, options);
  else if (toast.type === "error") showToast.error(toast.message, options);
  else showToast(toast.message, options);
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
        className={`noscript-toast fixed top-4 right-4 z-50 max-w-sm rounded-md border px-4 py-3 text-sm shadow-lg ${
          toast.type === "error"
            ? "border-red-200 bg-red-50 text-red-800"
            : "border-emerald-200 bg-emerald-50 text-emerald-800"
        }`}
        data-testid="noscript-toast"
      >
        {toast.message}
      </div>
    </noscript>
  );
}
