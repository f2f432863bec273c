import type { SelectOption } from "~/validation/form";

/** A native select's options: the empty choice first ("Any dentist"), then each option. */
export function SelectOptions({
  empty,
  options,
}: {
  empty: string;
  options: readonly SelectOption[];
}) {
  return (
    <>
      <option value="">{empty}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
