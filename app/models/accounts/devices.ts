/**
 * A signed-in device as the account pages show it (./sessions.server.ts reads them), and
 * a device as its User-Agent names it, in words a patient recognises ("Firefox 128 on
 * Windows"). Only the common browsers and systems are told apart; anything else is said
 * plainly, never guessed. Shared with the browser.
 */
export type DeviceName = { browser: string; system: string };

/** A signed-in device as the profile and the staff account page list it. */
export type SignedInDevice = DeviceName & {
  id: string;
  /** When it signed in, ISO 8601. */
  signedInAt: string;
  /** When it was last used (to within a quarter hour), ISO 8601. */
  lastSeenAt: string;
  /** The address it signed in from, "" when unknown. */
  ipAddress: string;
  /** The device asking. */
  current: boolean;
};

/** Browsers by their own token, the more specific first (Edge and Opera also say Chrome). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\b(?:OPR|Opera)\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\bHeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/\b(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
  [/^curl\/(\d+)/, "curl"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\b(?:Macintosh|Mac OS X)\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function deviceName(userAgent: string): DeviceName {
  let browser = "An unknown browser";
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  if (browser.startsWith("An unknown") && userAgent.trim()) browser = "Another program";
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "";
  return { browser, system };
}

/** "Firefox 128 on Windows", "Another program". */
export function describeDevice({ browser, system }: DeviceName): string {
  return system ? `${browser} on ${system}` : browser;
}
