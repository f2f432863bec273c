import { z } from "./zod";
import { isServiceCategory, SERVICE_CATEGORIES } from "~/data/service-categories";
import {
  checkbox,
  imageUrlField,
  nameField,
  REQUIRED_MESSAGES,
  requiredText,
  trimmedText,
} from "./fields";
import {
  DEFAULT_SERVICE_CATEGORY,
  MAX_BUFFER_MINUTES,
  MAX_DURATION_MINUTES,
  MAX_PRICE_DOLLARS,
} from "./form-fields";

export const PRICE_MESSAGE = "Please enter a price in dollars greater than 0, like 120 or 99.50";
export const PRICE_TOO_HIGH_MESSAGE = `Please enter a price of at most $${MAX_PRICE_DOLLARS.toLocaleString("en-US")}`;
export const CATEGORY_MESSAGE = `Please choose a category: ${SERVICE_CATEGORIES.join(", ")}`;
/** The longest reason a moderator may give for not publishing a service. */
export const REJECTION_REASON_MAX = 500;
/** A booking or review names a service that does not exist. */
export const UNKNOWN_SERVICE_MESSAGE = "Please choose a service from the list";

const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/;

/** Keys in the spec's message order: Name, description, price, photo; then the category. */
export const serviceSchema = z.object({
  name: nameField(),
  description: requiredText(REQUIRED_MESSAGES.description, 2000),
  price: requiredText(REQUIRED_MESSAGES.price, 20)
    .refine((value) => DOLLARS.test(value) && Number(value) > 0, PRICE_MESSAGE)
    .transform(Number)
    .refine((dollars) => dollars <= MAX_PRICE_DOLLARS, PRICE_TOO_HIGH_MESSAGE),
  photo: imageUrlField(REQUIRED_MESSAGES.photo),
  category: z
    .unknown()
    .optional()
    .transform((value) =>
      typeof value === "string" && value.trim() ? value.trim() : DEFAULT_SERVICE_CATEGORY,
    )
    .refine(isServiceCategory, CATEGORY_MESSAGE),
});

export type ServiceInput = z.output<typeof serviceSchema>;

// ---------------------------------------------------------------------------------------
// The staff's service form (/staff/services/new and /staff/services/{id})

/** The highest age bound a service may name. */
export const MAX_AGE_YEARS = 120;

export const STAFF_SERVICE_MESSAGES = {
  duration: (grid: number) =>
    `Please enter a duration in whole minutes that is a multiple of the clinic's ${grid}-minute step, up to ${MAX_DURATION_MINUTES}`,
  buffer: `Please enter a buffer of 0 to ${MAX_BUFFER_MINUTES} whole minutes`,
  minAge: `Please enter the youngest age as whole years from 0 to ${MAX_AGE_YEARS}, or leave it empty`,
  maxAge: `Please enter the oldest age as whole years from 0 to ${MAX_AGE_YEARS}, or leave it empty`,
  ageOrder: "The oldest age cannot be below the youngest",
} as const;

/** Whole years, or null for an empty field (no bound). */
const optionalAge = (message: string) =>
  trimmedText()
    .refine(
      (value) => value === "" || (/^\d{1,3}$/.test(value) && Number(value) <= MAX_AGE_YEARS),
      message,
    )
    .transform((value) => (value === "" ? null : Number(value)));

const WHOLE_MINUTES = /^\d{1,4}$/;

const wholeMinutes = (message: string, max: number) =>
  trimmedText()
    .refine((value) => WHOLE_MINUTES.test(value), message)
    .transform(Number)
    .refine((minutes) => minutes <= max, message);

/**
 * The staff's service form: the add-service schema's own fields (its messages, its order),
 * then the visit's length (a multiple of the clinic's grid step), the buffer after it and
 * whether it is hidden. Shared by the browser's check and the server.
 */
export function staffServiceSchema(gridMinutes: number) {
  const durationMessage = STAFF_SERVICE_MESSAGES.duration(gridMinutes);
  return serviceSchema
    .extend({
      durationMinutes: wholeMinutes(durationMessage, MAX_DURATION_MINUTES).refine(
        (minutes) => minutes > 0 && minutes % gridMinutes === 0,
        durationMessage,
      ),
      bufferMinutes: wholeMinutes(STAFF_SERVICE_MESSAGES.buffer, MAX_BUFFER_MINUTES),
      hidden: checkbox,
      // Who the service is for (a service only for children or only for adults).
      minAgeYears: optionalAge(STAFF_SERVICE_MESSAGES.minAge),
      maxAgeYears: optionalAge(STAFF_SERVICE_MESSAGES.maxAge),
    })
    .refine(
      (service) =>
        service.minAgeYears === null ||
        service.maxAgeYears === null ||
        service.minAgeYears <= service.maxAgeYears,
      { message: STAFF_SERVICE_MESSAGES.ageOrder, path: ["maxAgeYears"] },
    );
}

export type StaffServiceInput = z.output<ReturnType<typeof staffServiceSchema>>;
