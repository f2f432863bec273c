import type { MouseEvent } from "react";
import { useNavigate } from "@remix-run/react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * Where a page draws many links (the diary, the staff navigation) they are plain `<a>`:
 * Remix's Link costs hooks each, on every render of every request. Without JavaScript they
 * work as they are; with it, this one click handler, on an element around them all, turns
 * a click on a link to this site into a Remix navigation, as Link would. A click with a
 * modifier key or on a link with a target or a download stays the browser's.
 */
export function usePlainLinks() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) return undefined;
  return (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.("a[href^='/']");
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) {
      return;
    }
    event.preventDefault();
    navigate(link.getAttribute("href")!);
  };
}
