import { useLocation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useBrowserLayoutEffect } from "~/hooks/use-layout-effect";

/**
 * After a client-side navigation, moves focus to the new page's heading (as a full page
 * load would start a screen reader at the top), or to the element the page marks
 * `data-route-focus-target`, and announces the page's title. The first
 * page of a visit and jumps to an anchor are left to the browser. Focus moves as the new
 * page commits, before it paints: a key pressed as soon as the page shows (the diary's "/"
 * to its search) is not then undone by focus arriving late on the heading.
 */
export function RouteFocus() {
  const location = useLocation();
  const firstKey = useRef(location.key);
  const [announcement, setAnnouncement] = useState("");

  useBrowserLayoutEffect(() => {
    if (location.key === firstKey.current || location.hash) return;
    // A page may name what matters most after this navigation (the answer to its form):
    // focus goes there, and brings it into view wherever the page had been scrolled.
    const answer = document.querySelector<HTMLElement>("main [data-route-focus-target]");
    const heading = answer ?? document.querySelector<HTMLElement>("main h1");
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.setAttribute("data-route-focus", "");
      heading.focus({ preventScroll: !answer });
    }
    setAnnouncement(document.title);
  }, [location.key, location.hash]);

  return (
    <p role="status" className="sr-only" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
