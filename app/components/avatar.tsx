import { useEffect, useRef, useState } from "react";

const SIZES = {
  sm: "h-8 w-8 text-sm",
  lg: "h-24 w-24 text-3xl",
} as const;

/**
 * A user's picture, or their initial when there is none or it does not load. The initial
 * sits under the picture, so without JavaScript a broken picture (empty alt: nothing drawn)
 * still shows it; with JavaScript the broken picture is taken away. `label` names the
 * picture for assistive technology; without it the avatar is decoration.
 */
export function Avatar({
  name,
  src,
  size = "sm",
  label,
}: {
  name: string;
  src: string;
  size?: keyof typeof SIZES;
  label?: string;
}) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  const image = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState<string | null>(null);

  // A picture that failed before the page hydrated fired its error event unheard.
  useEffect(() => {
    const img = image.current;
    if (!img) return;
    img.decode().catch(() => {
      if (img.isConnected && img.complete) setBroken(src);
    });
  }, [src]);

  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white ${SIZES[size]}`}
      data-testid="avatar"
      {...(label ? { role: "img", "aria-label": label } : {})}
    >
      <span aria-hidden="true">{initial}</span>
      {src && broken !== src ? (
        <img
          ref={image}
          src={src}
          alt=""
          width={size === "sm" ? 32 : 96}
          height={size === "sm" ? 32 : 96}
          referrerPolicy="no-referrer"
          onError={() => setBroken(src)}
          className="absolute inset-0 h-full w-full rounded-full border border-slate-200 object-cover"
        />
      ) : null}
    </span>
  );
}
