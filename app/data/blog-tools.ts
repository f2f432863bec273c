import tools from "./blog-tools.json";

/**
 * The Blogs page's static cards: AI writing tools (docs/spec/product-spec.md §1), linked as
 * /tool/{slug}.
 */
export const PRICING_TYPES = ["Freemium", "Free Trial", "Contact for Pricing"] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

export type BlogTool = {
  slug: string;
  title: string;
  tagline: string;
  description: string;
  pricing: PricingType;
  /** Whether the tool offers an API (the card's API badge). */
  api: boolean;
  tags: string[];
  image: string;
};

// The cards are data (blog-tools.json); tests/unit/data/blog-tools.test.ts checks each against
// this type, which a JSON import cannot carry (its pricing is any string to TypeScript).
export const BLOG_TOOLS = tools as BlogTool[];

export function findBlogTool(slug: string): BlogTool | undefined {
  return BLOG_TOOLS.find((tool) => tool.slug === slug);
}
