import { z } from "zod";

/**
 * How each kind of message goes (docs/decisions/052-text-messages.md): by e-mail, by text,
 * or both, chosen in the clinic settings. A text goes only to a patient who agreed to
 * texts; one who did not gets the mail, whatever the setting.
 */

export const MESSAGE_CHANNELS = ["email", "sms", "both"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The kinds that may go by text, in the settings screen's order, with its labels. */
export const TEXT_KINDS = {
  booking: "Booking confirmation",
  change: "Moved visit",
  cancellation: "Cancellation",
  reminder: "Reminders",
  waitlist_offer: "Waiting-list offers",
  recall_invitation: "Recall invitations",
} as const;
export type TextKind = keyof typeof TEXT_KINDS;

export const CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: "E-mail",
  sms: "Text",
  both: "Both",
};

export type ChannelChoice = Record<TextKind, MessageChannel>;

const choiceSchema = z.record(z.string(), z.enum(MESSAGE_CHANNELS));

export function parseChannels(json: string): ChannelChoice {
  const parsed = choiceSchema.safeParse(safeJson(json));
  const stored = parsed.success ? parsed.data : {};
  const choice = {} as ChannelChoice;
  for (const kind of Object.keys(TEXT_KINDS) as TextKind[]) choice[kind] = stored[kind] ?? "email";
  return choice;
}

function safeJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export function isTextKind(kind: string): kind is TextKind {
  return Object.hasOwn(TEXT_KINDS, kind);
}

/** Whether `kind` may go by text, and whether by mail too (when a text goes). */
export function channelOf(channels: string, kind: string): MessageChannel {
  return isTextKind(kind) ? parseChannels(channels)[kind] : "email";
}
