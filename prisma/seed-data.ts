import type { ServiceCategory } from "../app/data/service-categories";

export type SeedService = {
  slug: string;
  name: string;
  category: ServiceCategory;
  priceCents: number;
  description: string;
};

export const DEMO_PATIENT = {
  name: "Demo Patient",
  email: "patient@example.com",
  password: "smile123",
  userImage: "/images/avatars/demo-patient.svg",
  address: "12 Harbour Street, Springfield",
};

/**
 * The clinic's demo staff, made only by the seed (nobody can register into a staff role).
 * Their passwords are public (README): a real clinic starts with SEED_ON_START=false, or
 * revokes these with `npm run staff -- revoke <e-mail>`.
 */
export const DEMO_STAFF = [
  {
    name: "Clinic Admin",
    email: "admin@example.com",
    password: "admin123",
    role: "admin",
  },
  {
    name: "Front Desk",
    email: "reception@example.com",
    password: "desk123",
    role: "reception",
  },
] as const;

export const seedServices: SeedService[] = [
  {
    slug: "teeth-whitening",
    name: "Teeth Whitening",
    category: "Cosmetic",
    priceCents: 29900,
    description:
      "In-chair whitening with a peroxide gel and light activation that lifts stains from coffee, tea and tobacco by several shades in one 90-minute visit.",
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
