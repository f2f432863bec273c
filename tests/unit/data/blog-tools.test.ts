import { describe, expect, it } from "vitest";
import { BLOG_TOOLS, findBlogTool, PRICING_TYPES } from "~/data/blog-tools";

describe("the Blogs page's cards (blog-tools.json)", () => {
  it("has six tools, each with every field of a BlogTool and a pricing the card knows", () => {
    expect(BLOG_TOOLS).toHaveLength(6);
    for (const tool of BLOG_TOOLS) {
      expect(tool).toEqual({
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        title: expect.any(String),
        tagline: expect.any(String),
        description: expect.any(String),
        pricing: expect.any(String),
        api: expect.any(Boolean),
        tags: expect.arrayContaining([expect.any(String)]),
        image: expect.stringMatching(/^\/images\/blog\/[a-z0-9-]+\.svg$/),
      });
      expect(PRICING_TYPES).toContain(tool.pricing);
    }
  });

  it("finds a tool by its slug, and no tool for a slug it does not have", () => {
    const slugs = BLOG_TOOLS.map((tool) => tool.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(findBlogTool("publer")?.title).toBe("Publer");
    expect(findBlogTool("nope")).toBeUndefined();
  });
});
