import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { StaffScreenHeader, Timestamp } from "~/components/staff-kit";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { tooManyReads } from "~/http/http.server";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import { readPatients } from "~/models/patients/access.server";
import type { StaffHandle } from "~/models/permissions";
import {
  listConversations,
  markHandled,
  readConversation,
  replyToNumber,
} from "~/models/sms/inbox.server";
import { INBOX_MESSAGES, MAX_REPLY } from "~/models/sms/inbox-messages";
import { invalid } from "~/utils/result";

const PATH = "/staff/messages";
export const handle: StaffHandle = { permission: "messages.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const number = new URL(request.url).searchParams.get("number")?.slice(0, 40) ?? null;
  const [conversations, open] = await Promise.all([
    listConversations(),
    number ? readConversation(number) : null,
  ]);
  // Texts are a patient's messages: reading them counts as a read of their record (ADR 043).
  const patientIds = [
    ...new Set(
      [...conversations, ...(open ? [open] : [])].flatMap((c) => c.patients.map((p) => p.id)),
    ),
  ];
  const refused = await readPatients(staffActor(user), {
    patientIds,
    action: "patient.list",
    entityType: "sms",
    summary: `Read the messages inbox: texts of ${patientIds.length} patients`,
  });
  if (refused) throw tooManyReads(refused);
  return {
    conversations: conversations.map((c) => ({ ...c, lastAt: c.lastAt.toISOString() })),
    open: open
      ? { ...open, lines: open.lines.map((line) => ({ ...line, at: line.at.toISOString() })) }
      : null,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    task: "Answering a text",
    keep: ["body"],
    handler: async ({ form, actor }) => {
      const number = form.number?.trim().slice(0, 40) ?? "";
      const back = `${PATH}?number=${encodeURIComponent(number)}`;
      if (form.intent === "reply") {
        const result = await replyToNumber(number, form.body ?? "", actor);
        if (!result.ok) return result;
        return redirectWithToast(back, { type: "success", message: result.message });
      }
      if (form.intent === "handled") {
        const result = await markHandled(number, actor);
        if (!result.ok) return result;
        return redirectWithToast(back, { type: "success", message: result.message });
      }
      return invalid(INBOX_MESSAGES.noNumber);
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Messages | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function Messages() {
  const { conversations, open } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <StaffScreenHeader title="Messages" />
      <div className="mt-4 grid gap-6 lg:grid-cols-[20rem_1fr]">
        <section aria-labelledby="conversations-heading">
          <h2 id="conversations-heading" className="text-lg font-semibold">
            Conversations
          </h2>
          {conversations.length === 0 ? (
            <p className="mt-2 text-slate-700">No texts have come in.</p>
          ) : (
            <ul className="mt-2 space-y-2" data-testid="conversations">
              {conversations.map((c) => (
                <li key={c.number}>
                  <Link
                    to={`${PATH}?number=${encodeURIComponent(c.number)}`}
                    className={`block rounded-md border p-3 ${c.unhandled > 0 ? "border-brand-300 bg-brand-50" : "border-slate-200"}`}
                    data-testid="conversation"
                  >
                    <span className="font-semibold">
                      {c.patients.length > 0
                        ? c.patients.map((p) => p.name).join(", ")
                        : "Unknown number"}
                    </span>{" "}
                    <span className="text-sm text-slate-700">{c.number}</span>
                    <span className="block truncate text-sm text-slate-800">{c.lastBody}</span>
                    <span className="text-xs text-slate-700">
                      {c.unhandled > 0 ? `${c.unhandled} waiting · ` : "Handled · "}
                      <Timestamp iso={c.lastAt} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        {open ? (
          <section aria-labelledby="conversation-heading" data-testid="open-conversation">
            <h2 id="conversation-heading" className="text-lg font-semibold">
              {open.patients.length > 0 ? (
                open.patients.map((p, i) => (
                  <span key={p.id}>
                    {i > 0 ? ", " : ""}
                    <Link to={`/staff/patients/${p.id}`} className="text-brand-700 underline">
                      {p.name}
                    </Link>
                  </span>
                ))
              ) : (
                <>Unknown number</>
              )}{" "}
              <span className="text-base font-normal text-slate-700">{open.number}</span>
            </h2>
            <ol className="mt-3 space-y-2" data-testid="conversation-lines">
              {open.lines.map((line) => (
                <li
                  key={line.id}
                  className={`max-w-prose rounded-lg p-3 ${line.direction === "in" ? "bg-slate-100" : "ml-auto bg-brand-50"}`}
                  data-testid={`text-${line.direction}`}
                >
                  <p className="break-words whitespace-pre-wrap">{line.body}</p>
                  <p className="mt-1 text-xs text-slate-700">
                    {line.direction === "in" ? "Received" : "Sent"} <Timestamp iso={line.at} /> ·{" "}
                    {line.state}
                  </p>
                </li>
              ))}
            </ol>
            <FormError message={answer?.error} />
            {open.optedOut ? (
              <p className="mt-4 text-slate-800">{INBOX_MESSAGES.optedOut}</p>
            ) : (
              <Form method="post" className="mt-4 space-y-2">
                <input type="hidden" name="number" value={open.number} />
                <label htmlFor="reply-body" className="block font-semibold">
                  Reply
                </label>
                <textarea
                  id="reply-body"
                  name="body"
                  rows={3}
                  maxLength={MAX_REPLY}
                  defaultValue={answer?.values?.body ?? ""}
                  className="w-full rounded-md border border-slate-300 p-2"
                />
                <button
                  type="submit"
                  name="intent"
                  value="reply"
                  className="btn-primary"
                  disabled={busy}
                >
                  Send reply
                </button>
              </Form>
            )}
            {open.unhandled > 0 ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="number" value={open.number} />
                <button
                  type="submit"
                  name="intent"
                  value="handled"
                  className="btn-secondary"
                  disabled={busy}
                >
                  Mark handled
                </button>
              </Form>
            ) : null}
          </section>
        ) : (
          <p className="text-slate-700">Choose a conversation to read it and answer.</p>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
