/** What the messages inbox says, shared by its server code and its page. */

export const INBOX_MESSAGES = {
  emptyReply: "Please write a reply.",
  replyTooLong: "Please keep the reply under 300 characters.",
  noNumber: "Please choose a conversation.",
  optedOut: "This number opted out of texts (STOP): it cannot be texted until it replies START.",
  textsOff: "Texts are off on this server (SMS_PROVIDER): the reply cannot be sent.",
  replied: "The reply is queued: it leaves within the clinic's sending hours.",
  handled: "The conversation is marked handled.",
} as const;

export const MAX_REPLY = 300;
