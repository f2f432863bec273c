import { useFormAction, useSubmit } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { createContext, useContext } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * The diary's cards and free times are plain buttons (Remix's Form costs hooks each), all
 * inside this one form: each button names what to do and to which visit. Without
 * JavaScript they work as they are; with it, this wrapper turns their posts into Remix
 * submissions, as Form would (their links are routed by the page's `usePlainLinks`).
 */
const ActionContext = createContext("/staff?index");

/** Where the cards' forms post: the diary's own address (with ?index), computed once. */
export function useDiaryFormAction() {
  return useContext(ActionContext);
}

export function DiaryEnhance({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const action = useFormAction();
  const onSubmit = (event: FormEvent) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    // The button pressed names what to do (its name and value go with the form).
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    const target = pressed instanceof HTMLButtonElement ? pressed : form;
    submit(target, { method: "post", action: form.getAttribute("action")! });
  };
  return (
    <ActionContext.Provider value={action}>
      <form method="post" action={action} onSubmit={hydrated ? onSubmit : undefined}>
        {children}
      </form>
    </ActionContext.Provider>
  );
}
