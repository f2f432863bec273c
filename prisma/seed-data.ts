import type { ServiceCategory } from "../app/data/service-categories";

export type SeedService = {
  slug: string;
  name: string;
  category: ServiceCategory;
  priceCents: number;
  description: string;
};

export const seedServices: SeedService[] = [
  {
    slug: "teeth-whitening",
    name: "Teeth Whitening",
    category: "Cosmetic",
    priceCents: 29900,
    description:
      "In-chair whitening with a peroxide gel and light activation that lifts stains from coffee, tea and tobacco by several shades in a single one-hour visit.",
  },
  {
    slug: "teeth-cleaning",
    name: "Teeth Cleaning",
    category: "Preventive",
    priceCents: 9500,
    description:
      "Scaling and polishing by a hygienist to remove plaque and tartar above and below the gum line, with advice on brushing and flossing at home.",
  },
  {
    slug: "modern-anesthetic",
    name: "Modern Anesthetic",
    category: "Oral surgery",
    priceCents: 6000,
    description:
      "Computer-controlled local anesthesia that numbs the area slowly and evenly, so injections are close to painless and numbness wears off sooner.",
  },
  {
    slug: "cosmetic-fillings",
    name: "Cosmetic Fillings",
    category: "Restorative",
    priceCents: 18000,
    description:
      "Tooth-coloured composite fillings shaded to match your enamel, replacing decay or old metal fillings without the grey look of amalgam.",
  },
  {
    slug: "invisalign",
    name: "Invisalign",
    category: "Orthodontics",
    priceCents: 450000,
    description:
      "A series of clear removable aligners, each worn for one to two weeks, that straighten mild to moderate crowding and gaps without brackets.",
  },
  {
    slug: "dental-crowns",
    name: "Dental Crowns",
    category: "Restorative",
    priceCents: 110000,
    description:
      "A ceramic cap made from a digital scan that covers a cracked, heavily filled or root-treated tooth and restores its shape and strength.",
  },
  {
    slug: "dental-checkup",
    name: "Dental Check-up",
    category: "Preventive",
    priceCents: 6500,
    description:
      "A full examination of teeth, gums and soft tissues, with an oral cancer screening and a written plan for any treatment you may need.",
  },
  {
    slug: "digital-x-rays",
    name: "Digital X-rays",
    category: "Preventive",
    priceCents: 8000,
    description:
      "Low-dose digital bitewing and panoramic images that show decay between teeth, bone levels and wisdom teeth, ready to review on screen.",
  },
  {
    slug: "fluoride-varnish",
    name: "Fluoride Varnish",
    category: "Preventive",
    priceCents: 3500,
    description:
      "A quick painted-on fluoride coating that strengthens enamel and lowers the risk of new cavities, for children and adults with sensitive teeth.",
  },
  {
    slug: "fissure-sealants",
    name: "Fissure Sealants",
    category: "Preventive",
    priceCents: 4500,
    description:
      "A thin protective coating on the chewing surfaces of back teeth that seals deep grooves where food and bacteria collect, usually for children.",
  },
  {
    slug: "gum-disease-treatment",
    name: "Gum Disease Treatment",
    category: "Preventive",
    priceCents: 22000,
    description:
      "Deep cleaning of the root surfaces under local anesthetic to treat periodontitis, with follow-up measurements to check the gums heal.",
  },
  {
    slug: "porcelain-veneers",
    name: "Porcelain Veneers",
    category: "Cosmetic",
    priceCents: 95000,
    description:
      "Thin porcelain shells bonded to the front of teeth to change their colour, shape or length, designed with you on a digital smile preview.",
  },
  {
    slug: "composite-bonding",
    name: "Composite Bonding",
    category: "Cosmetic",
    priceCents: 25000,
    description:
      "Tooth-coloured resin sculpted onto chipped, worn or uneven edges in a single visit, with no drilling of healthy enamel in most cases.",
  },
  {
    slug: "smile-makeover",
    name: "Smile Makeover",
    category: "Cosmetic",
    priceCents: 350000,
    description:
      "A planned combination of whitening, bonding and veneers, previewed as a mock-up in your mouth before any permanent work is started.",
  },
  {
    slug: "root-canal-treatment",
    name: "Root Canal Treatment",
    category: "Restorative",
    priceCents: 85000,
    description:
      "Removal of infected or inflamed pulp, cleaning and sealing of the root canals under a microscope, saving a tooth that would otherwise be lost.",
  },
  {
    slug: "dental-bridges",
    name: "Dental Bridges",
    category: "Restorative",
    priceCents: 190000,
    description:
      "A fixed row of ceramic teeth anchored to the teeth on either side of a gap, replacing one or two missing teeth without a removable plate.",
  },
  {
    slug: "dentures",
    name: "Dentures",
    category: "Restorative",
    priceCents: 140000,
    description:
      "Full or partial removable dentures made to fit your gums and bite, with adjustment visits included in the first three months.",
  },
  {
    slug: "dental-implants",
    name: "Dental Implants",
    category: "Oral surgery",
    priceCents: 320000,
    description:
      "A titanium post placed in the jaw and topped with a crown once it has fused with the bone, replacing a missing tooth root and all.",
  },
  {
    slug: "wisdom-tooth-removal",
    name: "Wisdom Tooth Removal",
    category: "Oral surgery",
    priceCents: 45000,
    description:
      "Removal of impacted or decayed wisdom teeth under local anesthetic, with written aftercare and a check-up a week later.",
  },
  {
    slug: "tooth-extraction",
    name: "Tooth Extraction",
    category: "Oral surgery",
    priceCents: 18000,
    description:
      "Gentle removal of a tooth that cannot be saved, with options to replace it discussed before the extraction is done.",
  },
  {
    slug: "bone-grafting",
    name: "Bone Grafting",
    category: "Oral surgery",
    priceCents: 75000,
    description:
      "Rebuilding thin or lost jaw bone with graft material so that an implant can be placed securely where bone had shrunk away.",
  },
  {
    slug: "metal-braces",
    name: "Metal Braces",
    category: "Orthodontics",
    priceCents: 380000,
    description:
      "Fixed stainless-steel brackets and wires that correct crowding, gaps and bite problems, with adjustment visits every six to eight weeks.",
  },
  {
    slug: "ceramic-braces",
    name: "Ceramic Braces",
    category: "Orthodontics",
    priceCents: 420000,
    description:
      "Tooth-coloured ceramic brackets that work like metal braces but are far less noticeable, a good choice for adults and teenagers.",
  },
  {
    slug: "retainers",
    name: "Retainers",
    category: "Orthodontics",
    priceCents: 30000,
    description:
      "Clear removable or thin bonded retainers that hold teeth in their new position after braces or aligners, made from a digital scan.",
  },
  {
    slug: "night-guard",
    name: "Night Guard",
    category: "Orthodontics",
    priceCents: 40000,
    description:
      "A custom hard acrylic guard worn at night that protects teeth from grinding and clenching and eases jaw muscle pain in the morning.",
  },
  {
    slug: "emergency-dental-care",
    name: "Emergency Dental Care",
    category: "Restorative",
    priceCents: 12000,
    description:
      "Same-day appointments for toothache, swelling, knocked-out or broken teeth, with pain relief first and a plan for lasting treatment.",
  },
];

