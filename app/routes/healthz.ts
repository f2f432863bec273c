import { prisma } from "~/utils/db.server";

// For the container HEALTHCHECK and load balancers: 200 only when the database answers.
export async function loader() {
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
    return Response.json(
      { status: "ok", database: "ok" },
      { headers: { "cache-control": "no-store" } },
    );
  } catch (error) {
    console.error("healthz: database check failed", error);
    return Response.json(
      { status: "error", database: "unavailable" },
      { status: 503, headers: { "cache-control": "no-store" } },
    );
  }
}
