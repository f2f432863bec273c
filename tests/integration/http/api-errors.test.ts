// Every /api route, and the booking form's free-slots and free-days resources, answer JSON when the
// domain throws: a 500 { success: false, message } with the route's message (logged), or,
// for a busy database, a 503 with Retry-After that says to try again.
import { Prisma } from "@prisma/client";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as unknownRoute } from "~/routes/api.$";
import { action as createAppointment } from "~/routes/api.create-appointment";
import { action as createProduct } from "~/routes/api.create-product";
import { action as createReview } from "~/routes/api.create-review";
import { action as forgotPassword } from "~/routes/api.forgot-password";
import { loader as oneProduct } from "~/routes/api.get-product.$id";
import { loader as allProducts } from "~/routes/api.get-product._index";
import { action as login } from "~/routes/api.login";
import { loader as productCount } from "~/routes/api.product-count";
import { action as productFilters } from "~/routes/api.product-filters";
import { loader as productList } from "~/routes/api.product-list.$page";
import { action as profile } from "~/routes/api.profile";
import { action as register } from "~/routes/api.register";
import { loader as reviews } from "~/routes/api.reviews";
import { loader as userAuth } from "~/routes/api.user-auth";
import { loader as freeDays } from "~/routes/resources.free-days";
import { loader as freeSlots } from "~/routes/resources.free-slots";
import { prisma } from "~/infra/db.server";
import { clearReadCache } from "~/infra/read-cache.server";
import { DATABASE_BUSY_MESSAGE, TRY_AGAIN_MESSAGE } from "~/utils/result";
import { freshIp, jsonRequest } from "../../support/auth-helpers";
import { MONDAY, upcoming } from "../../support/clinic-dates";
import { createService as insertService, createUser, sessionFor } from "../../support/factories";

const SOMETHING_WENT_WRONG = "Something went wrong";

let token: string;
let serviceId: string;

beforeAll(async () => {
  const user = await createUser();
  ({ token } = await sessionFor(user));
  serviceId = (await insertService()).id;
});

const repairs: Array<() => void> = [];

afterEach(() => {
  for (const repair of repairs.splice(0)) repair();
  vi.restoreAllMocks();
  // A failed read is never cached, but a read cached before the failure would hide it.
  clearReadCache();
});

type Args = LoaderFunctionArgs & ActionFunctionArgs;
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { clientIp: freshIp() } }) as unknown as Args;
const getting = (path: string, params?: Record<string, string>) =>
  args(new Request(`http://localhost${path}`, { headers: { authorization: token } }), params);
const sending = (path: string, method: string, body: unknown) =>
  args(jsonRequest(path, method, body, { authorization: `Bearer ${token}` }));

/**
 * A model's delegate, "$client" for the client's own methods (raw SQL), or "$adapter" for
 * the database adapter's (SQLite's reads beside Prisma).
 */
type Model = "service" | "review" | "user" | "session" | "appointment" | "$client" | "$adapter";
type Case = {
  route: string;
  call: () => Promise<Response>;
  /** The Prisma call the route's domain function makes, made to throw. */
  breaks: [Model, string];
  message: string;
  /** The body of a refusal, when the route adds keys the spec's clients read. */
  shape?: (message: string) => Record<string, unknown>;
};

