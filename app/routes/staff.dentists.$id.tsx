import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import {
  AccountForm,
  AttentionNotice,
  needs,
  ProfileForm,
  type Refusal,
  Section,
  SECTION_INTENTS,
  ServicesForm,
  visits,
} from "~/components/staff/dentist-admin-sections";
import { Exceptions, PlanForm } from "~/components/staff/dentist-schedule-sections";
import { StaffScreenHeader } from "~/components/staff-kit";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import {
  type AttentionCount,
  dentistForAdmin,
  updateDentistProfile,
  visitsNeedingAttention,
} from "~/models/team/dentist-admin.server";
import {
  linkDentistAccount,
  setDentistServices,
  unlinkDentistAccount,
} from "~/models/team/dentist-links.server";
import {
  addDentistException,
  removeDentistException,
  updateWeeklyPlan,
} from "~/models/team/dentist-schedule.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { invalid } from "~/utils/result";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

export const handle: StaffHandle = { permission: "team.manage" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const id = params.id ?? "";
  const found = await dentistForAdmin(id);
  if (!found) throw data({ message: "There is no such dentist." }, { status: 404 });
  const [attention, clock] = await Promise.all([visitsNeedingAttention(id), getClinicClock()]);
  const remove = new URL(request.url).searchParams.get("remove");
  return {
    ...found,
    attention,
    clock,
    removing: found.exceptions.find((exception) => exception.id === remove) ?? null,
  };
}

const attentionNote = (attention: AttentionCount) =>
  attention.count > 0
    ? ` ${visits(attention.count)} now ${needs(attention.count)} attention in the diary.`
    : "";

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Changing a dentist",
    handler: async ({ params, form, formData, actor }) => {
      const id = params.id ?? "";
      const back = `/staff/dentists/${encodeURIComponent(id)}`;
      const done = (message: string, section: string, type: "success" | "info" = "success") =>
        redirectWithToast(`${back}#${section}`, { type, message });
      switch (form.intent) {
        case "profile": {
          const result = await updateDentistProfile(actor, id, form);
          if (!result.ok) return result;
          return done(
            `Saved the profile of ${result.name}.${result.attention ? attentionNote(result.attention) : ""}`,
            "profile",
          );
        }
        case "plan": {
          const result = await updateWeeklyPlan(actor, id, form);
          if (!result.ok) return result;
          return done(
            `Saved the weekly plan of ${result.name}.${attentionNote(result.attention)}`,
            "plan",
          );
        }
        case "add-exception": {
          const result = await addDentistException(actor, id, form);
          if (!result.ok) return result;
          return done(
            `Added the exception for ${result.name}.${attentionNote(result.attention)}`,
            "exceptions",
          );
        }
        case "remove-exception": {
          const result = await removeDentistException(actor, id, form.exceptionId);
          if (!result.ok) return result;
          return done(`Removed the exception of ${result.name}.`, "exceptions");
        }
        case "services": {
          const result = await setDentistServices(actor, id, formData.getAll("service"));
          if (!result.ok) return result;
          return result.count === 0
            ? done(
                `${result.name} performs no service now, so the booking form does not offer them.`,
                "services",
                "info",
              )
            : done(
                `${result.name} performs ${result.count} ${result.count === 1 ? "service" : "services"}.`,
                "services",
              );
        }
        case "link-account": {
          const result = await linkDentistAccount(actor, id, form);
          if (!result.ok) return result;
          return done(`${result.email} is the staff account of ${result.name}.`, "account");
        }
        case "unlink-account": {
          const result = await unlinkDentistAccount(actor, id);
          if (!result.ok) return result;
          return done(`${result.name} has no staff account now.`, "account");
        }
        default:
          return invalid("Please choose what to change.");
      }
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded ? loaded.dentist.name : "Dentist"} | Clinic | Dental Clinic` },
  { name: "robots", content: "noindex" },
];

export default function DentistAdmin() {
  const loaded = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as Refusal | undefined;
  const busy = useNavigation().state === "submitting";
  const { dentist } = loaded;
  const props = { loaded, refusal, busy };
  return (
    <section className="space-y-8">
      <p>
        <Link to="/staff/dentists" className="text-brand-700 underline">
          Back to the team
        </Link>
      </p>
      <StaffScreenHeader title={dentist.name}>
        {dentist.title} · {dentist.active ? "Active" : "Not active"} · on the team page as{" "}
        <Link to={`/team#${dentist.slug}`} className="text-brand-700 underline">
          {dentist.slug}
        </Link>
      </StaffScreenHeader>
      {refusal && !SECTION_INTENTS.includes(refusal.values.intent ?? "") ? (
        <FormError message={refusal.error} />
      ) : null}
      <AttentionNotice loaded={loaded} />
      <Section id="profile" title="Profile" refusal={refusal} intents={["profile"]}>
        <ProfileForm {...props} />
      </Section>
      <Section id="plan" title="Weekly plan" refusal={refusal} intents={["plan"]}>
        <PlanForm {...props} />
      </Section>
      <Section
        id="exceptions"
        title="Exceptions (closed days, different hours)"
        refusal={refusal}
        intents={["add-exception", "remove-exception"]}
      >
        <Exceptions {...props} />
      </Section>
      <Section id="services" title="Services performed" refusal={refusal} intents={["services"]}>
        <ServicesForm {...props} />
      </Section>
      <Section
        id="account"
        title="Staff account"
        refusal={refusal}
        intents={["link-account", "unlink-account"]}
      >
        <AccountForm {...props} />
      </Section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
