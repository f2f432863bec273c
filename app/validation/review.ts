import { z } from "./zod";
import { RATINGS } from "./form-fields";
import { messageField, nameField, REQUIRED_MESSAGES, requiredText } from "./fields";

export const RATING_MESSAGE = "Please choose a rating from 1 to 5";

/** Keys in the spec's message order: Name, service, message, rating. */
export const reviewSchema = z.object({
  name: nameField(),
  service: requiredText(REQUIRED_MESSAGES.service, 100),
  message: messageField(),
  // The API takes '1'..'5' or 1..5; requiredText turns a number into its string first.
  rating: requiredText(REQUIRED_MESSAGES.rating, 5)
    .refine((value) => (RATINGS as readonly string[]).includes(value), RATING_MESSAGE)
    .transform(Number),
});

export type ReviewInput = z.output<typeof reviewSchema>;
