import type { ActionFunctionArgs } from "@remix-run/node";
import { readSignedWebhook, twiml, webhookRefusal } from "~/http/sms-webhook.server";
import { inboundOf, receiveText } from "~/models/sms/inbound.server";

/** POST /webhooks/sms: a text to the clinic's number (Twilio's shape; signed). */
export async function action(args: ActionFunctionArgs) {
  const signed = await readSignedWebhook(args);
  if ("refused" in signed) return signed.refused;
  const text = inboundOf(signed.params);
  if (!text) return webhookRefusal(400, "Bad request: From and MessageSid are required");
  const result = await receiveText(text);
  if (!result.ok) return webhookRefusal(result.status, result.message);
  return twiml(result.reply);
}

export const loader = () => webhookRefusal(405, "Method not allowed");
