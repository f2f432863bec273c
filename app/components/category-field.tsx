import { SERVICE_CATEGORIES } from "~/data/service-categories";
import { DEFAULT_SERVICE_CATEGORY } from "~/validation/form-fields";
import { FieldLabel, needAttributes } from "./field-label";

/** A service's category, as the patient's Add Service and the staff's service forms ask it. */
export function CategoryField({ defaultValue }: { defaultValue?: string }) {
  return (
    <div>
      <FieldLabel htmlFor="field-category" need="required">
        Category
      </FieldLabel>
      <select
        {...needAttributes("required")}
        id="field-category"
        name="category"
        defaultValue={defaultValue ?? DEFAULT_SERVICE_CATEGORY}
        className="field-input"
      >
        {SERVICE_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </select>
    </div>
  );
}
