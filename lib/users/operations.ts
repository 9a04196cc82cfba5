import { defineOperation } from "@/lib/http/operation";
import { ZUpdateProfile, ZUser } from "./schemas";

const tag = "Profile";

export const getProfileOp = defineOperation({
  method: "GET",
  path: "/api/v1/profile",
  summary: "The signed-in user, with access_token and account memberships",
  tag,
  callers: ["user"],
  response: ZUser,
});

export const updateProfileOp = defineOperation({
  method: "PUT",
  path: "/api/v1/profile",
  summary: "Update the signed-in user (name, email, signature, ui_settings, password)",
  tag,
  callers: ["user"],
  body: ZUpdateProfile,
  bodyKey: "profile",
  response: ZUser,
});

export const resetAccessTokenOp = defineOperation({
  method: "POST",
  path: "/api/v1/profile/reset_access_token",
  summary: "Rotate the user's access token; the previous value stops working at once",
  tag,
  callers: ["user"],
  response: ZUser,
});
