import { getEnv } from "~/infra/env.server";
import { twilioSignature } from "~/models/sms/signature.server";

export const TEST_TWILIO = {
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
  TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
  TWILIO_FROM: "+15550100999",
};

let sidCounter = 0;
/** A MessageSid no other request of this run used. */
export function freshSid(prefix = "SM"): string {
  sidCounter += 1;
  return `${prefix}${String(sidCounter).padStart(8, "0")}${Date.now().toString(16)}`.padEnd(
    34,
    "0",
  );
}

/** A webhook request as Twilio sends it: form-encoded, signed over APP_URL + path + params. */
export function signedWebhook(
  path: string,
  fields: Record<string, string>,
  options: { token?: string; signature?: string | null } = {},
): Request {
  const params = Object.entries(fields);
  const signature =
    options.signature === undefined
      ? twilioSignature(
          options.token ?? TEST_TWILIO.TWILIO_AUTH_TOKEN,
          `${getEnv().APP_URL}${path}`,
          params,
        )
      : options.signature;
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signature === null ? {} : { "x-twilio-signature": signature }),
    },
    body: new URLSearchParams(params),
  });
}
