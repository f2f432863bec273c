import { useState } from "react";
import { isSiteAvatar, SITE_AVATARS } from "~/data/avatars";
import { TextField, useFieldError } from "./form-kit";

/**
 * An image link with a choice of the site's own pictures. The choice is a set of radio
 * buttons named `avatar` (the action takes it over the typed link: withChosenAvatar), so it
 * works without JavaScript; with it, picking a picture also fills the link in, and typing a
 * link of one's own switches the choice to "My own picture, from a link".
 */
export function ImageLinkField({
  name,
  label,
  defaultValue,
}: {
  name: string;
  label: string;
  defaultValue: string;
}) {
  const [link, setLink] = useState(defaultValue);
  const [choice, setChoice] = useState(isSiteAvatar(defaultValue) ? defaultValue : "");
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
        <legend className="field-label">Your picture</legend>
        <p className="mb-2 text-xs text-slate-700">
          Choose one of ours, or give a link to an image of your own.
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {SITE_AVATARS.map((avatar) => (
            <label
              key={avatar.src}
              className="flex items-center gap-2 rounded-md border border-slate-200 p-2 text-xs text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="avatar"
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
                className="h-8 w-8 rounded-full"
              />
              {avatar.label}
            </label>
          ))}
        </div>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="avatar"
            value=""
            checked={choice === ""}
            onChange={() => choose("")}
            className="h-4 w-4 accent-brand-700"
          />
          My own picture, from a link
        </label>
      </fieldset>
      <TextField
        name={name}
        label={label}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={link}
        onChange={(event) => {
          setLink(event.target.value);
          setChoice(isSiteAvatar(event.target.value) ? event.target.value : "");
        }}
      />
    </div>
  );
}
