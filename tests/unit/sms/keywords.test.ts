import { describe, expect, it } from "vitest";
import { keywordOf, OPT_IN_WORDS, OPT_OUT_WORDS } from "~/models/sms/keywords";

describe("reply keywords", () => {
  it("reads every opt-out and opt-in word, in any case and with spaces", () => {
    for (const word of OPT_OUT_WORDS) {
      expect(keywordOf(word)).toBe("stop");
      expect(keywordOf(` ${word.toLowerCase()} `)).toBe("stop");
    }
    for (const word of OPT_IN_WORDS) expect(keywordOf(word.toLowerCase())).toBe("start");
    expect(keywordOf("s t o p")).toBe("stop");
    expect(keywordOf("Help")).toBe("help");
    expect(keywordOf(" c ")).toBe("confirm");
    expect(keywordOf("r")).toBe("callback");
  });

  it("leaves anything more than one word to a person", () => {
    expect(keywordOf("stop please")).toBeNull();
    expect(keywordOf("Can I come at 3?")).toBeNull();
    expect(keywordOf("CC")).toBeNull();
    expect(keywordOf("")).toBeNull();
  });
});
