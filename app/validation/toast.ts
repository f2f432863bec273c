import { z } from "./zod";

/** A toast as the flash cookie carries it to the next page (~/http/toast.server). */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string(),
  /** A second line under the message, where the spec's text alone would leave a question. */
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
