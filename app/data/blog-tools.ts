/**
 * The Blogs page's static cards: AI writing tools (docs/spec/product-spec.md §1), linked as
 * /tool/{slug}.
 */
export type PricingType = "Freemium" | "Free Trial" | "Contact for Pricing";

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

export const BLOG_TOOLS: BlogTool[] = [
  {
    slug: "writey-ai",
    title: "Writey AI",
    tagline: "Long-form articles that read like a person wrote them",
    description:
      "Drafts full blog posts from a title and a few keywords, with headings, sources to check and a plagiarism scan before you publish.",
    pricing: "Freemium",
    api: false,
    tags: ["Blog writing", "SEO", "Long-form"],
    image: "/images/blog/writey-ai.svg",
  },
  {
    slug: "writemeai",
    title: "WriteMeAI",
    tagline: "Ready-made templates for everyday writing",
    description:
      "Dozens of templates for posts, e-mails, product blurbs and social captions; pick one, fill in a few fields and edit the result.",
    pricing: "Free Trial",
    api: true,
    tags: ["Templates", "Copywriting", "E-mail"],
    image: "/images/blog/writemeai.svg",
  },
  {
    slug: "publer",
    title: "Publer",
    tagline: "Plan, write and schedule social posts in one place",
    description:
      "A social media planner with an AI assistant that suggests captions and hashtags, then schedules each post across your accounts.",
    pricing: "Freemium",
    api: true,
    tags: ["Social media", "Scheduling", "Captions"],
    image: "/images/blog/publer.svg",
  },
  {
    slug: "anyword",
    title: "Anyword",
    tagline: "Copy scored before it goes live",
    description:
      "Writes ad, landing page and e-mail copy and predicts how well each version will perform with the audience you target.",
    pricing: "Free Trial",
    api: true,
    tags: ["Marketing", "Ads", "Analytics"],
    image: "/images/blog/anyword.svg",
  },
  {
    slug: "blogseo-ai",
    title: "BlogSEO AI",
    tagline: "Search-ready blog posts on autopilot",
    description:
      "Finds keywords your readers search for, writes optimised articles around them and publishes them to your site on a schedule.",
    pricing: "Contact for Pricing",
    api: false,
    tags: ["SEO", "Keyword research", "Automation"],
    image: "/images/blog/blogseo-ai.svg",
  },
  {
    slug: "typewise",
    title: "Typewise",
    tagline: "Faster replies for support teams",
    description:
      "Predicts whole sentences as you type and fixes spelling in any language, so customer service teams answer more messages a day.",
    pricing: "Contact for Pricing",
    api: true,
    tags: ["Customer support", "Autocomplete", "Productivity"],
    image: "/images/blog/typewise.svg",
  },
];

export function findBlogTool(slug: string): BlogTool | undefined {
  return BLOG_TOOLS.find((tool) => tool.slug === slug);
}
