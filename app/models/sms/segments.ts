/**
 * How many SMS segments a text costs (docs/decisions/052-text-messages.md): GSM-7 when
 * every character is in the GSM 03.38 alphabet (160 in one segment, 153 per part when
 * split; the extension table's characters count twice), else UCS-2 (70, 67 per part;
 * characters outside the BMP count twice). Pure: the settings screen previews with it.
 */

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export type Segments = {
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the encoding counts them (septets or 16-bit units). */
  units: number;
  segments: number;
};

export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extended.has(char)) return false;
  return true;
}

export function countSegments(text: string): Segments {
  if (isGsm7(text)) {
    let units = 0;
    for (const char of text) units += extended.has(char) ? 2 : 1;
    return { encoding: "GSM-7", units, segments: segmentsOf(units, 160, 153) };
  }
  // UTF-16 code units: a character outside the BMP is a surrogate pair, two units.
  const units = text.length;
  return { encoding: "UCS-2", units, segments: segmentsOf(units, 70, 67) };
}

function segmentsOf(units: number, single: number, part: number): number {
  if (units === 0) return 0;
  return units <= single ? 1 : Math.ceil(units / part);
}
