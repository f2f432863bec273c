import type { User } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { action as createAppointment } from "~/routes/api.create-appointment";
import {
  action as createProductRoute,
  loader as createProductGet,
} from "~/routes/api.create-product";
import { action as createReview } from "~/routes/api.create-review";
import { loader as freeSlots } from "~/routes/resources.free-slots";
import { prisma } from "~/infra/db.server";
import { HTTP_URL_MESSAGE } from "~/validation/fields";
import { PRICE_MESSAGE, UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { actionArgs, get, jsonRequest, loaderArgs, settle } from "../../support/auth-helpers";
import { MONDAY, SUNDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor } from "../../support/factories";

let user: User;
let token: string;
let cookie: string;
let serviceId: string;

beforeAll(async () => {
  user = await createUser();
  ({ token, cookie } = await sessionFor(user));
  serviceId = (await createService({ name: "Scale and Polish" })).id;
});

type Route = typeof createProductRoute;

function post(route: Route, path: string, body: unknown, headers?: Record<string, string>) {
  return settle(() =>
    route(
      actionArgs(jsonRequest(path, "POST", body, headers ?? { authorization: `Bearer ${token}` })),
    ),
  );
}

const goodProduct = {
  name: "Gum Contouring",
  description: "Laser reshaping of an uneven gum line.",
  price: 349.5,
  photo: "https://images.example/gum.png",
};
const goodReview = { service: "", name: "Grace", message: "Gentle and quick.", rating: "5" };
const goodAppointment = () => ({
  service: serviceId,
  name: "Ada",
  email: "ada@example.com",
  phone: "555 0100",
  date: upcoming(MONDAY, 1),
  time: "09:00",
  message: "Check-up",
});

const routes: Array<[string, Route, string, () => Record<string, unknown>]> = [
  ["create-product", createProductRoute, "/api/create-product", () => goodProduct],
  [
    "create-review",
    createReview,
    "/api/create-review",
    () => ({ ...goodReview, service: serviceId }),
  ],
  ["create-appointment", createAppointment, "/api/create-appointment", goodAppointment],
];

describe.each(routes)("POST /api/%s", (_name, route, path, body) => {
  it("refuses a missing or unknown token with 401 { success: false, message }", async () => {
    const missing = await post(route, path, body(), {});
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      success: false,
      message: "Please login first: a valid token is required",
    });
    const unknown = await post(route, path, body(), { authorization: "Bearer not-a-token" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ success: false });
  });

  it("refuses a body that is not a JSON object with 400", async () => {
    expect(await post(route, path, "{not json")).toMatchObject({
      status: 400,
      body: { success: false, message: "Request body must be valid JSON" },
    });
    expect(await post(route, path, "[1,2]")).toMatchObject({
      status: 400,
      body: { success: false, message: "Request body must be a JSON object" },
    });
  });

  it("answers an empty body with 'Fill All Details' and stores nothing", async () => {
    const before = await Promise.all([
      prisma.service.count(),
      prisma.review.count(),
      prisma.appointment.count(),
    ]);
    expect(await post(route, path, {})).toMatchObject({
      status: 400,
      body: { success: false, message: "Fill All Details" },
    });
    expect(
      await Promise.all([
        prisma.service.count(),
        prisma.review.count(),
        prisma.appointment.count(),
      ]),
    ).toEqual(before);
  });

  it("refuses other methods with 405", async () => {
    const result = await settle(() => route(actionArgs(jsonRequest(path, "PUT", body()))));
    expect(result.status).toBe(405);
    expect(result.body).toMatchObject({ success: false });
  });
});

describe("POST /api/create-product", () => {
  it("creates the service with a unique slug, the category and the price in cents", async () => {
    const first = await post(createProductRoute, "/api/create-product", goodProduct);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      message: "Product Created Successfully",
      product: { slug: "gum-contouring", category: "Preventive", price: 349.5 },
    });
    const second = await post(createProductRoute, "/api/create-product", {
      ...goodProduct,
      price: "120",
      category: "Cosmetic",
    });
    expect(second.body).toMatchObject({
      product: { slug: "gum-contouring-2", category: "Cosmetic" },
    });
    const stored = await prisma.service.findUniqueOrThrow({ where: { slug: "gum-contouring-2" } });
    expect(stored).toMatchObject({ priceCents: 12000, createdById: user.id });

    const odd = await post(createProductRoute, "/api/create-product", {
      ...goodProduct,
      name: "  Ästhetik & Zähne!!  ",
    });
    expect(odd.body).toMatchObject({
      product: { slug: "asthetik-zahne", name: "Ästhetik & Zähne!!" },
    });
    const symbols = await post(createProductRoute, "/api/create-product", {
      ...goodProduct,
      name: "✨✨",
    });
    expect(symbols.body).toMatchObject({ product: { slug: "service" } });
  });

  it("gives each of several same-named services created at once its own slug", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(createProductRoute, "/api/create-product", {
          ...goodProduct,
          name: "Night Guard Fit",
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
    const slugs = results.map((result) => (result.body?.product as { slug: string }).slug);
    expect(new Set(slugs).size).toBe(8);
  });

  it("reports the first problem in the spec's order", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ description: "d", price: 1, photo: "https://a.example/x.png" }, "please Enter your Name"],
      [{ name: "n", price: 1, photo: "https://a.example/x.png" }, "please Enter your description"],
      [
        { name: "n", description: "d", photo: "https://a.example/x.png" },
        "please Enter your price",
      ],
      [{ name: "n", description: "d", price: 1 }, "please Enter your photo"],
      [{ ...goodProduct, price: -3 }, PRICE_MESSAGE],
      [{ ...goodProduct, price: "free" }, PRICE_MESSAGE],
      [{ ...goodProduct, photo: "javascript:alert(1)" }, HTTP_URL_MESSAGE],
    ];
    for (const [body, message] of cases) {
      expect(await post(createProductRoute, "/api/create-product", body)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });

  it("accepts the raw token and the session cookie too, and refuses GET", async () => {
    const raw = await post(createProductRoute, "/api/create-product", goodProduct, {
      authorization: token,
    });
    expect(raw.status).toBe(201);
    const viaCookie = await post(createProductRoute, "/api/create-product", goodProduct, {
      cookie,
    });
    expect(viaCookie.status).toBe(201);
    const response = await createProductGet(loaderArgs(get("/api/create-product")));
    expect(response.status).toBe(405);
  });
});

