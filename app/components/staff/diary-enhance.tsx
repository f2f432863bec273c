import { useFormAction, useNavigate, useSubmit } from "@remix-run/react";
import type { FormEvent, MouseEvent, ReactNode } from "react";
import { createContext, useContext } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * The diary's cards and free times are plain links and buttons (hundreds on a day: Remix's
 * Link and Form cost hooks each), all inside this one form: each button names what to do
 * and to which visit. Without JavaScript they work as they are; with it, this wrapper turns
 * their clicks and posts into Remix navigations and submissions, as Link and Form would.
 */
const ActionContext = createContext("/staff?index");

/** Where the cards' forms post: the diary's own address (with ?index), computed once. */
export function useDiaryFormAction() {
  return useContext(ActionContext);
}

export function DiaryEnhance({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const action = useFormAction();
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.("a[href^='/']");
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) {
      return;
    }
    event.preventDefault();
    navigate(link.getAttribute("href")!);
  };
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
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the links and buttons inside take the keys; this only routes what they do */}
      <form
        method="post"
        action={action}
        onClick={hydrated ? onClick : undefined}
        onSubmit={hydrated ? onSubmit : undefined}
      >
        {children}
      </form>
    </ActionContext.Provider>
  );
}
