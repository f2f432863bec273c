// Draws the seed images that ship in public/images (the app loads no outside images).
// Run: node scripts/generate-images.mjs. Output is committed.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const palette = {
  Preventive: ["#0e7490", "#67e8f9"],
  Cosmetic: ["#be185d", "#f9a8d4"],
  Restorative: ["#4338ca", "#a5b4fc"],
  Orthodontics: ["#15803d", "#86efac"],
  "Oral surgery": ["#b45309", "#fcd34d"],
  Blog: ["#334155", "#cbd5e1"],
};

const tooth =
  "M-38 -46c-22 0-34 18-32 42 2 22 10 38 14 62 3 18 6 40 18 40 12 0 13-30 24-46 4-6 8-6 12 0 11 16 12 46 24 46 12 0 15-22 18-40 4-24 12-40 14-62 2-24-10-42-32-42-16 0-24 8-30 8s-14-8-30-8z";

/** A four-pointed sparkle centred on (x, y). */
const sparkle = (x, y, r) =>
  `M${x} ${y - r}Q${x + r * 0.2} ${y - r * 0.2} ${x + r} ${y}Q${x + r * 0.2} ${y + r * 0.2} ${x} ${y + r}Q${x - r * 0.2} ${y + r * 0.2} ${x - r} ${y}Q${x - r * 0.2} ${y - r * 0.2} ${x} ${y - r}z`;

/**
 * One illustration per service category (white on the category's colours), drawn around
 * (0, 0) in a 400-unit-high frame. `dark` is the category's deep colour, for details.
 */
const illustrations = {
  // A shield with a tick: check-ups, cleaning, sealants keep teeth safe.
  Preventive: () =>
    `<path d="M0 -78 62 -54V2C62 48 34 82 0 98-34 82-62 48-62 2V-54z" fill="#fff" opacity=".95"/>
<path d="M-30 8-8 32 34-18" fill="none" stroke="currentColor" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A tooth with sparkles: whitening, veneers, bonding.
  Cosmetic: () =>
    `<path d="${tooth}" fill="#fff" opacity=".95"/>
<path d="${sparkle(78, -58, 26)}" fill="#fff"/><path d="${sparkle(-84, -30, 16)}" fill="#fff" opacity=".85"/><path d="${sparkle(64, 40, 12)}" fill="#fff" opacity=".8"/>`,
  // A tooth under a crown: fillings, crowns, bridges.
  Restorative: () =>
    `<g transform="translate(0 18) scale(.85)"><path d="${tooth}" fill="#fff" opacity=".95"/></g>
<path d="M-56 -44V-92L-28 -68 0 -100 28 -68 56 -92V-44z" fill="#fff"/>
<path d="M-56 -44H56" stroke="currentColor" stroke-width="8"/>`,
  // Three teeth with brackets on a wire: braces, aligners, retainers.
  Orthodontics: () =>
    [-64, 0, 64]
      .map(
        (x) =>
          `<rect x="${x - 26}" y="-50" width="52" height="96" rx="22" fill="#fff" opacity=".95"/><rect x="${x - 11}" y="-10" width="22" height="20" rx="4" fill="currentColor"/>`,
      )
      .join("") + `<path d="M-100 0H100" stroke="currentColor" stroke-width="6"/>`,
  // An implant: a crown on a threaded post.
  "Oral surgery": () =>
    `<path d="M-52 -70C-52 -96 52 -96 52 -70V-40C52 -30 44 -24 34 -24H-34C-44 -24 -52 -30 -52 -40z" fill="#fff"/>
<rect x="-12" y="-24" width="24" height="14" fill="#fff" opacity=".9"/>
<path d="M-26 -8H26L18 96H-18z" fill="#fff" opacity=".95"/>
${[8, 30, 52, 74].map((y) => `<path d="M-24 ${y}L24 ${y - 10}" stroke="currentColor" stroke-width="6" stroke-linecap="round"/>`).join("")}`,
  Blog: () => `<path d="${tooth}" fill="#fff" opacity=".95"/>`,
};

const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function card({ title, subtitle, colors, kind, width = 640, height = 480 }) {
  const [dark, light] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escape(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.82}" cy="${height * 0.18}" r="${height * 0.28}" fill="#fff" opacity=".12"/>
<circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.35}" fill="#fff" opacity=".1"/>
<g transform="translate(${width / 2} ${height * 0.4}) scale(${height / 400})" color="${dark}" data-illustration="${slug(kind)}">${illustrations[kind]()}</g>
<text x="${width / 2}" y="${height * 0.8}" font-family="Helvetica, Arial, sans-serif" font-size="${height * 0.075}" font-weight="700" fill="#fff" text-anchor="middle">${escape(title)}</text>
${subtitle ? `<text x="${width / 2}" y="${height * 0.89}" font-family="Helvetica, Arial, sans-serif" font-size="${height * 0.045}" fill="#fff" opacity=".9" text-anchor="middle">${escape(subtitle)}</text>` : ""}
</svg>
`;
}

