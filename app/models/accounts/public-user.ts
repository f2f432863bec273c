import type { User } from "@prisma/client";

/** A signed-in user as the spec's API and the pages show them (never a hash or a token). */
export type PublicUser = {
  _id: string;
  name: string;
  email: string;
  userImage: string;
  address: string;
  provider: "local" | "google";
};

export function toPublicUser(user: User): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    userImage: user.userImage,
    address: user.address,
    provider: user.provider === "google" ? "google" : "local",
  };
}
