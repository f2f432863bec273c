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
import { getClinicClock } from "~/models/clinic-settings.server";
import {
  type AttentionCount,
  dentistForAdmin,
  updateDentistProfile,
  visitsNeedingAttention,
} from "~/models/dentist-admin.server";
import {
  linkDentistAccount,
  setDentistServices,
  unlinkDentistAccount,
} from "~/models/dentist-links.server";
import {
  addDentistException,
  removeDentistException,
  updateWeeklyPlan,
} from "~/models/dentist-schedule.server";
import { formRefusal, unexpectedFailure } from "~/utils/form-action.server";
import { limitStaffWrite } from "~/utils/rate-limit.server";
import { invalid } from "~/utils/result";
import { requireStaffPage, staffActor } from "~/utils/roles.server";
import { type StaffHandle, staffScreenRoles } from "~/utils/staff-screens";
import { redirectWithToast } from "~/utils/toast.server";
import { formToObject } from "~/validation/form";
import { formPageHeaders } from "~/utils/page-headers.server";

const ROLES = staffScreenRoles("/staff/dentists");
export const handle: StaffHandle = { staffRoles: ROLES };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaffPage(request, ROLES);
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

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaffPage(request, ROLES);
  const id = params.id ?? "";
  const form = await request.formData();
  const input = formToObject(form);
  const values = { ...input, intent: input.intent ?? "" };
  const limited = await limitStaffWrite(user.id);
  if (limited) return formRefusal(limited, values);
  const actor = staffActor(user);
  const back = `/staff/dentists/${encodeURIComponent(id)}`;
  const done = (message: string, section: string, type: "success" | "info" = "success") =>
    redirectWithToast(`${back}#${section}`, { type, message });
  try {
    switch (values.intent) {
      case "profile": {
        const result = await updateDentistProfile(actor, id, input);
        if (!result.ok) return formRefusal(result, values);
        return done(
          `Saved the profile of ${result.name}.${result.attention ? attentionNote(result.attention) : ""}`,
          "profile",
        );
      }
      case "plan": {
        const result = await updateWeeklyPlan(actor, id, input);
        if (!result.ok) return formRefusal(result, values);
        return done(
          `Saved the weekly plan of ${result.name}.${attentionNote(result.attention)}`,
          "plan",
        );
      }
      case "add-exception": {
        const result = await addDentistException(actor, id, input);
        if (!result.ok) return formRefusal(result, values);
        return done(
          `Added the exception for ${result.name}.${attentionNote(result.attention)}`,
          "exceptions",
        );
      }
      case "remove-exception": {
        const result = await removeDentistException(actor, id, input.exceptionId);
        if (!result.ok) return formRefusal(result, values);
        return done(`Removed the exception of ${result.name}.`, "exceptions");
      }
      case "services": {
        const result = await setDentistServices(actor, id, form.getAll("service"));
        if (!result.ok) return formRefusal(result, values);
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
        const result = await linkDentistAccount(actor, id, input);
        if (!result.ok) return formRefusal(result, values);
        return done(`${result.email} is the staff account of ${result.name}.`, "account");
      }
      case "unlink-account": {
        const result = await unlinkDentistAccount(actor, id);
        if (!result.ok) return formRefusal(result, values);
        return done(`${result.name} has no staff account now.`, "account");
      }
      default:
        return formRefusal(invalid("Please choose what to change."), values);
    }
  } catch (error) {
    return unexpectedFailure("Changing a dentist", error, values);
  }
}

// A refusal's Retry-After (the staff write limit, a busy database) reaches the browser.
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
