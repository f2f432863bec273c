import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Twilio's request signature (X-Twilio-Signature): base64 of HMAC-SHA1, keyed by the auth
 * token, over the full URL Twilio called followed by each POST parameter's name and value,
 * sorted by name. tests/integration/sms checks it against the `twilio` package's validator.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** True when `signature` is the one Twilio would send for this request. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
  signature: string | null,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
