import type { TextareaHTMLAttributes } from "react";
import { describedBy, useFieldError } from "./form-kit";

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name"> & {
  name: string;
  label: string;
};

/** A labelled textarea, the multi-line sibling of TextField. */
export function TextAreaField({ name, label, className, rows = 4, ...rest }: TextAreaFieldProps) {
  const id = `field-${name}`;
  const { invalid, errorId } = useFieldError(name);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        {...rest}
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
