/**
 * The keywords a reply may be (docs/decisions/052-text-messages.md): the carriers' opt-out
 * and opt-in words, HELP, and the clinic's own C (confirm) and R (call me back). A reply is
 * a keyword only when it is that one word, in any case, with any spaces around or inside
 * ("s t o p" too); anything else goes to the staff's inbox. CANCEL is an opt-out word to
 * the carriers, so it never cancels a visit.
 */

export const OPT_OUT_WORDS = [
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "END",
  "QUIT",
  "CANCEL",
  "REVOKE",
  "OPTOUT",
] as const;
export const OPT_IN_WORDS = ["START", "UNSTOP", "OPTIN"] as const;

export type Keyword = "stop" | "start" | "help" | "confirm" | "callback";

const WORDS = new Map<string, Keyword>([
  ...OPT_OUT_WORDS.map((word) => [word, "stop"] as const),
  ...OPT_IN_WORDS.map((word) => [word, "start"] as const),
  ["HELP", "help"],
  ["C", "confirm"],
  ["R", "callback"],
]);

/** The keyword a reply is, or null when it is a message for a person. */
export function keywordOf(body: string): Keyword | null {
  const word = body.replace(/\s+/g, "").toUpperCase();
  return WORDS.get(word) ?? null;
}
