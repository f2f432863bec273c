/**
 * The pictures the site offers instead of an image link nobody has at hand: registration
 * and the profile show them as radio buttons (drawn by scripts/generate-images.mjs).
 */
export const SITE_AVATARS = [
  { src: "/images/avatars/teal-smile.svg", label: "Teal smile" },
  { src: "/images/avatars/coral-tooth.svg", label: "Coral tooth" },
  { src: "/images/avatars/indigo-star.svg", label: "Indigo star" },
  { src: "/images/avatars/green-leaf.svg", label: "Green leaf" },
  { src: "/images/avatars/amber-sun.svg", label: "Amber sun" },
  { src: "/images/avatars/slate-person.svg", label: "Slate person" },
] as const;

export function isSiteAvatar(value: unknown): boolean {
  return SITE_AVATARS.some((avatar) => avatar.src === value);
}

/** The picture a new account starts with (one's own link stays a choice). */
export const DEFAULT_AVATAR = SITE_AVATARS[0].src;

/** One of the pictures the site ships, as a form offers it. */
export type SitePicture = { readonly src: string; readonly label: string };

/**
 * A form's image link: a link of one's own typed in `field`, or else the picture chosen
 * among `pictures` (the `choiceName` radio buttons, which work without JavaScript: a link
 * typed there while a picture is still chosen wins over the preselected picture).
 */
export function withChosenPicture<T extends Record<string, string>>(
  form: T,
  field: string,
  pictures: readonly SitePicture[],
  choiceName: string,
): T {
  const isOffered = (value: unknown) => pictures.some((picture) => picture.src === value);
  const typed = form[field]?.trim() ?? "";
  const ownLink = typed !== "" && !isOffered(typed);
  const chosen = form[choiceName];
  return !ownLink && isOffered(chosen) ? { ...form, [field]: chosen } : form;
}

/** A profile's image link: a link of one's own typed, or else the chosen avatar. */
export function withChosenAvatar<T extends Record<string, string>>(form: T, field: string): T {
  return withChosenPicture(form, field, SITE_AVATARS, "avatar");
}
