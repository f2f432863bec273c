import { z } from "./zod";
import { CLOSED_DAY } from "~/utils/clinic-format";
import { isIsoDate } from "~/utils/clinic-time";
import { DENTIST_KINDS } from "~/models/team/kinds";
import {
  checkbox,
  isEmailAddress,
  isImageLink,
  isOneLineName,
  NAME_CHARACTERS_MESSAGE,
  trimmedText,
} from "./fields";

/** The admin's team screens (/staff/dentists): what each form may hold, and its messages. */

export const CHOOSE_KIND_MESSAGE = "Please choose whether this is a dentist or a hygienist.";
export const PHOTO_LINK_MESSAGE =
  "Please enter a photo link that starts with http:// or https://, an image of this site under /images/, or leave it empty.";
export const ACCOUNT_EMAIL_MESSAGE =
  "Please enter the e-mail address of the dentist's staff account.";

const requiredText = (message: string, max: number) =>
  trimmedText().pipe(
    z
      .string()
      .min(1, message)
      .max(
        max,
        `${message.replace(/^Please enter /, "")} is too long (at most ${max} characters).`,
      ),
  );

const optionalText = (max: number, message: string) =>
  trimmedText().pipe(z.string().max(max, message));

const kindField = z.unknown().pipe(z.enum(DENTIST_KINDS, { message: CHOOSE_KIND_MESSAGE }));
const nameField = requiredText(
  "Please enter the name as patients should see it, like Dr. Ana Silva",
  100,
).refine(isOneLineName, NAME_CHARACTERS_MESSAGE);
const titleField = requiredText("Please enter a title, like DDS, General Dentist", 120);
const PLACE_MESSAGE = "Please enter the place in the team's order as a whole number.";
/** The last place in the team's order the profile form accepts. */
export const MAX_PLACE = 1000;
const PLACE_RANGE_MESSAGE = `Please enter a place in the team's order between -${MAX_PLACE} and ${MAX_PLACE}.`;

/** A new team member: name, title, dentist or hygienist. */
export const newDentistSchema = z.object({ name: nameField, title: titleField, kind: kindField });

/** A team member's profile, and whether they see patients. */
export const dentistProfileSchema = z.object({
  name: nameField,
  title: titleField,
  kind: kindField,
  photo: optionalText(2000, "The photo link is too long (at most 2000 characters).").refine(
    (value) => value === "" || isImageLink(value),
    PHOTO_LINK_MESSAGE,
  ),
  bio: optionalText(2000, "The introduction is too long (at most 2000 characters)."),
  sortOrder: z
    .unknown()
    .transform((value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : NaN))
    .pipe(
      z
        .number({ message: PLACE_MESSAGE })
        .int(PLACE_MESSAGE)
        .min(-MAX_PLACE, PLACE_RANGE_MESSAGE)
        .max(MAX_PLACE, PLACE_RANGE_MESSAGE),
    ),
  active: checkbox,
  deactivateAnyway: checkbox,
});

/** A day off or different hours for a date range; an empty last day is the first. */
export const dentistExceptionSchema = z.object({
  startDate: z
    .unknown()
    .refine(
      (value): value is string => typeof value === "string" && isIsoDate(value),
      "Please choose the first day of the exception.",
    ),
  endDate: trimmedText().refine(
    (value) => value === "" || isIsoDate(value),
    "Please choose the last day of the exception (or leave it empty for one day).",
  ),
  kind: z.unknown().pipe(
    z.enum(["off", "hours"], {
      message: `Please choose "${CLOSED_DAY}" or "Different hours".`,
    }),
  ),
  note: optionalText(200, "The note is too long (at most 200 characters)."),
});

/** The staff account a dentist is linked to, by its address (lower-cased, as stored). */
export const dentistAccountSchema = z.object({
  email: trimmedText()
    .refine(isEmailAddress, ACCOUNT_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase()),
});
