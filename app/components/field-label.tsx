import type { ReactNode } from "react";

// A field's label and whether it must be filled in, beside it: every form of the site
// marks each field required or optional (issue 31 item 14).

/** Whether a field must be filled in: every form's fields say so beside their labels. */
export type Need = "required" | "optional";

/**
 * "(required)" or "(optional)" beside a field's label. It sits outside the label element,
 * so the field's name stays its label alone; a screen reader hears "required" from the field
 * itself (`aria-required`, see `needAttributes`), and nothing for an optional one.
 */
export function NeedMark({ need }: { need: Need }) {
  return (
    <span aria-hidden="true" className="text-xs font-normal text-slate-600" data-need={need}>
      ({need})
    </span>
  );
}

/** What a field carries for its need: `aria-required` (not `required`, the server checks). */
export function needAttributes(need: Need) {
  return need === "required" ? { "aria-required": true as const } : {};
}

/** A field's label (for the field `htmlFor`) with its need beside it. */
export function FieldLabel({
  htmlFor,
  need,
  children,
  className = "text-sm font-medium text-slate-700",
}: {
  htmlFor: string;
  need: Need;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className="mb-1 flex items-baseline gap-2">
      <label htmlFor={htmlFor} className={className}>
        {children}
      </label>
      <NeedMark need={need} />
    </span>
  );
}

/**
 * A field laid out as a column: its label with its need above the control (`children`,
 * whose id is `htmlFor`). For the staff screens' compact forms.
 */
export function StackedField({
  htmlFor,
  label,
  need,
  className = "",
  children,
}: {
  htmlFor: string;
  label: string;
  need: Need;
  /** The column's own classes (a grid span). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col ${className}`}>
      <FieldLabel htmlFor={htmlFor} need={need} className="text-sm font-medium text-slate-800">
        {label}
      </FieldLabel>
      {children}
    </div>
  );
}
