import type { ActionFunctionArgs } from "@remix-run/node";
import { getEnv, smsDelivery } from "~/infra/env.server";
import { isValidTwilioSignature } from "~/models/sms/signature.server";
import { withoutNullCharacters } from "~/validation/form";

/**
 * Twilio's webhooks (docs/decisions/052-text-messages.md): a form-encoded POST signed with
 * X-Twilio-Signature over APP_URL + the path (and query) + the sorted parameters. A request
 * without a valid signature is 403 and logged; the cookie check does not apply (Twilio has
 * no cookie: the signature is its proof), the per-number limit does.
 */

const BODY_LIMIT = 16 * 1024;

export type SignedWebhook = { params: URLSearchParams } | { refused: Response };

export function twiml(reply: string | null): Response {
  const message = reply ? `<Message>${escapeXml(reply)}</Message>` : "";
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><Response>${message}</Response>`, {
    headers: { "content-type": "text/xml; charset=utf-8", "cache-control": "no-store" },
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function refuse(status: number, message: string): { refused: Response } {
  return {
    refused: new Response(message, {
      status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    }),
  };
}

export async function readSignedWebhook({ request }: ActionFunctionArgs): Promise<SignedWebhook> {
  const url = new URL(request.url);
  if (request.method !== "POST") return refuse(405, "Method not allowed");
  const type = request.headers.get("content-type")?.split(";", 1)[0]?.trim().toLowerCase();
  const raw = await request.text().catch(() => null);
  const signature = request.headers.get("x-twilio-signature");
  const token = smsDelivery().TWILIO_AUTH_TOKEN;
  const params =
    raw !== null && raw.length <= BODY_LIMIT && type === "application/x-www-form-urlencoded"
      ? new URLSearchParams(raw)
      : null;
  const signedUrl = `${getEnv().APP_URL}${url.pathname}${url.search}`;
  if (!params || !isValidTwilioSignature(token, signedUrl, [...params.entries()], signature)) {
    console.warn(`[sms] ${url.pathname}: refused a request without a valid X-Twilio-Signature`);
    return refuse(403, "Forbidden");
  }
  // Signed as sent; stored without a null character, which PostgreSQL's text cannot hold
  // (a text cannot be refused back to its sender).
  return {
    params: new URLSearchParams(
      [...params.entries()].map(([name, value]) => [name, withoutNullCharacters(value)]),
    ),
  };
}

export function webhookRefusal(status: number, message: string): Response {
  return refuse(status, message).refused;
}
