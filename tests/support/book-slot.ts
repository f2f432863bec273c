// One booking through `POST /api/create-appointment`'s own action, as a client of the API
// would make it: a busy database may answer 503 with Retry-After, and such a client tries
// again after that many seconds (a few times at most).
import type { ActionFunctionArgs } from "@remix-run/node";
import { action } from "~/routes/api.create-appointment";

const MAX_ATTEMPTS = 5;

export type BookingAnswer = { status: number; message: string; attempts: number };

async function attempt(token: string, input: Record<string, unknown>) {
  try {
    return await action({
      request: new Request("http://localhost/api/create-appointment", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(input),
      }),
      params: {},
      context: { clientIp: "127.0.0.1" },
    } as ActionFunctionArgs);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // What a server would answer for an action that throws, with the reason kept for the report.
    return Response.json({ success: false, message: String(thrown) }, { status: 500 });
  }
}

export async function bookThroughApi(
  token: string,
  input: Record<string, unknown>,
): Promise<BookingAnswer> {
  for (let attempts = 1; ; attempts += 1) {
    const response = await attempt(token, input);
    const text = await response.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // Not JSON: the text is the message.
    }
    const retryAfter = Number(response.headers.get("retry-after"));
    if (response.status === 503 && retryAfter > 0 && attempts < MAX_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 5) * 1000));
      continue;
    }
    return { status: response.status, message, attempts };
  }
}

/** Booked (201), refused as taken (409), and every other answer in full. */
export function tally(answers: BookingAnswer[]) {
  return {
    booked: answers.filter((answer) => answer.status === 201).length,
    refused: answers.filter((answer) => answer.status === 409).length,
    other: answers
      .filter((answer) => answer.status !== 201 && answer.status !== 409)
      .map((answer) => `${answer.status} ${answer.message}`),
  };
}
