import type { TextareaHTMLAttributes } from "react";
import { describedBy, useFieldError } from "./form-kit";
import { FieldLabel, type Need, needAttributes } from "./field-label";

type TextAreaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "name" | "required"
> & {
  name: string;
  label: string;
  need: Need;
};

/** A labelled textarea, the multi-line sibling of TextField. */
export function TextAreaField({
  name,
  label,
  need,
  className,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  const id = `field-${name}`;
  const { invalid, errorId } = useFieldError(name);
  return (
    <div>
      <FieldLabel htmlFor={id} need={need}>
        {label}
      </FieldLabel>
      <textarea
        {...rest}
        {...needAttributes(need)}
        id={id}
        name={name}
        rows={rows}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(rest["aria-describedby"], errorId)}
        className={`field-input ${className ?? ""}`}
      />
    </div>
  );
}
