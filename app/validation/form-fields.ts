import { SITE_AVATARS } from "~/data/avatars";

// What a form's page needs of its form besides the schema: the fields whose all being blank
// is 'Fill All Details' (the first is the one focused then), the values a form fills in
// itself, and the limits its inputs show. No zod here, so a page names them without
// shipping zod; the schemas beside this file check the same fields, and a page loads its
// schema when the form is first used (app/components/form-kit.tsx,
// docs/decisions/044-form-schemas-load-with-the-form.md).

export const LOGIN_FIELDS = ["email", "password"] as const;
export const REGISTER_FIELDS = ["name", "email", "userImage", "password"] as const;
/** The picture the form starts with is not a detail the patient filled. */
export const REGISTER_PRESETS = { userImage: SITE_AVATARS.map((avatar) => avatar.src) } as const;
export const RESET_FIELDS = ["email", "newPassword"] as const;
export const NEW_PASSWORD_FIELDS = ["password", "confirmPassword"] as const;
export const PROFILE_FIELDS = ["name", "userImage", "address"] as const;

/** The fields whose all being blank gives 'Fill All Details' (the service is not one). */
export const APPOINTMENT_REQUIRED_FIELDS = [
  "name",
  "email",
  "phone",
  "date",
  "time",
  "message",
] as const;

export const WAITLIST_REQUIRED_FIELDS = ["service", "fromDate", "toDate", "phone"] as const;

export const REVIEW_REQUIRED_FIELDS = ["name", "service", "message", "rating"] as const;
export const RATINGS = ["1", "2", "3", "4", "5"] as const;

export const SERVICE_REQUIRED_FIELDS = ["name", "description", "price", "photo"] as const;
/** The highest price a service may have, and so the highest bound a price filter may name. */
export const MAX_PRICE_DOLLARS = 100_000;
/** The longest visit and buffer a service may have, in minutes (the admin's service editor). */
export const MAX_DURATION_MINUTES = 8 * 60;
export const MAX_BUFFER_MINUTES = 120;
/** What a service gets when the API client sends no category (the spec's body has none). */
export const DEFAULT_SERVICE_CATEGORY = "Preventive";
