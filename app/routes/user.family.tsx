import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddFamilyMember, FamilyMemberCard, GuardianCard } from "~/components/family-forms";
import { useCheckedForm } from "~/components/form-kit";
import { VerifyEmailNotice } from "~/components/verify-email-notice";
import { addFamilyMember, changePermissions } from "~/models/family/members.server";
import { decideGuardian, offerOwnAccount } from "~/models/family/own-account.server";
import { familyPage } from "~/models/family/page.server";
import { removeFamilyMember } from "~/models/family/removal.server";
import { relationshipLabel } from "~/models/family/rules";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { invalid } from "~/utils/result";
import { FAMILY_MEMBER_FIELDS } from "~/validation/family-fields";

const PATH = "/user/family";

export async function loader({ request }: LoaderFunctionArgs) {
  return familyPage(await requirePageUser(request));
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: "all",
    task: "Changing a patient's family",
    // The add form shows its refusal on its field; the others are one button each, and
    // come back as the error toast over the list.
    refusal: (failure, values) =>
      values.intent === "add"
        ? { error: failure.message, field: failure.field ?? null, values }
        : redirectWithToast(PATH, { type: "error", message: failure.message }),
    handler: async ({ form, user }) => {
      const member = form.memberId ?? "";
      const result =
        form.intent === "add"
          ? await addFamilyMember(user, form)
          : form.intent === "permissions"
            ? await changePermissions(user, member, form)
            : form.intent === "own-account"
              ? await offerOwnAccount({ kind: "guardian", account: user }, member, form)
              : form.intent === "remove"
                ? await removeFamilyMember(user, member)
                : form.intent === "guardian" || form.intent === "stop"
                  ? await decideGuardian(user, form.guardianId ?? "", form)
                  : invalid("Please choose what to change.");
      if (!result.ok) return result;
      return redirectWithToast(PATH, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "My family | Dental Clinic" },
  {
    name: "description",
    content: "Add your children or someone you care for, and book their visits with yours.",
  },
];

export default function MyFamily() {
  const { verifyFirst, today, members, guardians, ownAccountAge, max } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values: Record<string, string> = actionData?.values ?? {};
  const form = useCheckedForm(
    () => import("~/validation/family").then((m) => m.familyMemberSchema(today)),
    FAMILY_MEMBER_FIELDS,
  );
  if (verifyFirst) {
    return <VerifyEmailNotice title="My family" message={verifyFirst} redirectTo={PATH} />;
  }
  return (
    <section className="mx-auto w-full max-w-3xl space-y-10 px-4 py-12">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">My family</h1>
        <p className="mt-2 text-slate-700">
          Book your children&apos;s visits, or those of an adult you care for, with your own
          account. Each keeps their own record at the clinic; their confirmations and reminders come
          to you. From {ownAccountAge}, they can have an account of their own.
        </p>
      </div>
      {guardians.length > 0 ? (
        <section aria-labelledby="guardians-heading" className="space-y-3">
          <h2 id="guardians-heading" className="text-xl font-semibold text-slate-900">
            People who look after your visits
          </h2>
          <ul className="space-y-3">
            {guardians.map((guardian) => (
              <GuardianCard key={guardian.id} guardian={guardian} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-xl font-semibold text-slate-900">
          Family members you look after
        </h2>
        {members.length === 0 ? (
          <p className="text-slate-700" data-testid="no-family">
            Nobody yet. Add a family member below.
          </p>
        ) : (
          <ul className="space-y-3">
            {members.map((member) => (
              <FamilyMemberCard
                key={member.id}
                member={member}
                relationship={relationshipLabel(member.relationship)}
                ownAccountAge={ownAccountAge}
              />
            ))}
          </ul>
        )}
      </section>
      {members.length < max ? (
        <section aria-labelledby="add-heading" className="max-w-md space-y-3">
          <h2 id="add-heading" className="text-xl font-semibold text-slate-900">
            Add a family member
          </h2>
          <AddFamilyMember form={form} today={today} values={values} />
        </section>
      ) : (
        <p className="text-slate-700">You look after {max} family members, the most here.</p>
      )}
      <p>
        <Link to="/make-appointment" className="text-brand-700 underline">
          Book an appointment
        </Link>
      </p>
    </section>
  );
}