export type SeedReview = { name: string; slug: string; rating: number; message: string };

export const seedReviews: SeedReview[] = [
  {
    name: "Amelia Hart",
    slug: "teeth-whitening",
    rating: 5,
    message:
      "My teeth are visibly brighter after one visit and there was no sensitivity afterwards. The team explained every step.",
  },
  {
    name: "Daniel Okoro",
    slug: "teeth-cleaning",
    rating: 4,
    message:
      "Thorough cleaning and a friendly hygienist. I had to wait ten minutes past my time, otherwise perfect.",
  },
  {
    name: "Sofia Marin",
    slug: "modern-anesthetic",
    rating: 5,
    message:
      "I have always been scared of injections. This time I barely felt anything, which made the filling easy.",
  },
  {
    name: "Liam Chen",
    slug: "invisalign",
    rating: 5,
    message:
      "Eight months of aligners and my crowded front teeth are straight. Check-ups were quick and the scans were painless.",
  },
  {
    name: "Grace Müller",
    slug: "dental-crowns",
    rating: 4,
    message:
      "The crown matches my other teeth so well that nobody can tell. It took two visits as promised.",
  },
  {
    name: "Noah Williams",
    slug: "root-canal-treatment",
    rating: 3,
    message:
      "The treatment worked and the pain is gone, but the second appointment ran long and I left quite numb.",
  },
  {
    name: "Chloé Dubois",
    slug: "cosmetic-fillings",
    rating: 5,
    message:
      "They replaced two old metal fillings with white ones. Quick, careful and the result looks natural.",
  },
  {
    name: "Ethan Patel",
    slug: "wisdom-tooth-removal",
    rating: 2,
    message:
      "The extraction itself went fine but I found the aftercare instructions confusing and had to call back twice.",
  },
  {
    name: "Mia Rossi",
    slug: "dental-checkup",
    rating: 5,
    message:
      "Clear explanations with the X-rays on screen and no pressure to book extra treatment. I will be back.",
  },
  {
    name: "Oliver Smith",
    slug: "emergency-dental-care",
    rating: 4,
    message:
      "Seen within two hours of calling with a cracked tooth. The temporary filling held until my crown was ready.",
  },
  {
    name: "Hannah Kim",
    slug: "porcelain-veneers",
    rating: 1,
    message:
      "The veneers look good now, but one came loose after a week and the repair visit was hard to schedule.",
  },
  {
    name: "Lucas Silva",
    slug: "gum-disease-treatment",
    rating: 4,
    message:
      "My gums stopped bleeding within a month of the deep cleaning. Not comfortable, but clearly worth it.",
  },
];

