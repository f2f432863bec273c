import { useState } from "react";
import type { InputHTMLAttributes } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { describedBy, useFieldError } from "./form-kit";
import { FieldLabel, needAttributes } from "./field-label";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "name"> & {
  id: string;
  name: string;
  label: string;
};

/**
 * A password field with a show/hide toggle. The toggle only appears once JavaScript has
 * started; without it this is a plain password field.
 */
export function PasswordInput({ id, name, label, className, ...rest }: Props) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const { invalid, errorId } = useFieldError(name);

  return (
    <div>
      <FieldLabel htmlFor={id} need="required">
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          {...rest}
          {...needAttributes("required")}
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(rest["aria-describedby"], errorId)}
          className={`field-input pr-20 ${className ?? ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-controls={id}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {visible ? "Hide" : "Show"}
            <span className="sr-only"> password</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
