import { SERVICE_CATEGORIES } from "~/data/service-categories";
import { DEFAULT_SERVICE_CATEGORY } from "~/validation/form-fields";

/** A service's category, as the patient's Add Service and the staff's service forms ask it. */
export function CategoryField({ defaultValue }: { defaultValue?: string }) {
  return (
    <div>
      <label htmlFor="field-category" className="field-label">
        Category
      </label>
      <select
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