const cases: Case[] = [
  {
    route: "GET /api/product-count",
    call: () => productCount(getting("/api/product-count")),
    breaks: ["service", "count"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "GET /api/product-list/{page}",
    call: () => productList(getting("/api/product-list/1", { page: "1" })),
    breaks: ["service", "findMany"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "POST /api/product-filters",
    call: () => productFilters(sending("/api/product-filters", "POST", { checked: ["Cosmetic"] })),
    breaks: ["service", "count"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "GET /api/reviews",
    call: () => reviews(getting("/api/reviews")),
    breaks: ["review", "findMany"],
    message: "Something Went Wrong",
  },
  {
    route: "GET /api/get-product",
    call: () => allProducts(getting("/api/get-product")),
    breaks: ["service", "findMany"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "GET /api/get-product/{id}",
    call: () => oneProduct(getting(`/api/get-product/${serviceId}`, { id: serviceId })),
    breaks: ["service", "findFirst"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "POST /api/login",
    call: () =>
      login(sending("/api/login", "POST", { email: "a@example.com", password: "secret1" })),
    breaks: ["user", "findUnique"],
    message: SOMETHING_WENT_WRONG,
  },
  {
    route: "POST /api/register",
    call: () =>
      register(
        sending("/api/register", "POST", {
          name: "Ada",
          email: "ada-errors@example.com",
          password: "secret1",
          userImage: "https://example.com/a.png",
        }),
      ),
    breaks: ["user", "findUnique"],
    message: SOMETHING_WENT_WRONG,
  },
  {
    route: "POST /api/forgot-password",
    call: () =>
      forgotPassword(
        sending("/api/forgot-password", "POST", { email: "a@example.com", newPassword: "secret2" }),
      ),
    breaks: ["user", "findUnique"],
    message: SOMETHING_WENT_WRONG,
  },
  {
    route: "PUT /api/profile",
    call: () => profile(sending("/api/profile", "PUT", { name: "New Name" })),
    breaks: ["user", "update"],
    message: SOMETHING_WENT_WRONG,
    shape: (message) => ({ success: false, error: message, message }),
  },
  {
    route: "GET /api/user-auth",
    // A write first: a session lookup is kept until a session or account changes (ADR 046),
    // and the broken lookup must really run.
    call: async () => {
      await prisma.$executeRawUnsafe(`UPDATE "Session" SET "expiresAt" = "expiresAt"`);
      return userAuth(getting("/api/user-auth"));
    },
    breaks: ["session", "findUnique"],
    message: TRY_AGAIN_MESSAGE,
    shape: (message) => ({ ok: false, success: false, message }),
  },
  {
    route: "POST /api/create-product",
    call: () =>
      createProduct(
        sending("/api/create-product", "POST", {
          name: "Doomed Service",
          description: "Never stored.",
          price: 10,
          photo: "https://example.com/p.png",
        }),
      ),
    breaks: ["service", "create"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "POST /api/create-review",
    call: () =>
      createReview(
        sending("/api/create-review", "POST", {
          service: serviceId,
          name: "Grace",
          message: "Never stored.",
          rating: 5,
        }),
      ),
    breaks: ["review", "create"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "POST /api/create-appointment",
    call: () =>
      createAppointment(
        sending("/api/create-appointment", "POST", {
          service: serviceId,
          name: "Ada",
          email: "ada@example.com",
          phone: "555 0100",
          date: upcoming(MONDAY, 2),
          time: "10:00",
          message: "Never stored.",
        }),
      ),
    // The booking's first read: the service it names.
    breaks: ["service", "findFirst"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "GET /resources/free-slots",
    call: () => freeSlots(getting(`/resources/free-slots?date=${upcoming(MONDAY, 2)}`)),
    // The day's holds, read with raw SQL.
    breaks: ["$client", "$queryRaw"],
    message: TRY_AGAIN_MESSAGE,
  },
  {
    route: "GET /resources/free-days",
    call: () => freeDays(getting(`/resources/free-days?service=${serviceId}`)),
    // The days' holds: read beside Prisma, through the adapter (readCommitted).
    breaks: ["$adapter", "readCommitted"],
    message: TRY_AGAIN_MESSAGE,
  },
];

/**
 * Makes one Prisma model method reject. Prisma's model delegates are proxies whose methods
 * vi.spyOn cannot restore, so the method is swapped by hand and put back after the test.
 */
function breakModel([model, method]: [Model, string], error: unknown) {
  const delegate = (model === "$client"
    ? prisma
    : model === "$adapter"
      ? globalThis.__prisma!.adapter
      : prisma[model]) as unknown as Record<string, unknown>;
  const ownBefore = Object.prototype.hasOwnProperty.call(delegate, method);
  const original = delegate[method];
  const broken = vi.fn().mockRejectedValue(error);
  delegate[method] = broken;
  repairs.push(() => {
    // The client's methods live on its prototype: shadowed here, so the shadow goes.
    if (ownBefore) delegate[method] = original;
    else delete delegate[method];
  });
  return broken;
}

function busyError([model]: [Model, string]) {
  // better-sqlite3's own error, as the adapter's reads beside Prisma throw it.
  if (model === "$adapter")
    return Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
  return new Prisma.PrismaClientKnownRequestError("Operation has timed out", {
    code: "P1008",
    clientVersion: Prisma.prismaVersion.client,
    meta: {
      driverAdapterError: {
        name: "DriverAdapterError",
        cause: { originalCode: "SQLITE_BUSY", originalMessage: "database is locked" },
      },
    },
  });
}

describe.each(cases)("$route", ({ call, breaks, message, shape }) => {
  const body = (text: string) => (shape ?? ((m: string) => ({ success: false, message: m })))(text);

  it("answers a thrown error with JSON 500 and the route's message, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = breakModel(breaks, new Error("disk on fire"));
    const response = await call();
    expect(broken).toHaveBeenCalled();
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(body(message));
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/failed$/), expect.any(Error));
  });

  it("answers a busy database with 503, Retry-After and a message to try again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    breakModel(breaks, busyError(breaks));
    const response = await call();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.json()).toEqual(body(DATABASE_BUSY_MESSAGE));
  });
});

describe("an /api path that names no route", () => {
  it("is a JSON 404 for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await unknownRoute(
        args(new Request("http://localhost/api/nope", { method })),
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, message: "No such API route" });
    }
  });
});
