import { addFamilyMember, listFamily } from "~/models/family/members.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * `GET /api/me/family` -> {success, members}: the family members the token's account looks
 * after (id, name, dateOfBirth, relationship, permissions, ownAccount).
 */
const list = apiRoute({
  method: "GET",
  auth: true,
  handler: async ({ user }) => apiJson({ success: true, members: await listFamily(user.id) }),
});

/**
 * `POST /api/me/family` {name, dateOfBirth (YYYY-MM-DD), relationship, phone?, allergies?,
 * conditions?, book?, messages?, forms?, visits?} -> 201 {success, message, member}: a family
 * member without a login of their own, whom `POST /api/create-appointment` then books as
 * its `patient` (docs/decisions/049-families.md).
 */
const add = apiRoute({
  method: "POST",
  auth: true,
  handler: async ({ body, user }) => {
    const result = await addFamilyMember(user, body);
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message, member: result.member }, 201);
  },
});

export const loader = list.loader;
export const action = add.action;
