// A null character (U+0000) in a request's text: PostgreSQL's text cannot store one (SQLite
// would), so the two readers of every write, the API's body and the pages' forms
// (app/http/api.server.ts, app/http/form-action.server.ts), refuse it with a message before a
// rule or a query sees it: a 400 on both engines, never the database's 500.
import { beforeAll, describe, expect, it } from "vitest";
import { NULL_CHARACTER_BODY_MESSAGE, NULL_CHARACTER_FORM_MESSAGE } from "~/validation/form";
import { prisma } from "~/infra/db.server";
import { action as createReview } from "~/routes/api.create-review";
import { action as addReview } from "~/routes/add-review";
import { actionArgs, formPost, jsonRequest, settle } from "../../support/auth-helpers";
import { createService, createUser, sessionFor } from "../../support/factories";

let token: string;
let serviceId: string;

beforeAll(async () => {
  ({ token } = await sessionFor(await createUser()));
  serviceId = (await createService({ name: "Null Check" })).id;
});

const review = (message: string) => ({ service: serviceId, name: "Grace", message, rating: "5" });
const reviews = () => prisma.review.count({ where: { serviceId } });

function apiPost(body: unknown, type = "application/json") {
  const request =
    type === "application/json"
      ? jsonRequest("/api/create-review", "POST", body, { authorization: `Bearer ${token}` })
      : new Request("http://localhost/api/create-review", {
          method: "POST",
          headers: { "content-type": type, authorization: `Bearer ${token}` },
          body: new URLSearchParams(body as Record<string, string>),
        });
  return settle(() => createReview(actionArgs(request)));
}

describe("a null character", () => {
  it("in a JSON body's text or names is refused with 400 and the API's message, storing nothing", async () => {
    for (const body of [review("Kind \u0000 staff"), { ...review("Fine"), "na\u0000me": "x" }]) {
      expect(await apiPost(body)).toMatchObject({
        status: 400,
        body: { success: false, message: NULL_CHARACTER_BODY_MESSAGE },
      });
    }
    expect(await reviews()).toBe(0);
    // The same body without it is stored: the refusal is the character's alone.
    expect((await apiPost(review("Kind staff"))).status).toBe(201);
    expect(await reviews()).toBe(1);
  });

  it("in a form posted to the API is refused the same way", async () => {
    expect(
      await apiPost(review("Kind \u0000 staff"), "application/x-www-form-urlencoded"),
    ).toMatchObject({ status: 400, body: { message: NULL_CHARACTER_BODY_MESSAGE } });
  });

  it("in a page's form is refused with the form's message, what was typed kept without it", async () => {
    const before = await reviews();
    const refused = await settle(() =>
      addReview(actionArgs(formPost("/add-review", review("Gentle \u0000 hands")))),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: NULL_CHARACTER_FORM_MESSAGE,
        values: { name: "Grace", message: "Gentle  hands" },
      },
    });
    expect(await reviews()).toBe(before);
  });
});