type Day = { start: string; end: string; breaks: { start: string; end: string }[] } | null;
type Week = Record<
  "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday",
  Day
>;

const LUNCH = [{ start: "12:30", end: "13:30" }];
const weekday = (start: string, end: string): Day => ({ start, end, breaks: LUNCH });
const SATURDAY_MORNING: Day = { start: "09:00", end: "13:00", breaks: [] };

/** What the diary migration writes for an upgraded clinic (the old fixed hours). */
export const MIGRATION_WEEK: Week = {
  monday: { start: "09:00", end: "17:00", breaks: [] },
  tuesday: { start: "09:00", end: "17:00", breaks: [] },
  wednesday: { start: "09:00", end: "17:00", breaks: [] },
  thursday: { start: "09:00", end: "17:00", breaks: [] },
  friday: { start: "09:00", end: "17:00", breaks: [] },
  saturday: { start: "09:00", end: "17:00", breaks: [] },
  sunday: null,
};

/** Opening hours of a new clinic: weekdays with a lunch break, Saturday mornings. */
export const CLINIC_WEEK: Week = {
  monday: weekday("09:00", "17:00"),
  tuesday: weekday("09:00", "17:00"),
  wednesday: weekday("09:00", "17:00"),
  thursday: weekday("09:00", "17:00"),
  friday: weekday("09:00", "17:00"),
  saturday: SATURDAY_MORNING,
  sunday: null,
};

/** Visit length and clean-up time (minutes, multiples of the 30-minute grid). */
/** The recall type a completed visit of a seeded service sets (the migration made the types). */
export const SERVICE_RECALLS: Record<string, string> = {
  "dental-checkup": "recall-checkup",
  "teeth-cleaning": "recall-hygiene",
  "gum-disease-treatment": "recall-periodontal",
  "fluoride-varnish": "recall-child-checkup",
};

export const SERVICE_TIMES: Record<string, { durationMinutes: number; bufferMinutes?: number }> = {
  "teeth-whitening": { durationMinutes: 60 },
  "teeth-cleaning": { durationMinutes: 60 },
  "modern-anesthetic": { durationMinutes: 30 },
  "cosmetic-fillings": { durationMinutes: 60 },
  invisalign: { durationMinutes: 60 },
  "dental-crowns": { durationMinutes: 90 },
  "dental-checkup": { durationMinutes: 30 },
  "digital-x-rays": { durationMinutes: 30 },
  "fluoride-varnish": { durationMinutes: 30 },
  "fissure-sealants": { durationMinutes: 30 },
  "gum-disease-treatment": { durationMinutes: 60 },
  "porcelain-veneers": { durationMinutes: 90 },
  "composite-bonding": { durationMinutes: 60 },
  "smile-makeover": { durationMinutes: 90 },
  "root-canal-treatment": { durationMinutes: 90 },
  "dental-bridges": { durationMinutes: 90 },
  dentures: { durationMinutes: 60 },
  "dental-implants": { durationMinutes: 120, bufferMinutes: 30 },
  "wisdom-tooth-removal": { durationMinutes: 60, bufferMinutes: 30 },
  "tooth-extraction": { durationMinutes: 30 },
  "bone-grafting": { durationMinutes: 90, bufferMinutes: 30 },
  "metal-braces": { durationMinutes: 90 },
  "ceramic-braces": { durationMinutes: 90 },
  retainers: { durationMinutes: 30 },
  "night-guard": { durationMinutes: 30 },
  "emergency-dental-care": { durationMinutes: 30 },
};

