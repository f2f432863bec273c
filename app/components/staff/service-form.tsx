import { CheckedForm, TextField, useCheckedForm, useFieldError } from "~/components/form-kit";
import { NeedMark } from "~/components/field-label";
import { ImageLinkField } from "~/components/image-link-field";
import { CategoryField } from "~/components/category-field";
import { TextAreaField } from "~/components/text-area-field";
import { withChosenPicture } from "~/data/avatars";
import { SERVICE_PICTURES } from "~/data/service-pictures";
import {
  MAX_BUFFER_MINUTES,
  MAX_DURATION_MINUTES,
  MAX_PRICE_DOLLARS,
} from "~/validation/form-fields";

/** The fields the staff's service form sends (the dentists come as `dentist`, one per tick). */
export const SERVICE_FORM_FIELDS = [
  "name",
  "category",
  "description",
  "photo",
  "price",
  "durationMinutes",
  "bufferMinutes",
  "minAgeYears",
  "maxAgeYears",
  "hidden",
] as const;

export type ServiceFormValues = Partial<Record<(typeof SERVICE_FORM_FIELDS)[number], string>> & {
  dentistIds?: string[];
};

/** The radio buttons of the site's own pictures (the action takes them over the typed link). */
export const PICTURE_CHOICE = "picture";

/**
 * A sent service form as the actions read it: the chosen picture unless a link was typed,
 * and the ticked dentists as one field (`dentists`), which a refusal gives back.
 */
export function readServiceForm(form: Record<string, string>, formData: FormData) {
  return {
    ...withChosenPicture(form, "photo", SERVICE_PICTURES, PICTURE_CHOICE),
    dentists: formData
      .getAll("dentist")
      .filter((id) => typeof id === "string")
      .join(","),
  };
}

function Performers({
  team,
  checked,
}: {
  team: { id: string; name: string; active: boolean }[];
  checked: readonly string[];
}) {
  const { invalid, errorId } = useFieldError("dentist");
  return (
    <fieldset aria-describedby={["performers-help", errorId].filter(Boolean).join(" ")}>
      <legend className="field-label">
        Who performs it <NeedMark need="optional" />
      </legend>
      <p id="performers-help" className="mb-2 text-xs text-slate-700">
        Tick nobody and every dentist offers it; tick some and only they do.
      </p>
      <ul className="grid gap-1 sm:grid-cols-2">
        {team.map((dentist) => (
          <li key={dentist.id}>
            <label className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                name="dentist"
                value={dentist.id}
                defaultChecked={checked.includes(dentist.id)}
                aria-invalid={invalid || undefined}
                className="size-5"
              />
              {dentist.name}
              {dentist.active ? null : <span className="text-slate-700">(not active)</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The staff's form for a service, new or stored: the add-service fields, a picture from the
 * site's own set or a link, the visit's length and buffer, and who performs it. Checked in
 * the browser by the server's own schema; without JavaScript the server's answer shows.
 */
export function ServiceForm({
  values,
  gridMinutes,
  team,
  submitLabel,
  busyLabel,
  withHidden,
}: {
  values: ServiceFormValues;
  gridMinutes: number;
  team: { id: string; name: string; active: boolean }[];
  submitLabel: string;
  busyLabel: string;
  /** The edit form's "Hidden" switch (a new service is shown at once). */
  withHidden: boolean;
}) {
  const form = useCheckedForm(
    () => import("~/validation/service").then((m) => m.staffServiceSchema(gridMinutes)),
    ["name", "description", "price", "photo"],
  );
  return (
    <CheckedForm form={form} className="space-y-4">
      <TextField
        name="name"
        need="required"
        label="Title"
        maxLength={200}
        defaultValue={values.name ?? ""}
      />
      <CategoryField defaultValue={values.category} />
      <TextAreaField
        name="description"
        need="required"
        label="Description"
        defaultValue={values.description ?? ""}
      />
      <ImageLinkField
        name="photo"
        need="required"
        label="Picture link"
        defaultValue={values.photo ?? ""}
        pictures={SERVICE_PICTURES}
        choiceName={PICTURE_CHOICE}
        legend="Picture"
        intro="Choose one of the site's pictures, or give a link to an image (https://)."
        ownLabel="A picture from a link"
        thumbnail="rounded-md"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="price"
          need="required"
          label="Price (US dollars)"
          type="number"
          inputMode="decimal"
          min="0.01"
          max={MAX_PRICE_DOLLARS}
          step="0.01"
          defaultValue={values.price ?? ""}
        />
        <TextField
          name="durationMinutes"
          need="required"
          label={`Length (minutes, a multiple of ${gridMinutes})`}
          type="number"
          inputMode="numeric"
          min={gridMinutes}
          max={MAX_DURATION_MINUTES}
          step={gridMinutes}
          defaultValue={values.durationMinutes ?? String(gridMinutes * 2)}
        />
        <TextField
          name="bufferMinutes"
          need="required"
          label="Buffer after the visit (minutes)"
          type="number"
          inputMode="numeric"
          min="0"
          max={MAX_BUFFER_MINUTES}
          step="1"
          defaultValue={values.bufferMinutes ?? "0"}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="minAgeYears"
          need="optional"
          label="Youngest age (years)"
          type="number"
          inputMode="numeric"
          min="0"
          max="120"
          step="1"
          defaultValue={values.minAgeYears ?? ""}
        />
        <TextField
          name="maxAgeYears"
          need="optional"
          label="Oldest age (years; 15 for children only)"
          type="number"
          inputMode="numeric"
          min="0"
          max="120"
          step="1"
          defaultValue={values.maxAgeYears ?? ""}
        />
      </div>
      <Performers team={team} checked={values.dentistIds ?? []} />
      {withHidden ? (
        <div className="flex items-center gap-2">
          <input
            id="field-hidden"
            name="hidden"
            type="checkbox"
            defaultChecked={values.hidden === "on"}
            className="h-4 w-4"
          />
          <label htmlFor="field-hidden" className="text-slate-900">
            Hidden: keep it off the site and the booking form
          </label>
        </div>
      ) : null}
      <button type="submit" className="btn-primary" disabled={form.submitting}>
        {form.submitting ? busyLabel : submitLabel}
      </button>
    </CheckedForm>
  );
}
