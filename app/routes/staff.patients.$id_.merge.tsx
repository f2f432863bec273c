import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PatientSearchForm } from "~/components/staff/patient-search-form";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { ReadLimitNotice } from "~/components/staff/read-limit-notice";
import { findPatientsFor } from "~/models/patients/search.server";
import { mergePatients, mergePreview, recordToKeep } from "~/models/patients/merge.server";
import { NO_SUCH_PATIENT_MESSAGE } from "~/models/patients/edit.server";
import { readPatients } from "~/models/patients/access.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { shownEmail } from "~/models/patients/no-email";
import type { StaffHandle } from "~/models/permissions";
import { retryAfterHeaders } from "~/utils/result";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

export const handle: StaffHandle = { permission: "patients.merge" };

type Side = {
  id: string;
  name: string;
  email: string;
  phone: string;
  signsIn: boolean;
  verified: boolean;
};

function side(person: {
  id: string;
  name: string;
  email: string;
  phone: string;
  passwordHash: string | null;
  googleId: string | null;
  emailVerifiedAt: Date | null;
}): Side {
  const signsIn = person.passwordHash !== null || person.googleId !== null;
  return {
    id: person.id,
    name: person.name,
    // A record that signs in shows the address it signs in with, whatever it is: only a
    // desk record's stand-in means "no e-mail address".
    email: signsIn ? person.email : shownEmail(person.email),
    phone: person.phone,
    signsIn,
    verified: person.emailVerifiedAt !== null,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const actor = staffActor(user);
  const keepId = params.id ?? "";
  const keep = await recordToKeep(keepId);
  if (!keep) throw data({ message: NO_SUCH_PATIENT_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const query = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const duplicateId = url.searchParams.get("duplicate")?.slice(0, 64) ?? "";
  const base = { keep, query, matches: [] as Side[], preview: null, problem: null };
  if (duplicateId) {
    const preview = await mergePreview(keepId, duplicateId);
    if (!preview.ok) return { ...base, problem: preview.message };
    const refused = await readPatients(actor, {
      patientIds: [keepId, duplicateId],
      action: "patient.list",
      entityType: "patient",
      entityId: keepId,
      summary: "Compared two patient records before merging them",
    });
    if (refused) {
      return data(
        { ...base, problem: refused.message },
        { status: refused.status, headers: retryAfterHeaders(refused) },
      );
    }
    return {
      ...base,
      problem: preview.refusal?.message ?? null,
      preview: {
        keep: side(preview.keep),
        duplicate: side(preview.duplicate),
        counts: preview.counts,
        mergeable: preview.refusal === null,
      },
    };
  }
  const found = await findPatientsFor(actor, query);
  if (!found.ok) {
    return data(
      { ...base, problem: found.message },
      { status: found.status, headers: retryAfterHeaders(found) },
    );
  }
  const matches = found.patients
    .filter((match) => match.id !== keepId)
    .map((match) => ({ ...match, signsIn: match.hasAccount }));
  return { ...base, matches };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: [],
    task: "Merging patient records",
    handler: async ({ params, form, actor }) => {
      const keepId = params.id ?? "";
      const result = await mergePatients(actor, keepId, form.duplicate ?? "");
      if (!result.ok) return result;
      const { visits } = result.counts;
      return redirectWithToast(`/staff/patients/${keepId}`, {
        type: "success",
        message: `The duplicate is merged into ${result.name}'s record: ${visits} ${visits === 1 ? "visit" : "visits"} moved.`,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Merge patient records | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function Record({ title, person }: { title: string; person: Side }) {
  return (
    <div className="rounded-lg border border-slate-300 p-3">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p>{person.name}</p>
      <p className="text-sm text-slate-700">
        {person.email || "no e-mail address"}
        {person.email ? (
          <span data-testid="address-verified">
            {` (${person.verified ? "confirmed by its owner" : "not confirmed"})`}
          </span>
        ) : null}{" "}
        · {person.phone || "no phone"} · {person.signsIn ? "signs in online" : "no account"}
      </p>
    </div>
  );
}

export default function MergePatients() {
  const { keep, query, matches, preview, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/staff/patients/${keep.id}`;
  return (
    <section className="space-y-5">
      <p>
        <Link to={back} className="text-brand-700 underline">
          Back to {keep.name}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Merge a duplicate into {keep.name}</h1>
      <p className="text-slate-700">
        The duplicate&apos;s visits, reviews, recalls and waiting-list entries move to this record;
        its empty details are filled from the duplicate and both records&apos; medical alerts and
        notes are kept. The duplicate is then removed.
      </p>
      {problem ? <ReadLimitNotice message={problem} /> : null}
      {preview ? (
        <section aria-labelledby="confirm-heading" className="space-y-3">
          <h2 id="confirm-heading" className="text-lg font-semibold text-slate-900">
            Merge these records?
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <Record title="Kept" person={preview.keep} />
            <Record title="Merged into it and removed" person={preview.duplicate} />
          </div>
          {preview.mergeable ? (
            <>
              <p data-testid="merge-counts">
                Moves {preview.counts.visits} visits, {preview.counts.reviews} reviews,{" "}
                {preview.counts.recalls} recalls and {preview.counts.waitlist} waiting-list entries.
              </p>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="duplicate" value={preview.duplicate.id} />
                <button type="submit" className="btn-primary">
                  Yes, merge them
                </button>
                <Link to={back} className="btn-secondary">
                  Keep both
                </Link>
              </Form>
            </>
          ) : (
            <Link to={back} className="btn-secondary">
              Back to the record
            </Link>
          )}
          <FormError message={actionData?.error} />
        </section>
      ) : (
        <>
          <PatientSearchForm
            label="Find the duplicate: name, e-mail, phone or date of birth"
            query={query}
          />
          {query.trim().length >= 2 && !problem ? (
            matches.length === 0 ? (
              <p className="text-slate-700">No other patient matches “{query}”.</p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {matches.map((match) => (
                  <li key={match.id} className="flex flex-wrap items-center gap-3 p-3">
                    <span>
                      <span className="font-semibold">{match.name}</span>{" "}
                      <span className="text-sm text-slate-700">
                        {match.email || "no e-mail address"} · {match.phone || "no phone"}
                      </span>
                    </span>
                    <Link
                      to={`?duplicate=${match.id}`}
                      className="text-brand-700 underline"
                      aria-label={`Choose ${match.name} as the duplicate`}
                    >
                      Choose
                    </Link>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
