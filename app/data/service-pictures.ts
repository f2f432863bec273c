/**
 * The service pictures the site ships (public/images/services, drawn by
 * scripts/generate-images.mjs): staff choose one for a new service instead of finding a
 * link. A link of one's own stays possible.
 */
export const SERVICE_PICTURES = [
  { src: "/images/services/bone-grafting.svg", label: "Bone grafting" },
  { src: "/images/services/ceramic-braces.svg", label: "Ceramic braces" },
  { src: "/images/services/composite-bonding.svg", label: "Composite bonding" },
  { src: "/images/services/cosmetic-fillings.svg", label: "Cosmetic fillings" },
  { src: "/images/services/dental-bridges.svg", label: "Dental bridges" },
  { src: "/images/services/dental-checkup.svg", label: "Dental checkup" },
  { src: "/images/services/dental-crowns.svg", label: "Dental crowns" },
  { src: "/images/services/dental-implants.svg", label: "Dental implants" },
  { src: "/images/services/dentures.svg", label: "Dentures" },
  { src: "/images/services/digital-x-rays.svg", label: "Digital X-rays" },
  { src: "/images/services/emergency-dental-care.svg", label: "Emergency dental care" },
  { src: "/images/services/fissure-sealants.svg", label: "Fissure sealants" },
  { src: "/images/services/fluoride-varnish.svg", label: "Fluoride varnish" },
  { src: "/images/services/gum-disease-treatment.svg", label: "Gum disease treatment" },
  { src: "/images/services/invisalign.svg", label: "Invisalign" },
  { src: "/images/services/metal-braces.svg", label: "Metal braces" },
  { src: "/images/services/modern-anesthetic.svg", label: "Modern anesthetic" },
  { src: "/images/services/night-guard.svg", label: "Night guard" },
  { src: "/images/services/porcelain-veneers.svg", label: "Porcelain veneers" },
  { src: "/images/services/retainers.svg", label: "Retainers" },
  { src: "/images/services/root-canal-treatment.svg", label: "Root canal treatment" },
  { src: "/images/services/smile-makeover.svg", label: "Smile makeover" },
  { src: "/images/services/teeth-cleaning.svg", label: "Teeth cleaning" },
  { src: "/images/services/teeth-whitening.svg", label: "Teeth whitening" },
  { src: "/images/services/tooth-extraction.svg", label: "Tooth extraction" },
  { src: "/images/services/wisdom-tooth-removal.svg", label: "Wisdom tooth removal" },
] as const;
