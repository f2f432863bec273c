import { useState } from "react";
import { SITE_AVATARS, type SitePicture } from "~/data/avatars";
import { TextField, useFieldError } from "./form-kit";
import { type Need } from "./field-label";

/**
 * An image link with a choice of the site's own pictures (avatars unless told otherwise).
 * The choice is a set of radio buttons named `choiceName` (the action takes it over the
 * typed link: withChosenPicture), so it works without JavaScript; with it, picking a
 * picture also fills the link in, and typing a link of one's own switches the choice to
 * the last option.
 */
export function ImageLinkField({
  name,
  label,
  need,
  defaultValue,
  pictures = SITE_AVATARS,
  choiceName = "avatar",
  legend = "Your picture",
  intro = "Choose one of ours, or give a link to an image of your own.",
  ownLabel = "My own picture, from a link",
  thumbnail = "rounded-full",
}: {
  name: string;
  label: string;
  need: Need;
  defaultValue: string;
  pictures?: readonly SitePicture[];
  choiceName?: string;
  legend?: string;
  intro?: string;
  ownLabel?: string;
  /** The thumbnails' shape (Tailwind classes). */
  thumbnail?: string;
}) {
  const isOffered = (value: string) => pictures.some((picture) => picture.src === value);
  const [link, setLink] = useState(defaultValue);
  const [choice, setChoice] = useState(isOffered(defaultValue) ? defaultValue : "");
  const { fieldChanged } = useFieldError(name);

  function choose(src: string) {
    setChoice(src);
    if (src) {
      setLink(src);
      fieldChanged(name);
    }
  }

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="field-label">{legend}</legend>
        <p className="mb-2 text-xs text-slate-700">{intro}</p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {pictures.map((avatar) => (
            <label
              key={avatar.src}
              className="flex items-center gap-2 rounded-md border border-slate-200 p-2 text-xs text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={choiceName}
                value={avatar.src}
                checked={choice === avatar.src}
                onChange={() => choose(avatar.src)}
                className="h-4 w-4 shrink-0 accent-brand-700"
              />
              <img
                src={avatar.src}
                alt=""
                width={32}
                height={32}
                className={`h-8 w-8 ${thumbnail}`}
              />
              {avatar.label}
            </label>
          ))}
        </div>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={choiceName}
            value=""
            checked={choice === ""}
            onChange={() => choose("")}
            className="h-4 w-4 accent-brand-700"
          />
          {ownLabel}
        </label>
      </fieldset>
      <TextField
        name={name}
        label={label}
        need={need}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={link}
        onChange={(event) => {
          setLink(event.target.value);
          setChoice(isOffered(event.target.value) ? event.target.value : "");
        }}
      />
    </div>
  );
}
