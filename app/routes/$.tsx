import type { MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/components/error-pages";

// Unknown paths: a real 404 status, rendered inside the site layout.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found | Dental Clinic" }];

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
