import { countSegments, type Segments } from "./segments";
import {
  CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  parseChannels,
  TEXT_KINDS,
  type ChannelChoice,
  type MessageChannel,
  type TextKind,
} from "./channels";
import { composeText } from "./texts";

/**
 * The clinic settings' "Texts" section (docs/decisions/052-text-messages.md): per kind of
 * message e-mail, text or both, and the monthly cap; with each kind's text previewed and
 * its segment count. Pure: the admin's save and the settings screen share it.
 */

export const MAX_MONTHLY_CAP = 1_000_000;

export const TEXT_SETTINGS_MESSAGES = {
  channel: "Please choose e-mail, text or both for each kind of message.",
  cap: `Please enter the monthly cap on texts as a whole number from 0 to ${MAX_MONTHLY_CAP}.`,
} as const;

export const channelField = (kind: TextKind) => `channel_${kind}`;

export function parseTextSettings(
  form: Record<string, unknown>,
):
  | { ok: true; settings: { messageChannels: string; smsMonthlyCap: number } }
  | { ok: false; message: string; field: string } {
  const choice = {} as ChannelChoice;
  for (const kind of Object.keys(TEXT_KINDS) as TextKind[]) {
    const value = form[channelField(kind)];
    if (!(MESSAGE_CHANNELS as readonly unknown[]).includes(value)) {
      return { ok: false, message: TEXT_SETTINGS_MESSAGES.channel, field: channelField(kind) };
    }
    choice[kind] = value as MessageChannel;
  }
  const rawCap = typeof form.smsMonthlyCap === "string" ? form.smsMonthlyCap.trim() : "";
  const cap = /^\d{1,7}$/.test(rawCap) ? Number(rawCap) : NaN;
  if (!Number.isInteger(cap) || cap > MAX_MONTHLY_CAP) {
    return { ok: false, message: TEXT_SETTINGS_MESSAGES.cap, field: "smsMonthlyCap" };
  }
  return { ok: true, settings: { messageChannels: JSON.stringify(choice), smsMonthlyCap: cap } };
}

export type TextPreview = {
  kind: TextKind;
  label: string;
  channel: MessageChannel;
  text: string;
  segments: Segments;
};

/** Each kind's text as a patient would get it, with a link of the real length. */
export function textPreviews(settings: {
  clinicName: string;
  messageChannels: string;
  appUrl: string;
  sampleWhen: string;
}): TextPreview[] {
  const channels = parseChannels(settings.messageChannels);
  // A visit's text carries its short link; an offer and a recall invitation their own links.
  const short = `${settings.appUrl}/t/${"x".repeat(16)}`;
  const long = `${settings.appUrl}/visit/${"x".repeat(43)}/confirm`;
  return (Object.keys(TEXT_KINDS) as TextKind[]).map((kind) => {
    const text = composeText(kind, {
      clinicName: settings.clinicName,
      when: settings.sampleWhen,
      link:
        kind === "cancellation"
          ? null
          : kind === "waitlist_offer" || kind === "recall_invitation"
            ? long
            : short,
      until: settings.sampleWhen,
    });
    return {
      kind,
      label: TEXT_KINDS[kind],
      channel: channels[kind],
      text,
      segments: countSegments(text),
    };
  });
}

export { CHANNEL_LABELS, MESSAGE_CHANNELS };