describe("POST /api/create-review", () => {
  it("stores the review with its service and author; rating as '1'..'5' or 1..5", async () => {
    const asText = await post(createReview, "/api/create-review", {
      ...goodReview,
      service: serviceId,
    });
    expect(asText).toMatchObject({
      status: 201,
      body: {
        success: true,
        message: "review Created Successfully",
        review: { name: "Grace", rating: 5, service: { _id: serviceId } },
      },
    });
    const asNumber = await post(createReview, "/api/create-review", {
      ...goodReview,
      service: serviceId,
      rating: 2,
      message: "Numbers work too.",
    });
    expect(asNumber.status).toBe(201);
    const stored = await prisma.review.findFirstOrThrow({
      where: { message: "Numbers work too." },
    });
    expect(stored).toMatchObject({ rating: 2, serviceId, userId: user.id });
  });

  it("reports the first problem in the spec's order and refuses unknown services", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ service: serviceId, message: "m", rating: 5 }, "please Enter your Name"],
      [{ name: "n", message: "m", rating: 5 }, "please Enter your service"],
      [{ name: "n", service: serviceId, rating: 5 }, "please Enter your message"],
      [{ name: "n", service: serviceId, message: "m" }, "please Enter your rating"],
      [
        { name: "n", service: serviceId, message: "m", rating: 6 },
        "Please choose a rating from 1 to 5",
      ],
      [
        { name: "n", service: serviceId, message: "m", rating: "0" },
        "Please choose a rating from 1 to 5",
      ],
      [{ name: "n", service: "nope", message: "m", rating: 5 }, UNKNOWN_SERVICE_MESSAGE],
      // Half a UTF-16 pair, which the database engine refuses to be asked about.
      [{ name: "n", service: "\ud800", message: "m", rating: 5 }, UNKNOWN_SERVICE_MESSAGE],
    ];
    for (const [body, message] of cases) {
      expect(await post(createReview, "/api/create-review", body)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });
});

describe("a JSON string holding half a UTF-16 pair", () => {
  it("is read as U+FFFD, as a browser sends it in a form, and stored so", async () => {
    const result = await post(createReview, "/api/create-review", {
      ...goodReview,
      service: serviceId,
      message: "Lone \ud800 and \udc00 halves",
    });
    expect(result.status).toBe(201);
    const stored = await prisma.review.findFirstOrThrow({
      where: { message: { startsWith: "Lone " } },
    });
    expect(stored.message).toBe("Lone \ufffd and \ufffd halves");
  });
});

describe("POST /api/create-appointment", () => {
  it("books and answers with the spec's message and the booking", async () => {
    const result = await post(createAppointment, "/api/create-appointment", goodAppointment());
    expect(result).toMatchObject({
      status: 201,
      body: {
        success: true,
        message: "Product Created Successfully",
        appointment: { date: upcoming(MONDAY, 1), time: "09:00", status: "booked" },
      },
    });
    const again = await post(createAppointment, "/api/create-appointment", goodAppointment());
    expect(again.status).toBe(409);
    expect(again.body?.message).toMatch(/^Sorry, that time is already booked\. Still free on /);
  });

  it("reports the first problem in the spec's order, then the service and the slot rules", async () => {
    const full = { ...goodAppointment(), date: upcoming(MONDAY, 2) };
    const without = (field: string) =>
      Object.fromEntries(Object.entries(full).filter(([key]) => key !== field));
    const cases: Array<[Record<string, unknown>, string]> = [
      [without("name"), "please Enter your Name"],
      [without("email"), "please Enter your email"],
      [without("phone"), "please Enter your phone"],
      [without("date"), "please Enter your date"],
      [without("time"), "please Enter your time"],
      [without("message"), "please Enter your message"],
      [{ ...full, service: "nope" }, UNKNOWN_SERVICE_MESSAGE],
      [
        { ...full, date: upcoming(SUNDAY) },
        "The clinic is closed on Sundays. We are open Monday to Saturday.",
      ],
      [
        { ...full, date: "2021-03-01" },
        "That date and time has already passed. Please choose a time in the future.",
      ],
    ];
    for (const [body, message] of cases) {
      expect(await post(createAppointment, "/api/create-appointment", body)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });
});

describe("GET /resources/free-slots", () => {
  it("lists the free times of a day, uncached, and refuses a malformed date", async () => {
    const date = upcoming(MONDAY, 3);
    const response = await freeSlots(loaderArgs(get(`/resources/free-slots?date=${date}`)));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { times: string[] };
    expect(body).toMatchObject({ success: true, date, message: null });
    expect(body.times).toHaveLength(16);
    const bad = await freeSlots(loaderArgs(get("/resources/free-slots?date=soon")));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      message: "Please enter the date as YYYY-MM-DD",
    });
  });
});
