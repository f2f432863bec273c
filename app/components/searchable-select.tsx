import { useEffect, useId, useRef, useState } from "react";
import { useBrowserLayoutEffect } from "~/hooks/use-layout-effect";
import type { KeyboardEvent } from "react";
import type { SelectOption } from "~/validation/form";
import { useHydrated } from "~/hooks/use-hydrated";
import { describedBy, useFieldError } from "./form-kit";
import { FieldLabel, type Need, NeedMark, needAttributes } from "./field-label";

type SearchableSelectProps = {
  name: string;
  label: string;
  need: Need;
  options: readonly SelectOption[];
  defaultValue?: string;
  /** Shown while nothing is chosen; also the native select's empty first option. */
  placeholder: string;
  /** Told every change of the chosen value (once enhanced). */
  onValueChange?: (value: string) => void;
};

/**
 * A select you can type into. The server and a browser without JavaScript get a native
 * <select> with the same name and values, so the form posts the same either way; once
 * React runs, it becomes a combobox (ARIA 1.2 pattern, editable with a list popup) that
 * posts the chosen value through a hidden input of the same name.
 */
export function SearchableSelect({
  name,
  label,
  need,
  options,
  defaultValue = "",
  placeholder,
  onValueChange,
}: SearchableSelectProps) {
  const nativeRef = useRef<HTMLSelectElement>(null);
  const enhanced = useHydrated();
  const [value, setValue] = useState(defaultValue);
  const { invalid, errorId } = useFieldError(name);

  useEffect(() => {
    // Keep whatever was picked in the native select before the page became interactive.
    if (nativeRef.current) setValue(nativeRef.current.value);
  }, []);

  useEffect(() => {
    onValueChange?.(value);
  }, [value, onValueChange]);

  const id = `field-${name}`;
  if (!enhanced) {
    return (
      <div>
        <FieldLabel htmlFor={id} need={need}>
          {label}
        </FieldLabel>
        <select
          ref={nativeRef}
          {...needAttributes(need)}
          id={id}
          name={name}
          defaultValue={defaultValue}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          className="field-input"
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <Combobox
      id={id}
      name={name}
      label={label}
      need={need}
      options={options}
      value={value}
      onChange={setValue}
      placeholder={placeholder}
    />
  );
}

/** Room the list wants (16rem) and what it needs at least before it flips or scrolls. */
const LIST_MAX_PX = 256;
const LIST_MIN_PX = 176;
const MARGIN_PX = 8;

type Placement = { side: "below" | "above"; maxHeight: number };

/** The visible part of the viewport below the sticky header, in client coordinates. */
function visibleArea() {
  const viewport = window.visualViewport;
  const top = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  const bottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
  return { top: Math.max(top, 0), bottom };
}

/** Below the field when the list fits there, else above when it fits there, else the roomier side. */
function placementFor(field: HTMLElement, wanted: number): Placement & { fits: boolean } {
  const rect = field.getBoundingClientRect();
  const area = visibleArea();
  const below = area.bottom - rect.bottom - MARGIN_PX;
  const above = rect.top - area.top - MARGIN_PX;
  if (below >= wanted) return { side: "below", maxHeight: LIST_MAX_PX, fits: true };
  if (above >= wanted) return { side: "above", maxHeight: LIST_MAX_PX, fits: true };
  const side = above > below ? "above" : "below";
  const room = Math.max(side === "above" ? above : below, 0);
  return { side, maxHeight: room, fits: room >= Math.min(wanted, LIST_MIN_PX) };
}

function Combobox({
  id,
  name,
  label,
  need,
  options,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  need: Need;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { invalid, errorId, fieldChanged } = useFieldError(name);
  const listId = useId();
  const labelId = `${id}-label`;
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const labelOf = (optionValue: string) =>
    options.find((option) => option.value === optionValue)?.label ?? "";

  const [text, setText] = useState(() => labelOf(value));
  const [open, setOpen] = useState(false);
  // Whether what is typed narrows the list; opening by click or Alt+Down shows every option.
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<Placement>({ side: "below", maxHeight: 256 });

  const needle = filtering ? text.trim().toLowerCase() : "";
  const matches = needle
    ? options.filter((option) => option.label.toLowerCase().includes(needle))
    : options;

  // The shown text follows the value when it changes from outside (a new default).
  const lastValue = useRef(value);
  useEffect(() => {
    if (lastValue.current === value) return;
    lastValue.current = value;
    setText(labelOf(value));
    fieldChanged(name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value matters
  }, [value]);

  // Where the list goes: below the field, above it when there is more room there, and
  // when neither side has room (a phone with its keyboard up) the field scrolls up first.
  useBrowserLayoutEffect(() => {
    if (!open || !inputRef.current) return;
    const field = inputRef.current;
    const wanted = Math.min(LIST_MAX_PX, listRef.current?.scrollHeight ?? LIST_MAX_PX);
    let next = placementFor(field, wanted);
    if (!next.fits) {
      field.scrollIntoView({ block: "start" });
      next = placementFor(field, wanted);
    }
    setPlacement({ side: next.side, maxHeight: next.maxHeight });
  }, [open]);

  // The active option stays in sight inside the list (the page itself never scrolls for it).
  useEffect(() => {
    const list = listRef.current;
    const option = active >= 0 ? list?.children[active] : null;
    if (!list || !(option instanceof HTMLElement)) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
    }
  }, [active, open]);

  function show({ filter }: { filter: boolean }) {
    setFiltering(filter);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setFiltering(false);
    setActive(-1);
  }

  function choose(option: SelectOption) {
    onChange(option.value);
    setText(option.label);
    close();
  }

  /** Closing without a choice: the text goes back to the value, or picks an exact match. */
  function settle() {
    const typed = text.trim().toLowerCase();
    if (typed === "") {
      onChange("");
      setText("");
    } else {
      const exact = options.find((option) => option.label.toLowerCase() === typed);
      if (exact) onChange(exact.value);
      setText(exact ? exact.label : labelOf(value));
    }
    close();
  }

  function indexOfValue() {
    return matches.findIndex((option) => option.value === value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          show({ filter: false });
          if (!event.altKey)
            setActive(
              Math.max(
                options.findIndex((o) => o.value === value),
                0,
              ),
            );
        } else if (!event.altKey) {
          setActive((current) => (current >= last ? 0 : current + 1));
        }
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) {
          show({ filter: false });
          const selected = options.findIndex((o) => o.value === value);
          setActive(selected >= 0 ? selected : options.length - 1);
        } else {
          setActive((current) => (current <= 0 ? last : current - 1));
        }
        break;
      case "Enter":
        if (open) {
          // Enter picks; it sends the form only when the list is closed.
          event.preventDefault();
          const option = matches[active];
          if (option) choose(option);
          else settle();
        }
        break;
      case "Escape":
        if (open || text !== labelOf(value)) {
          event.preventDefault();
          setText(labelOf(value));
          close();
        }
        break;
      default:
        break;
    }
  }

  const activeOption = open && active >= 0 ? matches[active] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const count = matches.length;

  return (
    <div
      ref={wrapperRef}
      onBlur={(event) => {
        // Tabbing away or clicking elsewhere closes the list; that click still does its job.
        if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) settle();
      }}
    >
      <span className="mb-1 flex items-baseline gap-2">
        <label id={labelId} htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <NeedMark need={need} />
      </span>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          {...needAttributes(need)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(errorId)}
          autoComplete="off"
          placeholder={placeholder}
          className="field-input pr-10"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            show({ filter: true });
            setActive(0);
          }}
          onClick={() => {
            if (!open) {
              show({ filter: false });
              setActive(indexOfValue());
            }
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Show all choices for ${label}`}
          aria-controls={listId}
          aria-expanded={open}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-slate-600"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) close();
            else {
              show({ filter: false });
              setActive(indexOfValue());
            }
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- mouse only: the field has the keyboard */}
        <div
          hidden={!open}
          className={`absolute z-30 w-full rounded-md border border-slate-300 bg-white shadow-lg ${
            placement.side === "above" ? "bottom-full mb-1" : "top-full mt-1"
          }`}
          // Clicking inside the list keeps focus in the field (which has the keyboard).
          onMouseDown={(event) => event.preventDefault()}
        >
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            className="overflow-auto py-1"
            style={{ maxHeight: placement.maxHeight }}
          >
            {open
              ? matches.map((option, index) => (
                  // The keyboard works from the field (aria-activedescendant), as the pattern asks.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                  <li
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    data-chosen={option.value === value || undefined}
                    className="cursor-pointer px-3 py-2 text-sm text-slate-800 aria-selected:bg-brand-50 aria-selected:text-brand-800 data-chosen:font-semibold"
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(option)}
                  >
                    {option.label}
                  </li>
                ))
              : null}
          </ul>
          {open && count === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-700" aria-hidden="true">
              No match for “{text.trim()}”
            </p>
          ) : null}
        </div>
      </div>
      <p role="status" className="sr-only">
        {open && filtering
          ? count === 0
            ? `No match for “${text.trim()}”`
            : `${count} ${count === 1 ? "choice" : "choices"}`
          : ""}
      </p>
      <input type="hidden" name={name} value={value} />
    </div>
  );
}
