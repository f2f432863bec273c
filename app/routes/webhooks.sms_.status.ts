import type { ActionFunctionArgs } from "@remix-run/node";
import { readSignedWebhook, twiml, webhookRefusal } from "~/http/sms-webhook.server";
import { receiveStatus } from "~/models/sms/inbound.server";

/** POST /webhooks/sms/status: a delivery receipt for a text the clinic sent (signed). */
export async function action(args: ActionFunctionArgs) {
  const signed = await readSignedWebhook(args);
  if ("refused" in signed) return signed.refused;
  await receiveStatus(signed.params);
  return twiml(null);
}

export const loader = () => webhookRefusal(405, "Method not allowed");
