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

/**
 * A form's image link: a link of one's own typed in `field`, or else the picture chosen
 * among the site's own (the `avatar` radio buttons, which work without JavaScript: a link
 * typed there while a picture is still chosen wins over the preselected picture).
 */
export function withChosenAvatar<T extends Record<string, string>>(form: T, field: string): T {
  const typed = form[field]?.trim() ?? "";
  const ownLink = typed !== "" && !isSiteAvatar(typed);
  return !ownLink && isSiteAvatar(form.avatar) ? { ...form, [field]: form.avatar } : form;
}
