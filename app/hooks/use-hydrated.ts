import { useEffect, useState } from "react";

let hydrating = true;

/**
 * False on the server and in the render that hydrates the page, true from then on. What
 * needs JavaScript (a toggle, a combobox, a carousel) waits for it, so React hydrates the
 * very markup the server sent; a component mounted later (after a client-side navigation)
 * starts hydrated.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}

/**
 * Marks the document (`data-hydrated` on <html>) once the components mounted with the page
 * have had their hydrated render: the state the browser tests read a page in, waited for as
 * an event rather than a quiet network.
 */
export function HydrationMark(): null {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
  return null;
}
