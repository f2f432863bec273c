import { config, z } from "zod";

// In the browser zod would probe `new Function` for its compiled parsers, which the site's
// Content-Security-Policy (no 'unsafe-eval') refuses and reports on every form page. The
// forms check a handful of fields: the plain parser is enough there. zod reads the setting
// as each object schema is built, so every schema module takes `z` from here: this runs
// first whichever of them a page loads, and however late (form-kit loads them lazily).
if (typeof document !== "undefined") config({ jitless: true });

export { z };
