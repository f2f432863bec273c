import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useBrowserLayoutEffect } from "~/hooks/use-layout-effect";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * The diary's keys, as GitHub does it: one key without a modifier, heard only while focus
 * is not in a field (so typing, and a screen reader's own keys in browse mode, which never
 * reach the page, are left alone). Listed on the page once JavaScript runs.
 */
export type Shortcut = { key: string; label: string; run: () => void };

export const SEARCH_FIELD_ID = "diary-search";

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.closest("[role=dialog],[role=combobox],[role=listbox]") !== null
  );
}

export function useDiaryShortcuts(links: {
  previous: string;
  next: string;
  today: string;
  newBooking: string | null;
}): Shortcut[] {
  const navigate = useNavigate();
  const shortcuts: Shortcut[] = [
    ...(links.newBooking
      ? [{ key: "b", label: "New booking", run: () => navigate(links.newBooking!) }]
      : []),
    {
      key: "/",
      label: "Search patients",
      run: () => document.getElementById(SEARCH_FIELD_ID)?.focus(),
    },
    { key: "t", label: "Today", run: () => navigate(links.today) },
    { key: "p", label: "Previous day", run: () => navigate(links.previous) },
    { key: "n", label: "Next day", run: () => navigate(links.next) },
  ];
  // One listener for the page's life, reading the keys of the day on the screen: they are
  // swapped in as the new day commits, before it paints, so a key pressed as soon as the
  // day shows leads from that day (an effect after the paint left a moment in which "p"
  // led from the day before).
  const current = useRef(shortcuts);
  useBrowserLayoutEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target)) return;
      const shortcut = current.current.find((entry) => entry.key === event.key);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return shortcuts;
}

/** The keys, written out on the page (only with JavaScript, which they need). */
export function ShortcutList({ shortcuts }: { shortcuts: Shortcut[] }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <section aria-labelledby="shortcuts-heading" className="text-sm text-slate-700">
      <h2 id="shortcuts-heading" className="sr-only">
        Keyboard shortcuts
      </h2>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span aria-hidden="true">Keys:</span>
        {shortcuts.map((shortcut) => (
          <span key={shortcut.key}>
            <kbd className="rounded border border-slate-400 bg-slate-50 px-1.5 font-mono text-xs text-slate-900">
              {shortcut.key}
            </kbd>{" "}
            {shortcut.label}
          </span>
        ))}
        <span>
          <kbd className="rounded border border-slate-400 bg-slate-50 px-1.5 font-mono text-xs text-slate-900">
            <span aria-hidden="true">← ↑ → ↓</span>
            <span className="sr-only">Arrow keys</span>
          </kbd>{" "}
          From time to time in the grid
        </span>
        <span className="text-xs">(when the cursor is not in a field)</span>
      </p>
    </section>
  );
}
