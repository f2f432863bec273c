/**
 * How our PostgreSQL adapter (./postgres-adapter.server) reads columns and sends
 * arguments: pg's parsers where they give what Prisma expects, ours where they do not, and
 * the catalog's `name` and `"char"` columns the schema engine reads (prisma#27403). Imports
 * no `~/` module, as the adapter (the Prisma CLI loads both without the app's aliases).
 */
import {
  type ArgType,
  type ColumnType,
  ColumnTypeEnum,
  DriverAdapterError,
} from "@prisma/driver-adapter-utils";
import type pg from "pg";
import { pgModule } from "./pg.server";

/** pg's built-in type OIDs (fixed by PostgreSQL), without loading pg to read them. */
const builtins = {
  BOOL: 16,
  BYTEA: 17,
  INT8: 20,
  INT2: 21,
  INT4: 23,
  TEXT: 25,
  OID: 26,
  JSON: 114,
  XML: 142,
  FLOAT4: 700,
  FLOAT8: 701,
  BPCHAR: 1042,
  VARCHAR: 1043,
  DATE: 1082,
  TIME: 1083,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  NUMERIC: 1700,
  UUID: 2950,
  JSONB: 3802,
} as const;

/** Array types the schema engine's catalog queries may return, and what their elements are. */
const ARRAY_COLUMNS: Record<number, ColumnType> = {
  1000: ColumnTypeEnum.BooleanArray,
  1005: ColumnTypeEnum.Int32Array,
  1007: ColumnTypeEnum.Int32Array,
  1016: ColumnTypeEnum.Int64Array,
  1028: ColumnTypeEnum.Int64Array,
  1021: ColumnTypeEnum.FloatArray,
  1022: ColumnTypeEnum.DoubleArray,
  1231: ColumnTypeEnum.NumericArray,
  1002: ColumnTypeEnum.CharacterArray,
  1003: ColumnTypeEnum.TextArray, // name[]
  1009: ColumnTypeEnum.TextArray,
  1014: ColumnTypeEnum.TextArray,
  1015: ColumnTypeEnum.TextArray,
  1182: ColumnTypeEnum.DateArray,
  1115: ColumnTypeEnum.DateTimeArray,
  1185: ColumnTypeEnum.DateTimeArray,
  199: ColumnTypeEnum.JsonArray,
  3807: ColumnTypeEnum.JsonArray,
  2951: ColumnTypeEnum.UuidArray,
};

const SCALAR_COLUMNS: Record<number, ColumnType> = {
  [builtins.INT2]: ColumnTypeEnum.Int32,
  [builtins.INT4]: ColumnTypeEnum.Int32,
  [builtins.INT8]: ColumnTypeEnum.Int64,
  [builtins.OID]: ColumnTypeEnum.Int64,
  [builtins.FLOAT4]: ColumnTypeEnum.Float,
  [builtins.FLOAT8]: ColumnTypeEnum.Double,
  [builtins.NUMERIC]: ColumnTypeEnum.Numeric,
  [builtins.BOOL]: ColumnTypeEnum.Boolean,
  [builtins.DATE]: ColumnTypeEnum.Date,
  [builtins.TIME]: ColumnTypeEnum.Time,
  [builtins.TIMESTAMP]: ColumnTypeEnum.DateTime,
  [builtins.TIMESTAMPTZ]: ColumnTypeEnum.DateTime,
  [builtins.JSON]: ColumnTypeEnum.Json,
  [builtins.JSONB]: ColumnTypeEnum.Json,
  [builtins.UUID]: ColumnTypeEnum.Uuid,
  [builtins.BYTEA]: ColumnTypeEnum.Bytes,
  [builtins.TEXT]: ColumnTypeEnum.Text,
  [builtins.VARCHAR]: ColumnTypeEnum.Text,
  [builtins.BPCHAR]: ColumnTypeEnum.Text,
  [builtins.XML]: ColumnTypeEnum.Text,
  // The catalog's own types (prisma#27403): `name` is text, `"char"` one character.
  19: ColumnTypeEnum.Text,
  18: ColumnTypeEnum.Character,
};

/** Types of our own making (enums, domains) start here; they read as text. */
const FIRST_USER_OID = 16384;

export function columnType(oid: number): ColumnType {
  const known = SCALAR_COLUMNS[oid] ?? ARRAY_COLUMNS[oid];
  if (known !== undefined) return known;
  if (oid >= FIRST_USER_OID) return ColumnTypeEnum.Text;
  throw new DriverAdapterError({ kind: "UnsupportedNativeDataType", type: `oid ${oid}` });
}

/** `2026-11-22 14:00:00.5` (as the server writes a timestamp) -> ISO with +00:00. */
const timestamp = (text: string) => `${text.replace(" ", "T")}+00:00`;
const timestamptz = (text: string) =>
  text.replace(" ", "T").replace(/[+-]\d{2}(:\d{2})?$/, "+00:00");
const asText = (text: string) => text;
const parseBytes = (text: string) =>
  (pgModule().types.getTypeParser(builtins.BYTEA) as (text: string) => Buffer)(text);
const parseTextArray = (text: string) =>
  (
    pgModule().types.getTypeParser(1009 as Parameters<typeof pg.types.getTypeParser>[0]) as (
      text: string,
    ) => (string | null)[]
  )(text);
const arrayOf =
  (element: (text: string) => unknown) =>
  (text: string): unknown =>
    parseTextArray(text).map((value) => (value === null ? null : element(value)));

/**
 * What Prisma expects of each column, where pg's own parsers differ: dates and times as
 * text (pg makes a local Date), JSON as its text (Prisma parses it), bytes as numbers.
 */
const PARSERS: Record<number, (text: string) => unknown> = {
  [builtins.DATE]: asText,
  [builtins.TIMESTAMP]: timestamp,
  [builtins.TIMESTAMPTZ]: timestamptz,
  [builtins.JSON]: asText,
  [builtins.JSONB]: asText,
  [builtins.NUMERIC]: asText,
  [builtins.BYTEA]: (text) => Array.from(parseBytes(text)),
  1182: arrayOf(asText),
  1115: arrayOf(timestamp),
  1185: arrayOf(timestamptz),
  199: arrayOf(asText),
  3807: arrayOf(asText),
};

export const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    (format ?? "text") === "text" && PARSERS[oid]
      ? PARSERS[oid]
      : pgModule().types.getTypeParser(
          oid,
          format ?? "text",
        )) as pg.CustomTypesConfig["getTypeParser"],
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A JS Date as the text of a `timestamp(3)` in UTC. */
function timestampText(date: Date): string {
  const ms = date.getUTCMilliseconds();
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    (ms ? `.${pad(ms, 3)}` : "")
  );
}

/** An argument as pg sends it (Prisma passes instants as ISO text or Date, bytes as base64). */
export function argument(value: unknown, type: ArgType | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && type?.arity === "list") return value.map((v) => argument(v, type));
  if (type?.scalarType === "datetime" && typeof value === "string") value = new Date(value);
  if (value instanceof Date) {
    if (type?.dbType === "DATE") return timestampText(value).slice(0, 10);
    return timestampText(value);
  }
  if (type?.scalarType === "bytes" && typeof value === "string")
    return Buffer.from(value, "base64");
  if (type?.scalarType === "bytes" && Array.isArray(value)) return Buffer.from(value as number[]);
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}
