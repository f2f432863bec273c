import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GoogleButton } from "~/components/google-button";

describe("GoogleButton without a configured Google client", () => {
  it("says that Google sign-in is not available, as a disabled button", () => {
    const html = renderToStaticMarkup(<GoogleButton enabled={false} redirectTo="/" />);
    expect(html).toContain("Google sign-in is not available");
    expect(html).toMatch(/<button[^>]*disabled/);
    expect(html).not.toContain("/auth/google");
  });
});
