import { z } from "./zod";
import type { CatalogFilter, PriceRange } from "~/data/catalog-filter";
import { SERVICE_CATEGORIES, isServiceCategory } from "~/data/service-categories";
import { invalid, ok, type Result } from "~/utils/result";
import { MAX_PRICE_DOLLARS } from "./form-fields";

/** Highest page number the list accepts; anything above is a malformed request, not "past the end". */
export const MAX_PAGE = 1_000_000;
export const PAGE_MESSAGE = `The page must be a whole number from 1 to ${MAX_PAGE.toLocaleString("en-US")}`;

/** A parsed value, or a 400 that says what is wrong with it. */
export type Parsed<T> = Result<{ data: T }>;

const pageSchema = z
  .union([z.string().regex(/^\d{1,16}$/, PAGE_MESSAGE), z.number({ error: PAGE_MESSAGE })])
  .transform(Number)
  .pipe(z.number().int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(MAX_PAGE, PAGE_MESSAGE));

/** A page number from a URL segment, query or JSON body: 1, 2, 3… (0, -1, 1.5, abc refused). */
export function parsePage(value: unknown): Parsed<number> {
  const result = pageSchema.safeParse(value);
  return result.success ? ok({ data: result.data }) : invalid(PAGE_MESSAGE);
}

const CHECKED_MESSAGE = `checked must be a list of service categories (${SERVICE_CATEGORIES.join(", ")})`;
const RADIO_MESSAGE = `radio must be a price range [min, max] in dollars, with 0 <= min <= max <= ${MAX_PRICE_DOLLARS}`;

const checkedSchema = z
  .array(z.string({ error: CHECKED_MESSAGE }), { error: CHECKED_MESSAGE })
  .max(SERVICE_CATEGORIES.length * 2, CHECKED_MESSAGE)
  .superRefine((values, ctx) => {
    const unknown = values.find((value) => !isServiceCategory(value));
    if (unknown !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `Unknown category "${unknown.slice(0, 40)}": choose from ${SERVICE_CATEGORIES.join(", ")}`,
      });
    }
  })
  .transform((values) => [...new Set(values.filter(isServiceCategory))]);

const amount = z
  .number({ error: RADIO_MESSAGE })
  .min(0, RADIO_MESSAGE)
  .max(MAX_PRICE_DOLLARS, RADIO_MESSAGE);

const radioSchema = z
  .union([z.tuple([]), z.tuple([amount, amount])], { error: RADIO_MESSAGE })
  .refine((range) => range.length === 0 || range[0] <= range[1], RADIO_MESSAGE)
  .transform((range): PriceRange | null => (range.length === 2 ? [range[0], range[1]] : null));

const filterSchema = z.object({
  checked: checkedSchema.default([]),
  radio: radioSchema.default(null),
});

function firstMessage(error: z.ZodError) {
  return error.issues[0]?.message ?? "The filter is not valid";
}

/** The JSON body of `POST /api/product-filters`: `{ checked: string[], radio: number[] }`. */
export function parseFilterBody(body: Record<string, unknown>): Parsed<CatalogFilter> {
  const result = filterSchema.safeParse({
    checked: body.checked ?? undefined,
    radio: body.radio ?? undefined,
  });
  return result.success ? ok({ data: result.data }) : invalid(firstMessage(result.error));
}

const RANGE_PATTERN = /^(\d{1,7}(?:\.\d{1,2})?)-(\d{1,7}(?:\.\d{1,2})?)$/;

/** A price range as the radio buttons encode it ("100-500"), or null when malformed. */
export function parseRangeValue(value: string): PriceRange | null {
  const match = RANGE_PATTERN.exec(value.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** The filter of the All Services GET form: `?checked=Cosmetic&checked=…&radio=100-500`. */
export function parseFilterQuery(params: URLSearchParams): Parsed<CatalogFilter> {
  const radios = params.getAll("radio").filter((value) => value.trim() !== "");
  if (radios.length > 1) return invalid("Choose one price range at a time");
  let radio: PriceRange | [] = [];
  if (radios[0] !== undefined) {
    const range = parseRangeValue(radios[0]);
    if (!range) {
      return invalid(
        `The price range "${radios[0].slice(0, 40)}" must be two amounts in dollars, like 100-500`,
      );
    }
    radio = range;
  }
  return parseFilterBody({ checked: params.getAll("checked"), radio });
}
