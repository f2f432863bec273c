import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { PageLinks, StaffScreenHeader, Timestamp, useStaffClock } from "~/components/staff-kit";
import {
  listUndeliveredMessages,
  OUTBOX_MESSAGES,
  retryAllFailedMessages,
  retryFailedMessage,
  type UndeliveredMessage,
} from "~/models/mail/outbox-admin.server";
import { formatDateTime } from "~/utils/clinic-format";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { invalid } from "~/utils/result";
import { readPatients } from "~/models/patients/access.server";
import { tooManyReads } from "~/http/http.server";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

const PATH = "/staff/outbox";
export const handle: StaffHandle = { permission: "outbox.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const { messages, next, failed } = await listUndeliveredMessages({
    cursor: url.searchParams.get("before"),
  });
  // Each message shows its patient's address: a read of their contact details (ADR 043).
  const patientIds = [...new Set(messages.flatMap((message) => message.patientId ?? []))];
  const refused = await readPatients(staffActor(user), {
    patientIds,
    action: "patient.list",
    entityType: "outbox",
    summary: `Read the failed mail: addresses of ${patientIds.length} patients`,
  });
  if (refused) throw tooManyReads(refused);
  return {
    messages,
    failed,
    older: next ? `${PATH}?before=${encodeURIComponent(next)}` : null,
    first: url.searchParams.has("before") ? PATH : null,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    task: "Retrying failed mail",
    handler: async ({ request, form, actor }) => {
      const back = `${PATH}${new URL(request.url).search}`;
      if (form.intent === "retry-all") {
        const result = await retryAllFailedMessages(actor);
        if (!result.ok) return result;
        const { count } = result;
        return redirectWithToast(back, {
          type: "success",
          message:
            count > 0
              ? `${count} ${count === 1 ? "message is" : "messages are"} queued to be sent again.`
              : "No message had failed.",
        });
      }
      const id = form.messageId?.trim() ?? "";
      if (form.intent !== "retry" || !id || id.length > 64) return invalid(OUTBOX_MESSAGES.choose);
      const result = await retryFailedMessage(id, actor);
      if (!result.ok) return result;
      return redirectWithToast(back, {
        type: "success",
        message: `The message to ${result.message.toAddress} is queued to be sent again.`,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Failed mail | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function MessageRow({ message }: { message: UndeliveredMessage }) {
  const navigation = useNavigation();
  const clock = useStaffClock();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("messageId") === message.id;
  const { appointment } = message;
  return (
    <li
      className={`rounded-lg border p-4 ${message.stuck ? "border-amber-300 bg-amber-50" : "border-red-200 bg-white"}`}
      data-testid="undelivered-message"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <p className="font-semibold text-slate-900" data-testid="mail-problem">
            {message.stuck
              ? "Stuck in sending: the next delivery pass takes it again."
              : (message.problem ?? "The message could not be sent.")}
          </p>
          <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">To</dt>
            <dd className="break-all text-slate-900">{message.toAddress}</dd>
            <dt className="font-semibold text-slate-700">Subject</dt>
            <dd className="break-words text-slate-900">{message.subject}</dd>
            <dt className="font-semibold text-slate-700">Kind</dt>
            <dd className="text-slate-900">{message.kindLabel}</dd>
            {appointment ? (
              <>
                <dt className="font-semibold text-slate-700">About</dt>
                <dd className="text-slate-900">
                  <Link
                    to={`/staff/appointments/${appointment.id}`}
                    className="text-brand-700 underline"
                  >
                    {appointment.service} for {appointment.patient},{" "}
                    {formatDateTime(appointment.date, appointment.time, clock)}
                  </Link>
                </dd>
              </>
            ) : null}
            <dt className="font-semibold text-slate-700">Attempts</dt>
            <dd className="text-slate-900">{message.attempts}</dd>
            <dt className="font-semibold text-slate-700">Created</dt>
            <dd className="text-slate-900">
              <Timestamp iso={message.createdAt} />
            </dd>
            {message.stuck && message.lockedUntil ? (
              <>
                <dt className="font-semibold text-slate-700">Claim ran out</dt>
                <dd className="text-slate-900">
                  <Timestamp iso={message.lockedUntil} />
                </dd>
              </>
            ) : null}
          </dl>
          {message.lastError ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-brand-700 underline">
                The mail server&apos;s own words
              </summary>
              <code className="mt-1 block break-all text-slate-800">{message.lastError}</code>
            </details>
          ) : null}
        </div>
        {message.stuck ? null : (
          <Form method="post" className="shrink-0">
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="messageId" value={message.id} />
            <button
              type="submit"
              className="btn-primary"
              aria-label={`Send again: ${message.subject} to ${message.toAddress}`}
              disabled={busy}
            >
              {busy ? "Queuing..." : "Send again"}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

export default function FailedMail() {
  const { messages, failed, older, first } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <StaffScreenHeader title="Failed mail">
        Mail that could not be delivered, and any stuck in sending, newest first, with the reason.
        Once the cause is dealt with (the mail server is back, say), send it again: it goes back in
        line with a fresh count of attempts.
      </StaffScreenHeader>
      <FormError message={actionData?.error} />
      {failed > 0 ? (
        <Form method="post" className="mb-6">
          <input type="hidden" name="intent" value="retry-all" />
          <button type="submit" className="btn-secondary">
            Send all {failed} failed {failed === 1 ? "message" : "messages"} again
          </button>
        </Form>
      ) : null}
      {messages.length > 0 ? (
        <ul className="space-y-3" aria-label="Undelivered messages">
          {messages.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">Every message has been delivered or is on its way.</p>
      )}
      <PageLinks first={first} older={older} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
