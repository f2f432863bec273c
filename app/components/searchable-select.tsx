import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from "@headlessui/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";

export type SelectOption = { value: string; label: string };

type SearchableSelectProps = {
  name: string;
  label: string;
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
 * React runs, it becomes Headless UI's combobox (filter by typing, arrow keys, Enter,
 * Escape), which posts the chosen value through a hidden input of the same name.
 */
export function SearchableSelect({
  name,
  label,
  options,
  defaultValue = "",
  placeholder,
  onValueChange,
}: SearchableSelectProps) {
  const nativeRef = useRef<HTMLSelectElement>(null);
  const enhanced = useHydrated();
  const [value, setValue] = useState(defaultValue);
  const [query, setQuery] = useState("");

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
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <select
          ref={nativeRef}
          id={id}
          name={name}
          defaultValue={defaultValue}
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

  const needle = query.trim().toLowerCase();
  const matches = needle
    ? options.filter((option) => option.label.toLowerCase().includes(needle))
    : options;
  const labelOf = (optionValue: string | null) =>
    options.find((option) => option.value === optionValue)?.label ?? "";

  return (
    <Field>
      <Label className="field-label">{label}</Label>
      <Combobox
        name={name}
        value={value}
        onChange={(next: string | null) => setValue(next ?? "")}
        onClose={() => setQuery("")}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            className="field-input pr-10"
            displayValue={labelOf}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
          />
          <ComboboxButton
            className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-600"
            aria-label={`Show all choices for ${label}`}
          >
            <span aria-hidden="true">▾</span>
          </ComboboxButton>
          <ComboboxOptions className="absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg empty:invisible">
            {matches.length === 0 ? (
              <div className="px-3 py-2 text-sm text-slate-600">No match for “{query}”</div>
            ) : (
              matches.map((option) => (
                <ComboboxOption
                  key={option.value}
                  value={option.value}
                  className="cursor-pointer px-3 py-2 text-sm text-slate-800 data-focus:bg-brand-50 data-focus:text-brand-800 data-selected:font-semibold"
                >
                  {option.label}
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        </div>
      </Combobox>
    </Field>
  );
}
