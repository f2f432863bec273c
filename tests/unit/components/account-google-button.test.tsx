// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GoogleButton } from "~/components/google-button";
import { renderInRemix } from "../../support/render";

describe("GoogleButton", () => {
  it("without a configured Google client, says sign-in is not available, as a disabled button", async () => {
    const { container } = renderInRemix(<GoogleButton enabled={false} redirectTo="/" />);
    const button = await screen.findByRole("button", { name: "Google sign-in is not available" });
    expect(button).toBeDisabled();
    expect(container.querySelector("form")).toBeNull();
  });

  it("with one, posts to /auth/google and carries the page to return to", async () => {
    renderInRemix(<GoogleButton enabled redirectTo="/user/profile" />);
    const button = await screen.findByRole("button", { name: "Join with google" });
    const form = button.closest("form");
    expect(form).toHaveAttribute("action", "/auth/google");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveFormValues({ redirectTo: "/user/profile" });
  });
});