export type SeedDentist = {
  id: string;
  slug: string;
  name: string;
  title: string;
  kind: "dentist" | "hygienist";
  bio: string;
  weeklyPlan: Week;
  /** Service slugs this dentist performs. */
  services: string[];
};

/** The first one has the id the diary migration gave an upgraded clinic's only dentist. */
export const seedDentists: SeedDentist[] = [
  {
    id: "dentist-first",
    slug: "dr-anita-patel",
    name: "Dr. Anita Patel",
    title: "DDS, General and Restorative Dentist",
    kind: "dentist",
    bio: "Dr. Patel has looked after families in Springfield for fifteen years, from first check-ups to crowns, bridges and root canals. Nervous patients like her calm, unhurried explanations.",
    weeklyPlan: { ...CLINIC_WEEK, saturday: null },
    services: [
      "dental-checkup",
      "digital-x-rays",
      "teeth-cleaning",
      "gum-disease-treatment",
      "modern-anesthetic",
      "cosmetic-fillings",
      "dental-crowns",
      "root-canal-treatment",
      "dental-bridges",
      "dentures",
      "emergency-dental-care",
      "dental-implants",
      "wisdom-tooth-removal",
      "tooth-extraction",
      "bone-grafting",
    ],
  },
  {
    id: "dentist-chen",
    slug: "dr-marcus-chen",
    name: "Dr. Marcus Chen",
    title: "DMD, Orthodontist and Cosmetic Dentist",
    kind: "dentist",
    bio: "Dr. Chen straightens teeth with braces and clear aligners and plans veneers and smile makeovers. He trained in Boston and joined the clinic in 2019.",
    weeklyPlan: {
      ...CLINIC_WEEK,
      monday: null,
      tuesday: weekday("10:00", "17:00"),
      saturday: SATURDAY_MORNING,
    },
    services: [
      "dental-checkup",
      "digital-x-rays",
      "emergency-dental-care",
      "teeth-whitening",
      "porcelain-veneers",
      "composite-bonding",
      "smile-makeover",
      "cosmetic-fillings",
      "invisalign",
      "metal-braces",
      "ceramic-braces",
      "retainers",
      "night-guard",
    ],
  },
  {
    id: "dentist-okafor",
    slug: "sarah-okafor",
    name: "Sarah Okafor",
    title: "RDH, Dental Hygienist",
    kind: "hygienist",
    bio: "Sarah cleans, polishes and protects teeth, and shows children and adults how to keep their gums healthy between visits.",
    weeklyPlan: { ...CLINIC_WEEK, wednesday: null },
    services: [
      "teeth-cleaning",
      "fluoride-varnish",
      "fissure-sealants",
      "gum-disease-treatment",
      "teeth-whitening",
      "digital-x-rays",
    ],
  },
];

export const seedChairs = [
  { id: "chair-1", name: "Chair 1", sortOrder: 0 },
  { id: "chair-2", name: "Chair 2", sortOrder: 1 },
];

/** US federal holidays the clinic closes on (inclusive local dates). */
export const seedClosures = [
  {
    id: "closure-thanksgiving-2026",
    name: "Thanksgiving",
    startDate: "2026-11-26",
    endDate: "2026-11-27",
  },
  {
    id: "closure-christmas-2026",
    name: "Christmas",
    startDate: "2026-12-24",
    endDate: "2026-12-26",
  },
  {
    id: "closure-new-year-2027",
    name: "New Year's Day",
    startDate: "2027-01-01",
    endDate: "2027-01-01",
  },
  {
    id: "closure-mlk-2027",
    name: "Martin Luther King Jr. Day",
    startDate: "2027-01-18",
    endDate: "2027-01-18",
  },
  {
    id: "closure-memorial-2027",
    name: "Memorial Day",
    startDate: "2027-05-31",
    endDate: "2027-05-31",
  },
  {
    id: "closure-independence-2027",
    name: "Independence Day (observed)",
    startDate: "2027-07-05",
    endDate: "2027-07-05",
  },
];