async function write(file, content) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const { seedServices, seedDentists } = await import("../prisma/seed-data.ts").catch(async () => {
  throw new Error("Run with: npx tsx scripts/generate-images.mjs");
});

for (const service of seedServices) {
  await write(
    `public/images/services/${service.slug}.svg`,
    card({
      title: service.name,
      subtitle: service.category,
      colors: palette[service.category],
      kind: service.category,
    }),
  );
}

const blogTools = [
  ["writey-ai", "Writey AI"],
  ["writemeai", "WriteMe AI"],
  ["publer", "Publer"],
  ["anyword", "Anyword"],
  ["blogseo-ai", "BlogSEO AI"],
  ["typewise", "Typewise"],
];
for (const [slug, title] of blogTools) {
  await write(
    `public/images/blog/${slug}.svg`,
    card({ title, subtitle: "AI writing tool", colors: palette.Blog, kind: "Blog" }),
  );
}

await write(
  "public/images/hero.svg",
  card({
    title: "Healthy smiles",
    subtitle: "Gentle, modern dentistry",
    colors: palette.Preventive,
    kind: "Cosmetic",
    width: 960,
    height: 640,
  }),
);
await write(
  "public/images/avatars/demo-patient.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="Demo Patient"><rect width="96" height="96" rx="48" fill="#0e7490"/><circle cx="48" cy="38" r="16" fill="#e0f2fe"/><path d="M18 82c4-16 16-24 30-24s26 8 30 24" fill="#e0f2fe"/></svg>\n`,
);
// The pictures registration and the profile offer (app/data/avatars.ts).
const avatarFace = {
  smile: `<circle cx="48" cy="40" r="22" fill="#fff"/><path d="M37 44q11 10 22 0" fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round"/><circle cx="40" cy="35" r="3" fill="currentColor"/><circle cx="56" cy="35" r="3" fill="currentColor"/>`,
  tooth: `<g transform="translate(48 44) scale(.3)"><path d="${tooth}" fill="#fff"/></g>`,
  star: `<path d="M48 18l8 17 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z" fill="#fff"/>`,
  leaf: `<path d="M28 70C28 38 48 22 72 22 72 50 58 70 28 70z" fill="#fff"/><path d="M30 68 60 36" stroke="currentColor" stroke-width="3"/>`,
  sun: `<circle cx="48" cy="48" r="16" fill="#fff"/>${[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => `<path d="M48 20v-8" stroke="#fff" stroke-width="4" stroke-linecap="round" transform="rotate(${angle} 48 48)"/>`).join("")}`,
  person: `<circle cx="48" cy="38" r="16" fill="#e0f2fe"/><path d="M18 82c4-16 16-24 30-24s26 8 30 24" fill="#e0f2fe"/>`,
};
const avatars = [
  ["teal-smile", "Teal smile", "#0e7490", "smile"],
  ["coral-tooth", "Coral tooth", "#be185d", "tooth"],
  ["indigo-star", "Indigo star", "#4338ca", "star"],
  ["green-leaf", "Green leaf", "#15803d", "leaf"],
  ["amber-sun", "Amber sun", "#b45309", "sun"],
  ["slate-person", "Slate person", "#334155", "person"],
];
for (const [name, label, color, face] of avatars) {
  await write(
    `public/images/avatars/${name}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${label}" color="${color}"><rect width="96" height="96" rx="48" fill="${color}"/>${avatarFace[face]}</svg>\n`,
  );
}
await write(
  "public/favicon.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-80 -60 160 160"><path d="${tooth}" fill="#0e7490"/></svg>\n`,
);
const portraitColors = [
  ["#0e7490", "#a5f3fc", "#7c4a2d"],
  ["#4338ca", "#c7d2fe", "#1f2937"],
  ["#be185d", "#fbcfe8", "#3b2314"],
];
for (const [index, dentist] of seedDentists.entries()) {
  const [dark, light, hair] = portraitColors[index % portraitColors.length];
  await write(
    `public/images/team/${dentist.slug}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320" role="img" aria-label="${escape(dentist.name)}">
<rect width="320" height="320" fill="${light}"/>
<path d="M60 320c8-70 50-104 100-104s92 34 100 104z" fill="${dark}"/>
<path d="M140 214h40l-20 36z" fill="#fff"/>
<circle cx="160" cy="138" r="58" fill="#f1c7a5"/>
<path d="M100 132c0-44 28-70 60-70s60 26 60 70c-12-22-34-34-60-34s-48 12-60 34z" fill="${hair}"/>
<circle cx="140" cy="142" r="5" fill="#1f2937"/><circle cx="180" cy="142" r="5" fill="#1f2937"/>
<path d="M140 168c12 10 28 10 40 0" stroke="#9a3412" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>
`,
  );
}
console.info(
  `Wrote ${seedServices.length + blogTools.length + avatars.length + seedDentists.length + 3} images`,
);
