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

function isChannel(value: unknown): value is MessageChannel {
  return (MESSAGE_CHANNELS as readonly unknown[]).includes(value);
}

/** The stored choice; a kind missing or unreadable goes by e-mail. */
export function parseChannels(json: string): ChannelChoice {
  const parsed = safeJson(json);
  const stored = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  const choice = {} as ChannelChoice;
  for (const kind of Object.keys(TEXT_KINDS) as TextKind[]) {
    const value = stored[kind];
    choice[kind] = isChannel(value) ? value : "email";
  }
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
